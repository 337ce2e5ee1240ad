import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Executor, type KeyValueStore } from '@wps/platform';
import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, type Game } from '@wps/contracts';
import { likePattern, lobbyGameType, rngClassifiesFor, totalPages } from '../domain/lobby.js';
import { gameArtSvg, vendorArtSvg } from '../domain/game-art.js';
import { houseProductName } from '../domain/house-products.js';

export interface GameRow {
  node_id: string;
  vassalage: string;
  vendor_name: string;
  game_code: string;
  game_type: string;
  game_classify: string | null;
  name: string;
  is_hot: boolean;
  free_trial: boolean;
  is_game: 'GAME' | 'VASSALAGE';
  image_url: string | null;
}

/** The art the games service draws for a game (its node id), a vendor (`vendor-<code>`) or a house product (`product-<code>`). */
export const iconUrlOf = (id: string): string => `/lgw/games/icons/${id}.svg`;

/** A tile's pictures: the vendor's image when there is one, else the drawn art; and the drawn art for when it does not load. */
export function tileArt(imageUrl: string | null, drawnId: string): { iconUrl: string; fallbackIconUrl: string } {
  const fallbackIconUrl = iconUrlOf(drawnId);
  return { iconUrl: imageUrl ?? fallbackIconUrl, fallbackIconUrl };
}

export function toGame(row: GameRow): Game {
  const { iconUrl, fallbackIconUrl } = tileArt(row.image_url, row.node_id);
  return {
    nodeId: row.node_id,
    gameName: row.name,
    nodeName: row.name,
    iconUrl,
    showIcon: iconUrl,
    fallbackIconUrl,
    vassalage: row.vassalage,
    vendorName: row.vendor_name,
    gameCode: row.game_code,
    gameType: lobbyGameType(row.vassalage, row.game_type),
    isHot: row.is_hot ? 1 : 0,
    supportPlay: row.free_trial ? 0 : 1,
    isGame: row.is_game,
    gameClassify: row.game_classify,
  };
}

/** The category a game is listed under, in SQL, from the same vendor lists as `lobbyGameType`. */
const lobbyTypeSql = sql`CASE WHEN g.vassalage = ANY(${`{${ESPORTS_VENDORS.join(',')}}`}::text[]) THEN 'ESPORTS'
  WHEN g.vassalage = ANY(${`{${COCKFIGHT_VENDORS.join(',')}}`}::text[]) THEN 'COCKFIGHT' ELSE g.game_type END`;

export interface GameFilter {
  merchantCode: string;
  language: string;
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  hotOnly?: boolean;
  nodeIds?: SQL;
}

const columns = (language: string) => sql`g.node_id::text AS node_id, g.vassalage, g.game_code, g.game_type, g.game_classify,
  coalesce(g.names->>${language}, g.names->>'EN') AS name, coalesce(bg.is_hot, g.is_hot) AS is_hot, g.free_trial, v.is_game, v.display_name AS vendor_name, g.image_url`;

/** The brand's playable games: the game, its vendor and the brand's switches for both all on. */
function offeredGames(filter: GameFilter): { from: SQL; where: SQL; order: SQL } {
  const conditions: SQL[] = [sql`g.enabled AND v.enabled AND coalesce(bv.enabled, true) AND coalesce(bg.enabled, true)`];
  if (filter.gameType) conditions.push(sql`${lobbyTypeSql} = ${filter.gameType.toUpperCase()}`);
  if (filter.vassalage) conditions.push(sql`g.vassalage = ${filter.vassalage}`);
  if (filter.gameClassify) conditions.push(sql`g.game_classify = ${filter.gameClassify.toUpperCase()}`);
  if (filter.gameName) conditions.push(sql`coalesce(g.names->>${filter.language}, g.names->>'EN') ILIKE ${likePattern(filter.gameName)}`);
  if (filter.hotOnly) conditions.push(sql`coalesce(bg.is_hot, g.is_hot)`);
  if (filter.nodeIds) conditions.push(filter.nodeIds);
  return {
    from: sql`games.games g JOIN games.vendors v ON v.vassalage = g.vassalage
      LEFT JOIN games.brand_vendors bv ON bv.merchant_code = ${filter.merchantCode} AND bv.vassalage = g.vassalage
      LEFT JOIN games.brand_games bg ON bg.merchant_code = ${filter.merchantCode} AND bg.node_id = g.node_id`,
    where: sql.join(conditions, sql` AND `),
    order: sql`coalesce(bv.sort_order, v.sort_order), g.sort_order, g.node_id`,
  };
}

export class Catalogue {
  constructor(private readonly deps: { db: { orm: Executor }; cache: KeyValueStore; hotCacheMs: number }) {}

  async listGames(filter: GameFilter & { pageNo: number; pageSize: number }): Promise<{ games: Game[]; totalPages: number; pageNum: number; total: number }> {
    const query = offeredGames(filter);
    const found = await rows<GameRow & { total: number }>(
      this.deps.db.orm,
      sql`SELECT ${columns(filter.language)}, count(*) OVER ()::int AS total FROM ${query.from} WHERE ${query.where}
          ORDER BY ${query.order} LIMIT ${filter.pageSize} OFFSET ${(filter.pageNo - 1) * filter.pageSize}`,
    );
    let total = found[0]?.total;
    if (total === undefined) {
      const [counted] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM ${query.from} WHERE ${query.where}`);
      total = counted?.n ?? 0;
    }
    return { games: found.map(toGame), totalPages: totalPages(total, filter.pageSize), pageNum: filter.pageNo, total };
  }

  /** Hot games change rarely and every lobby asks for them: kept in the shared cache for a short while. */
  async hotGames(filter: GameFilter): Promise<{ list: Game[] }> {
    const key = `games:hot:${filter.merchantCode}:${filter.language}:${filter.gameType ?? ''}:${filter.vassalage ?? ''}`;
    const cached = await this.deps.cache.get(key);
    if (cached) return JSON.parse(cached) as { list: Game[] };
    const query = offeredGames({ ...filter, hotOnly: true });
    const found = await rows<GameRow>(this.deps.db.orm, sql`SELECT ${columns(filter.language)} FROM ${query.from} WHERE ${query.where} ORDER BY ${query.order} LIMIT 200`);
    const value = { list: found.map(toGame) };
    await this.deps.cache.set(key, JSON.stringify(value), this.deps.hotCacheMs);
    return value;
  }

  /** Games by how often they were launched, most first. */
  async rank(filter: GameFilter): Promise<{ list: Game[] }> {
    const query = offeredGames(filter);
    const found = await rows<GameRow>(this.deps.db.orm, sql`SELECT ${columns(filter.language)} FROM ${query.from} WHERE ${query.where} ORDER BY g.launches DESC, ${query.order} LIMIT 20`);
    return { list: found.map(toGame) };
  }

  /** Games of the brand among the given ids, in the order of the ids' SQL (favourites, recents). */
  async gamesWhere(filter: GameFilter, orderedIds: SQL, pageNo: number, pageSize: number): Promise<{ games: Game[]; total: number }> {
    const query = offeredGames(filter);
    const found = await rows<GameRow & { total: number }>(
      this.deps.db.orm,
      sql`SELECT ${columns(filter.language)}, count(*) OVER ()::int AS total FROM ${query.from} JOIN (${orderedIds}) picked ON picked.node_id = g.node_id
          WHERE ${query.where} ORDER BY picked.position LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`,
    );
    let total = found[0]?.total;
    if (total === undefined) {
      const [counted] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM ${query.from} JOIN (${orderedIds}) picked ON picked.node_id = g.node_id WHERE ${query.where}`);
      total = counted?.n ?? 0;
    }
    return { games: found.map(toGame), total };
  }

  /** One game as the brand offers it; NOT_FOUND when it does not exist, GAME_MAINTENANCE when it or its vendor is off. */
  async offeredGame(merchantCode: string, language: string, nodeId: string): Promise<{ game: Game; adapter: string; walletStyle: string; launchUrl: string | null }> {
    const [row] = await rows<GameRow & { available: boolean; adapter: string; wallet_style: string; launch_url: string | null }>(
      this.deps.db.orm,
      sql`SELECT ${columns(language)}, (g.enabled AND v.enabled AND coalesce(bv.enabled, true) AND coalesce(bg.enabled, true)) AS available,
            v.adapter, v.wallet_style, v.launch_url
          FROM ${offeredGames({ merchantCode, language }).from} WHERE g.node_id = ${nodeId}`,
    );
    if (!row) throw new AppError('GAME_NOT_FOUND');
    if (!row.available) throw new AppError('GAME_MAINTENANCE');
    return { game: toGame(row), adapter: row.adapter, walletStyle: row.wallet_style, launchUrl: row.launch_url };
  }

  /** Vendor lanes per category, the brand's enabled vendors in the brand's order. */
  async vendorLanes(input: { merchantCode: string; brandLanguages: readonly string[] }) {
    const vendors = await rows<{ vassalage: string; display_name: string; game_type: string; classifies: string[] | null; game_types: string[] | null }>(
      this.deps.db.orm,
      sql`SELECT v.vassalage, v.display_name, v.game_type,
            (SELECT array_agg(DISTINCT g.game_classify) FROM games.games g WHERE g.vassalage = v.vassalage AND g.enabled AND g.game_classify IS NOT NULL) AS classifies,
            (SELECT array_agg(DISTINCT g.game_type) FROM games.games g WHERE g.vassalage = v.vassalage AND g.enabled) AS game_types
          FROM games.vendors v LEFT JOIN games.brand_vendors bv ON bv.merchant_code = ${input.merchantCode} AND bv.vassalage = v.vassalage
          WHERE v.enabled AND coalesce(bv.enabled, true)
            AND EXISTS (SELECT 1 FROM games.games g WHERE g.vassalage = v.vassalage AND g.enabled)
          ORDER BY coalesce(bv.sort_order, v.sort_order), v.vassalage`,
    );
    const shownClassifies = rngClassifiesFor(input.brandLanguages);
    const lanes = new Map<
      string,
      { title: string; cards: Array<{ vassalage: string; displayName: string; gameType: string; lagerIcon: string }>; gameClassify: Array<{ code: string; vendors: string[] }> }
    >();
    const addCard = (vendor: (typeof vendors)[number], title: string) => {
      const lane = lanes.get(title) ?? { title, cards: [], gameClassify: [] };
      lanes.set(title, lane);
      lane.cards.push({ vassalage: vendor.vassalage, displayName: vendor.display_name, gameType: title, lagerIcon: iconUrlOf(`vendor-${vendor.vassalage}`) });
      return lane;
    };
    // A vendor whose games span several categories (the house vendor) is also a card in the lanes of its other games,
    // after that lane's own vendors, so the lanes keep the order their own vendors give them.
    const laterCards: Array<[(typeof vendors)[number], string]> = [];
    for (const vendor of vendors) {
      const title = lobbyGameType(vendor.vassalage, vendor.game_type);
      const lane = addCard(vendor, title);
      const gameTypes = typeof vendor.game_types === 'string' ? parsePgArray(vendor.game_types) : (vendor.game_types ?? []);
      for (const other of new Set(gameTypes.map((type) => lobbyGameType(vendor.vassalage, type)))) if (other !== title) laterCards.push([vendor, other]);
      const classifies = typeof vendor.classifies === 'string' ? parsePgArray(vendor.classifies) : (vendor.classifies ?? []);
      if (title !== 'RNG') continue;
      for (const code of shownClassifies) {
        if (!classifies.includes(code)) continue;
        let entry = lane.gameClassify.find((candidate) => candidate.code === code);
        if (!entry) lane.gameClassify.push((entry = { code, vendors: [] }));
        entry.vendors.push(vendor.vassalage);
      }
    }
    for (const [vendor, title] of laterCards) addCard(vendor, title);
    for (const lane of lanes.values()) lane.gameClassify.sort((a, b) => shownClassifies.indexOf(a.code) - shownClassifies.indexOf(b.code));
    return { data: { lanes: [...lanes.values()] } };
  }

  /**
   * Sets or clears a game's vendor image, for every brand at once. Lists already held (the hot games for up to
   * GAMES_HOT_CACHE_MS, the gateway's public answers for two seconds) show it when they are read again.
   */
  async setImage(input: { nodeId: string; imageUrl: string | null }): Promise<{ nodeId: string; imageUrl: string | null; iconUrl: string; fallbackIconUrl: string }> {
    const [game] = await rows<{ node_id: string; image_url: string | null }>(
      this.deps.db.orm,
      sql`UPDATE games.games SET image_url = ${input.imageUrl} WHERE node_id = ${input.nodeId} RETURNING node_id::text AS node_id, image_url`,
    );
    if (!game) throw new AppError('GAME_NOT_FOUND');
    return { nodeId: game.node_id, imageUrl: game.image_url, ...tileArt(game.image_url, game.node_id) };
  }

  async icon(id: string): Promise<{ svg: string } | null> {
    if (id.startsWith('product-')) {
      // A house product without a tile of its own (the sportsbook), drawn in the house's colour.
      const code = id.slice(8);
      const name = houseProductName(code, 'EN');
      if (!name) return null;
      const [house] = await rows<{ icon_color: string }>(this.deps.db.orm, sql`SELECT icon_color FROM games.vendors WHERE vassalage = 'HOUSE'`);
      return { svg: gameArtSvg({ code, name, gameType: 'SPORTS', color: house?.icon_color ?? '#b45309' }) };
    }
    if (id.startsWith('vendor-')) {
      const [vendor] = await rows<{ display_name: string; vassalage: string; game_type: string; icon_color: string }>(
        this.deps.db.orm,
        sql`SELECT display_name, vassalage, game_type, icon_color FROM games.vendors WHERE vassalage = ${id.slice(7)}`,
      );
      return vendor ? { svg: vendorArtSvg({ code: vendor.vassalage, name: vendor.display_name, gameType: lobbyGameType(vendor.vassalage, vendor.game_type), color: vendor.icon_color }) } : null;
    }
    const [game] = await rows<{ name: string; vassalage: string; game_code: string; game_type: string; icon_color: string }>(
      this.deps.db.orm,
      sql`SELECT g.names->>'EN' AS name, g.vassalage, g.game_code, g.game_type, v.icon_color FROM games.games g JOIN games.vendors v ON v.vassalage = g.vassalage WHERE g.node_id = ${id}`,
    );
    return game ? { svg: gameArtSvg({ code: game.game_code, name: game.name, gameType: lobbyGameType(game.vassalage, game.game_type), color: game.icon_color }) } : null;
  }
}

/** node-postgres returns text[] parsed, PGlite may return the literal `{a,b}`. */
const parsePgArray = (literal: string): string[] =>
  literal
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
