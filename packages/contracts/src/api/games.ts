import { z } from 'zod';
import { edgeUseCase, serviceUseCase } from '../use-case.js';
import { favouriteBodySchema, GAME_ICON_ID_PATTERN, gameMenuQuerySchema, gamesRpc, lobbyClientFields, recentQuerySchema, WINNER_BOARD_LIMIT } from '../games.js';
import { LOTTERY_LAUNCH_FIELDS, lotteryLaunchParamsSchema, openedNumbersQuerySchema } from '../lottery.js';
import { walletRpc } from '../wallet.js';
import { decimalIdSchema } from '../ids.js';
import { optionalQueryText, pathIdText, queryWithBlanksAbsent } from './fields.js';

/** Lobby answers are the same for every guest of a brand and language; a burst costs one service call per query. */
const PUBLIC_LOBBY_CACHE_MS = 2_000;
const LOBBY = { merchantCode: 'brandCode', language: 'interfaceLanguage', brandLanguages: 'brandLanguages' } as const;
const MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode' } as const;
/** The VN lottery vendor, whose draws the public VN call serves (spec §7). */
const VN_LOTTERY_VENDOR = 'TCG_LOTTO_VN';

const hotQuerySchema = z.object({ ...lobbyClientFields, gameType: optionalQueryText(40), vassalage: optionalQueryText(40), language: z.string().max(10).optional() });
const winnersQuerySchema = z.object({
  gameCategory: z.string().max(40).optional(),
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT).catch(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT),
});
const favouriteListQuerySchema = gameMenuQuerySchema.extend({ pageSize: z.coerce.number().int().min(1).max(999).catch(18).default(18) });

/**
 * `POST /wps/game/launchGame`: the game's nodeId, and from the lottery pages the spec's launch fields. Any of those but
 * `language` marks a lottery launch; a bad one is refused naming itself.
 */
const launchRequestSchema = z
  .object({
    nodeId: z.union([decimalIdSchema, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]).transform(String),
  })
  .catchall(z.unknown())
  .transform((fields, ctx) => {
    const given = Object.fromEntries(LOTTERY_LAUNCH_FIELDS.filter((field) => fields[field] !== undefined && fields[field] !== '').map((field) => [field, fields[field]]));
    if (Object.keys(given).every((field) => field === 'language')) return { nodeId: fields.nodeId };
    const parsed = lotteryLaunchParamsSchema.safeParse(given);
    if (parsed.success) return { nodeId: fields.nodeId, lottery: parsed.data };
    const field = String(parsed.error.issues[0]?.path[0] ?? 'lottery');
    ctx.addIssue({ code: 'custom', path: [field], message: `invalid ${field}`, params: { errorCode: 'LOTTERY_PARAM_INVALID' } });
    return z.NEVER;
  });

const gameMenu = (id: string, path: string) =>
  serviceUseCase({
    id,
    summary: 'The brand’s games, filtered by type, vendor, classification and name, paged',
    tag: 'Lobby',
    method: 'GET',
    paths: [path],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    publicCacheMs: PUBLIC_LOBBY_CACHE_MS,
    request: queryWithBlanksAbsent(gameMenuQuerySchema),
    response: gamesRpc.listGames.output,
    operation: { service: 'games', method: 'listGames' },
    context: LOBBY,
  });

export const gamesUseCases = {
  listGames: gameMenu('listGames', '/lgw/games/game_menus'),
  listVnGames: gameMenu('listVnGames', '/lgw/vn/games/game_menu'),
  hotGames: serviceUseCase({
    id: 'hotGames',
    summary: 'Hot games of the brand, by type and vendor',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/hot'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    publicCacheMs: PUBLIC_LOBBY_CACHE_MS,
    request: queryWithBlanksAbsent(hotQuerySchema),
    response: gamesRpc.hotGames.output,
    operation: { service: 'games', method: 'hotGames' },
    context: LOBBY,
  }),
  vendorLanes: serviceUseCase({
    id: 'vendorLanes',
    summary: 'Vendor lanes of the lobby, per game type',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/vendors'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    publicCacheMs: PUBLIC_LOBBY_CACHE_MS,
    request: z.object({ platform: lobbyClientFields.platform, language: z.string().max(10).optional() }),
    response: gamesRpc.vendorLanes.output,
    operation: { service: 'games', method: 'vendorLanes' },
    context: LOBBY,
  }),
  recentGames: serviceUseCase({
    id: 'recentGames',
    summary: 'Games the member launched lately, newest first',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/vn/games/game_menu/recent'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: queryWithBlanksAbsent(recentQuerySchema),
    response: gamesRpc.recentGames.output,
    operation: { service: 'games', method: 'recentGames' },
    context: { ...MEMBER, language: 'interfaceLanguage' },
  }),
  favouriteGames: serviceUseCase({
    id: 'favouriteGames',
    summary: 'The member’s favourite games, paged',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/wps/relay/MCSFE_getFavoriteGameV2'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: queryWithBlanksAbsent(favouriteListQuerySchema),
    response: gamesRpc.favouriteGames.output,
    operation: { service: 'games', method: 'favouriteGames' },
    context: { ...MEMBER, language: 'interfaceLanguage' },
  }),
  favouriteIds: serviceUseCase({
    id: 'favouriteIds',
    summary: 'The nodeIds of the member’s favourite games',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/wps/relay/MCSFE_getFavoriteGameIds'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({}),
    response: gamesRpc.favouriteIds.output,
    operation: { service: 'games', method: 'favouriteIds' },
    context: MEMBER,
  }),
  addFavourite: serviceUseCase({
    id: 'addFavourite',
    summary: 'Adds a game to the member’s favourites (idempotent)',
    tag: 'Lobby',
    method: 'POST',
    paths: ['/wps/relay/MCSFE_addFavoriteGameV2'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: favouriteBodySchema,
    response: gamesRpc.setFavourite.output,
    operation: { service: 'games', method: 'setFavourite' },
    context: MEMBER,
    fixed: { favorite: true },
  }),
  removeFavourite: serviceUseCase({
    id: 'removeFavourite',
    summary: 'Removes a game from the member’s favourites (idempotent)',
    tag: 'Lobby',
    method: 'DELETE',
    paths: ['/wps/relay/MCSFE_removeFavoriteGameV2'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: favouriteBodySchema,
    response: gamesRpc.setFavourite.output,
    operation: { service: 'games', method: 'setFavourite' },
    context: MEMBER,
    fixed: { favorite: false },
  }),
  launchGame: serviceUseCase({
    id: 'launchGame',
    summary: 'Launches a game: records it in recents and answers how the client opens it',
    tag: 'Lobby',
    method: 'POST',
    paths: ['/wps/game/launchGame'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: launchRequestSchema,
    response: gamesRpc.launchGame.output,
    operation: { service: 'games', method: 'launchGame' },
    context: { ...MEMBER, account: 'account', type: 'memberType', currency: 'currency', language: 'language' },
  }),
  recallBalance: edgeUseCase({
    id: 'recallBalance',
    summary: 'Moves money back from transfer-style vendors and answers the balance',
    tag: 'Lobby',
    method: 'POST',
    paths: ['/wps/game/recall'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({}),
    response: z.object({ balance: z.string(), currency: z.string() }),
    operation: { edge: 'recallBalance' },
  }),
  winners: serviceUseCase({
    id: 'winners',
    summary: 'The brand’s winner board',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/winners'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    publicCacheMs: PUBLIC_LOBBY_CACHE_MS,
    request: winnersQuerySchema,
    response: gamesRpc.winners.output,
    operation: { service: 'games', method: 'winners' },
    context: { merchantCode: 'brandCode', language: 'interfaceLanguage' },
  }),
  jackpot: serviceUseCase({
    id: 'jackpot',
    summary: 'The brand’s progressive jackpot pools',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/jackpot'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({}),
    response: walletRpc.jackpotPool.output,
    operation: { service: 'wallet', method: 'jackpotPool' },
    context: { merchantCode: 'brandCode', currency: 'brandCurrency' },
  }),
  announcements: serviceUseCase({
    id: 'gameAnnouncements',
    summary: 'The brand’s game announcements for the lobby strip',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/announcements'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    publicCacheMs: PUBLIC_LOBBY_CACHE_MS,
    request: z.object({}),
    response: gamesRpc.announcements.output,
    operation: { service: 'games', method: 'announcements' },
    context: { merchantCode: 'brandCode', language: 'interfaceLanguage' },
  }),
  rank: serviceUseCase({
    id: 'rank',
    summary: 'The brand’s most played games, by type',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/rank'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    publicCacheMs: PUBLIC_LOBBY_CACHE_MS,
    request: z.object({ gameType: optionalQueryText(40) }),
    response: gamesRpc.rank.output,
    operation: { service: 'games', method: 'rank' },
    context: LOBBY,
  }),
  openedNumbers: serviceUseCase({
    id: 'openedNumbers',
    summary: 'Drawn numbers of a lottery game, newest first',
    tag: 'Lottery',
    method: 'GET',
    paths: ['/lotto/lgw/games/opened/numero'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: openedNumbersQuerySchema,
    response: gamesRpc.openedNumbers.output,
    operation: { service: 'games', method: 'openedNumbers' },
  }),
  vnOpenedNumbers: serviceUseCase({
    id: 'vnOpenedNumbers',
    summary: 'Drawn numbers of a Vietnamese lottery game, newest first',
    tag: 'Lottery',
    method: 'GET',
    paths: ['/lgw/vn/numeros/opened/game'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    publicCacheMs: PUBLIC_LOBBY_CACHE_MS,
    request: openedNumbersQuerySchema,
    response: gamesRpc.openedNumbers.output,
    operation: { service: 'games', method: 'openedNumbers' },
    fixed: { vassalage: VN_LOTTERY_VENDOR },
  }),
  gameIcon: edgeUseCase({
    id: 'gameIcon',
    summary: 'A game’s, vendor’s or house product’s tile art (SVG)',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/icons/:id.svg'],
    auth: 'guest',
    rateLimit: 'none',
    idempotent: false,
    request: z.object({ id: pathIdText(GAME_ICON_ID_PATTERN) }),
    response: z.string().meta({ description: 'The SVG document' }),
    contentType: 'image/svg+xml',
    operation: { edge: 'gameIcon' },
  }),
  demoPlayPage: edgeUseCase({
    id: 'demoPlayPage',
    summary: 'The demo vendor’s game page for a launch token (HTML)',
    tag: 'Lobby',
    method: 'GET',
    paths: ['/lgw/games/demo-play'],
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({ token: z.string().max(200).catch('').default('') }),
    response: z.string().meta({ description: 'The HTML page' }),
    contentType: 'text/html',
    operation: { edge: 'demoPlayPage' },
  }),
};
