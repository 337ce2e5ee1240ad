import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { AppError } from '@wps/platform';
import {
  DEFAULT_LANGUAGE,
  favouriteBodySchema,
  gameMenuQuerySchema,
  LOTTERY_LAUNCH_FIELDS,
  lotteryLaunchParamsSchema,
  openedNumbersQuerySchema,
  parseLanguage,
  recentQuerySchema,
  WINNER_BOARD_LIMIT,
  type Language,
  type Merchant,
} from '@wps/contracts';
import { merchantHint, requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/** Brands change rarely and every lobby call needs one: each gateway keeps the answer briefly. */
const MERCHANT_CACHE_MS = 30_000;
const MERCHANT_CACHE_ENTRIES_MAX = 1_000;
/**
 * Public lobby answers are the same for every guest of a brand and language, and every visitor's home page asks for
 * them: each gateway keeps the rendered answer this long, so a burst costs one service call per query, not one per
 * visitor. Catalogue switches show within this time; live values (winners, jackpot) are pushed anyway.
 */
const PUBLIC_ANSWER_CACHE_MS = 2_000;
const PUBLIC_ANSWER_ENTRIES_MAX = 5_000;

/** A short-lived cache of rendered JSON answers; concurrent misses for one key share one call. */
class PublicAnswers {
  private readonly entries = new Map<string, { body: Promise<string>; expiresAt: number }>();

  get(key: string, load: () => Promise<unknown>): Promise<string> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.body;
    if (this.entries.size >= PUBLIC_ANSWER_ENTRIES_MAX) this.entries.clear();
    const body = load().then((value) => JSON.stringify({ success: true, value }));
    this.entries.set(key, { body, expiresAt: now + PUBLIC_ANSWER_CACHE_MS });
    body.catch(() => this.entries.delete(key));
    return body;
  }
}

const languageOf = (req: Request): Language =>
  parseLanguage(typeof req.query.language === 'string' ? req.query.language : undefined) ?? parseLanguage(req.headers['accept-language']) ?? DEFAULT_LANGUAGE;
const emptyAsUndefined = (value: string | undefined): string | undefined => (value ? value : undefined);

const hotQuerySchema = z.object({ gameType: z.string().trim().max(40).optional(), vassalage: z.string().trim().max(40).optional() });
const winnersQuerySchema = z.object({ limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT).catch(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT) });
const favouriteListQuerySchema = gameMenuQuerySchema.extend({ pageSize: z.coerce.number().int().min(1).max(999).catch(18).default(18) });
const launchBodySchema = z.object({ nodeId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d{1,18}$/)) });

/** The lottery page's launch fields (spec §7), when it sent any; a bad one names itself in the answer. */
function lotteryParamsOf(body: Record<string, unknown>) {
  const given = Object.fromEntries(LOTTERY_LAUNCH_FIELDS.filter((field) => body[field] !== undefined && body[field] !== '').map((field) => [field, body[field]]));
  // `language` alone is an ordinary launch's field too: only the lottery-specific ones mark the lottery page.
  if (Object.keys(given).every((field) => field === 'language')) return undefined;
  const parsed = lotteryLaunchParamsSchema.safeParse(given);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'lottery');
    throw new AppError('LOTTERY_PARAM_INVALID', { field, params: { field } });
  }
  return parsed.data;
}
/** The VN lottery vendor, whose draws the public VN call serves (spec §7). */
const VN_LOTTERY_VENDOR = 'TCG_LOTTO_VN';

/**
 * The lobby (spec section 7, "Games"; contract in the games-api brief): game lists, hot games, vendor lanes, recents,
 * favourites, launch and recall, the winner board, the jackpot, announcements, rank, and the catalogue's icons.
 */
export function gamesApi(options: EdgeOptions): Router {
  const router = express.Router();
  const { clients } = options;
  const limited = ipRateLimit(options);
  const session = requireSession(options.sessions);
  const merchants = new Map<string, { merchant: Promise<Merchant>; expiresAt: number }>();

  const brandOf = (req: Request): Promise<Merchant> => {
    const hint = merchantHint(req);
    const key = `${hint.merchantCode ?? ''}|${hint.host ?? ''}`;
    const cached = merchants.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.merchant;
    if (merchants.size >= MERCHANT_CACHE_ENTRIES_MAX) merchants.clear();
    const merchant = clients.identity.resolveMerchant(hint);
    merchants.set(key, { merchant, expiresAt: Date.now() + MERCHANT_CACHE_MS });
    merchant.catch(() => merchants.delete(key));
    return merchant;
  };
  /** Members see their own brand's lobby; guests the brand of the host or header. */
  const lobbyBrand = async (req: Request) => {
    const merchant = await brandOf(req);
    return { merchantCode: merchant.code, language: languageOf(req), brandLanguages: merchant.languages };
  };
  const answers = new PublicAnswers();
  /** Sends a public answer from the cache; the key names everything the answer depends on. */
  const sendPublic = async (res: Response, key: unknown[], load: () => Promise<unknown>) => {
    res.type('json').send(await answers.get(JSON.stringify(key), load));
  };
  const memberOf = (req: Request) => ({ memberId: req.principal!.memberId, merchantCode: req.principal!.merchantCode });

  const gameMenu: RequestHandler = async (req, res) => {
    const query = gameMenuQuerySchema.parse(req.query);
    const input = {
      ...(await lobbyBrand(req)),
      gameType: emptyAsUndefined(query.gameType),
      vassalage: emptyAsUndefined(query.vassalage),
      gameClassify: emptyAsUndefined(query.gameClassify),
      gameName: emptyAsUndefined(query.gameName),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
    await sendPublic(res, ['games', input], () => clients.games.listGames(input));
  };
  router.get('/lgw/games/game_menus', limited, gameMenu);
  router.get('/lgw/vn/games/game_menu', limited, gameMenu);

  router.get('/lgw/games/hot', limited, async (req, res) => {
    const query = hotQuerySchema.parse(req.query);
    const input = { ...(await lobbyBrand(req)), gameType: emptyAsUndefined(query.gameType), vassalage: emptyAsUndefined(query.vassalage) };
    await sendPublic(res, ['hot', input], () => clients.games.hotGames(input));
  });

  router.get('/lgw/games/vendors', limited, async (req, res) => {
    const input = await lobbyBrand(req);
    await sendPublic(res, ['vendors', input], () => clients.games.vendorLanes(input));
  });

  router.get('/lgw/vn/games/game_menu/recent', limited, session, async (req, res) => {
    const query = recentQuerySchema.parse(req.query);
    ok(
      res,
      await clients.games.recentGames({
        ...memberOf(req),
        language: languageOf(req),
        page: query.page,
        pageSize: query.pageSize,
        gameType: emptyAsUndefined(query.gameType),
        vassalage: emptyAsUndefined(query.vassalage),
      }),
    );
  });

  router.get('/wps/relay/MCSFE_getFavoriteGameV2', limited, session, async (req, res) => {
    const query = favouriteListQuerySchema.parse(req.query);
    ok(
      res,
      await clients.games.favouriteGames({
        ...memberOf(req),
        language: languageOf(req),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        gameType: emptyAsUndefined(query.gameType),
        vassalage: emptyAsUndefined(query.vassalage),
      }),
    );
  });
  router.get('/wps/relay/MCSFE_getFavoriteGameIds', limited, session, async (req, res) => {
    ok(res, await clients.games.favouriteIds(memberOf(req)));
  });
  const setFavourite =
    (favorite: boolean): RequestHandler =>
    async (req, res) => {
      const body = favouriteBodySchema.parse(req.body && typeof req.body === 'object' && 'nodeId' in req.body ? req.body : req.query);
      ok(res, await clients.games.setFavourite({ ...memberOf(req), nodeId: body.nodeId, favorite }));
    };
  router.post('/wps/relay/MCSFE_addFavoriteGameV2', limited, session, jsonBody, setFavourite(true));
  router.delete('/wps/relay/MCSFE_removeFavoriteGameV2', limited, session, jsonBody, setFavourite(false));

  router.post('/wps/game/launchGame', limited, session, jsonBody, async (req, res) => {
    const fields = { ...(req.query as object), ...(req.body && typeof req.body === 'object' ? req.body : {}) } as Record<string, unknown>;
    const body = launchBodySchema.parse(fields);
    const lottery = lotteryParamsOf(fields);
    const principal = req.principal!;
    ok(
      res,
      await clients.games.launchGame({
        memberId: principal.memberId,
        merchantCode: principal.merchantCode,
        account: principal.account,
        type: principal.type,
        currency: principal.currency,
        language: (lottery?.language as Language | undefined) ?? languageOf(req),
        nodeId: body.nodeId,
        ...(lottery ? { lottery } : {}),
      }),
    );
  });
  router.post('/wps/game/recall', limited, session, async (req, res) => {
    const { memberId, merchantCode, account, currency } = req.principal!;
    await clients.games.recallFromVendors({ memberId, merchantCode, account, currency });
    const balance = await clients.wallet.getBalance({ memberId, merchantCode, currency });
    ok(res, { balance: balance.balance, currency: balance.currency });
  });

  router.get('/lgw/games/winners', limited, async (req, res) => {
    const query = winnersQuerySchema.parse(req.query);
    const brand = await lobbyBrand(req);
    const input = { merchantCode: brand.merchantCode, language: brand.language, limitNum: query.limitNum };
    await sendPublic(res, ['winners', input], () => clients.games.winners(input));
  });
  router.get('/lgw/games/jackpot', limited, async (req, res) => {
    const merchant = await brandOf(req);
    const pool = await clients.wallet.jackpotPool({ merchantCode: merchant.code, currency: merchant.currency });
    ok(res, { amount: pool.amount, currency: pool.currency, pools: [{ name: 'GRAND', amount: pool.amount, currency: pool.currency }] });
  });
  router.get('/lgw/games/announcements', limited, async (req, res) => {
    const brand = await lobbyBrand(req);
    const input = { merchantCode: brand.merchantCode, language: brand.language };
    await sendPublic(res, ['announcements', input], () => clients.games.announcements(input));
  });
  router.get('/lgw/games/rank', limited, async (req, res) => {
    const query = hotQuerySchema.parse(req.query);
    const input = { ...(await lobbyBrand(req)), gameType: emptyAsUndefined(query.gameType) };
    await sendPublic(res, ['rank', input], () => clients.games.rank(input));
  });

  // Lottery draws (spec §7): opened numbers for members, the VN lottery's for everyone.
  router.get('/lotto/lgw/games/opened/numero', limited, session, async (req, res) => {
    const query = openedNumbersQuerySchema.parse(req.query);
    ok(res, await clients.games.openedNumbers({ gameCode: query.gameCode, pageNo: query.pageNo, pageSize: query.pageSize }));
  });
  router.get('/lgw/vn/numeros/opened/game', limited, async (req, res) => {
    const query = openedNumbersQuerySchema.parse(req.query);
    const input = { gameCode: query.gameCode, vassalage: VN_LOTTERY_VENDOR, pageNo: query.pageNo, pageSize: query.pageSize };
    await sendPublic(res, ['vn-numbers', input], () => clients.games.openedNumbers(input));
  });

  router.get('/lgw/games/icons/:id.svg', async (req, res) => {
    const id = String(req.params.id);
    if (!/^(\d{1,18}|vendor-[A-Z0-9_]{1,40})$/.test(id)) throw new AppError('NOT_FOUND');
    const icon = await clients.games.icon({ id });
    if (!icon) throw new AppError('NOT_FOUND');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('image/svg+xml').send(icon.svg);
  });
  router.get('/lgw/games/demo-play', limited, async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const page = await clients.games.demoPlayPage({ token: token.slice(0, 200) });
    // The page is ours and static: nothing in it may run scripts or be framed by other sites.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    res.type('html').send(page.html);
  });

  return router;
}
