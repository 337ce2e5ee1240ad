import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { decimalIdSchema, memberIdSchema } from './ids.js';
import { lotteryGamesCalls, lotteryLaunchParamsSchema } from './lottery.js';
import { gameAnnouncementsAdminRpc } from './game-announcements.js';
import { optionalQueryText } from './api/fields.js';
import { INTERFACE_LANGUAGES } from './error-definition.js';
import { GAME_TYPES, LOBBY_CLIENT_TYPE, LOBBY_FAVOURITE_PLATFORM, LOBBY_IS_PLATFORM, LOBBY_LIST_PLATFORM, LOBBY_VENDOR_PLATFORM, WINNER_BOARD_LIMIT } from './shared-values.js';
import { winnerSchema } from './push-data.js';
export { winnerSchema };

export { GAME_TYPES, LOBBY_CLIENT_TYPE, LOBBY_FAVOURITE_PLATFORM, LOBBY_IS_PLATFORM, LOBBY_LIST_PLATFORM, LOBBY_VENDOR_PLATFORM, WINNER_BOARD_LIMIT };

/** What a tile picture is of: a game (its node id), a vendor (`vendor-PGS`) or a house product without a tile (`product-house-sportsbook`). */
export const GAME_ICON_ID_PATTERN = /^(\d{1,18}|vendor-[A-Z0-9_]{1,40}|product-[a-z0-9-]{1,40})$/;

/** The name of a demo vendor's picture (`/lgw/games/demo-art/<name>.png`). */
export const DEMO_VENDOR_PICTURE_PATTERN = /^[a-z][a-z0-9-]{0,30}$/;

/** Game categories of spec section 3 (`GAME_TYPES`). */
export const gameTypeSchema = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameTypeSchema>;
/** RNG submenu types (spec section 2); BG only for brands whose languages include TY. */
export const RNG_CLASSIFIES = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
/** Spec section 9: these vendors are shown under ESPORTS and COCKFIGHT even when their games say SPORTS. */
export const ESPORTS_VENDORS = ['AV', 'IMES', 'IA', 'AI', 'TF'] as const;
export const COCKFIGHT_VENDORS = ['SV3', 'DS88', 'DIG', 'WGB', 'WS168'] as const;
export const LOBBY_PAGE_SIZE = 18;
export const LOBBY_PAGE_SIZE_MAX = 100;

/** Longest vendor image URL a game may carry. */
export const GAME_IMAGE_URL_MAX = 500;
/** The characters of RFC 3986 (percent escapes included), as the inside of a character class; nothing else. */
const URL_CHARS = "A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=%";
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * A vendor's image for a game tile: an `https://` URL (a host name, an optional port, no credentials) or an absolute
 * path on the site's own origin (`/…`, never `//…`, which a browser reads as another host). No spaces, quotes, angle
 * brackets or backslashes (a browser reads `/\host` as another host too).
 */
export const GAME_IMAGE_URL_PATTERN = new RegExp(`^(?:https://${HOST_LABEL}(?:\\.${HOST_LABEL})*(?::[0-9]{1,5})?(?:[/?#][${URL_CHARS}]*)?|/[${URL_CHARS.replace('/', '')}][${URL_CHARS}]*)$`);
export const gameImageUrlSchema = z.string().max(GAME_IMAGE_URL_MAX).regex(GAME_IMAGE_URL_PATTERN, 'an https URL or a path on this site');

export const gameSchema = z.object({
  nodeId: z.string(),
  gameName: z.string(),
  nodeName: z.string(),
  /** The tile's picture: the vendor's image when the game has one, else the art the platform draws. */
  iconUrl: z.string(),
  showIcon: z.string(),
  /** The art the platform draws for the game, always: what a tile shows when `iconUrl` does not load. */
  fallbackIconUrl: z.string(),
  vassalage: z.string(),
  /** The vendor's name as the lobby shows it under the game. */
  vendorName: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameClassify: z.string().nullable(),
});
export type Game = z.infer<typeof gameSchema>;

/** Lists name games in the reader's interface language (English where a game has no name in it). */
const lobbyLanguage = z.enum(INTERFACE_LANGUAGES);
/** A launch tells the vendor the player's interface language; a vendor without it opens in its own default. */
const launchLanguage = z.enum(INTERFACE_LANGUAGES);
const brand = { merchantCode: z.string(), language: lobbyLanguage, brandLanguages: z.array(z.string()).default([]) };
const optionalFilter = z.string().trim().max(40).optional();
const member = { memberId: memberIdSchema, merchantCode: z.string() };

/** The spec's client fields of the lobby queries; they name the caller's device and do not change the answer. */
export const lobbyClientFields = {
  clientType: z.coerce.number().int().optional(),
  platform: z.string().max(100).optional(),
  channel: z.string().max(40).optional(),
  merchant: z.string().max(40).optional(),
  merchantCode: z.string().max(40).optional(),
  isPlatform: z.coerce.number().int().optional(),
};

/** Query strings of the lobby calls: empty values mean no filter, numbers arrive as text. */
const pageNumber = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).catch(fallback).default(fallback);
export const gameMenuQuerySchema = z.object({
  ...lobbyClientFields,
  minBet: z.string().max(20).optional(),
  minLineNum: z.string().max(20).optional(),
  gameType: optionalQueryText(40),
  vassalage: optionalQueryText(40),
  gameClassify: optionalQueryText(40),
  gameName: optionalQueryText(100),
  pageNo: pageNumber(1, 100_000),
  pageSize: pageNumber(LOBBY_PAGE_SIZE, LOBBY_PAGE_SIZE_MAX),
  language: z.string().max(10).optional(),
});
export const recentQuerySchema = z.object({
  ...lobbyClientFields,
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(12, LOBBY_PAGE_SIZE_MAX),
  gameType: optionalQueryText(40),
  vassalage: optionalQueryText(40),
  language: z.string().max(10).optional(),
});
export const favouriteBodySchema = z.object({
  nodeId: z.union([decimalIdSchema, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]).transform(String),
  vendor: z.string().max(40).optional(),
  gameType: z.string().max(40).optional(),
});

export const vendorLaneSchema = z.object({
  title: z.string(),
  cards: z.array(z.object({ vassalage: z.string(), displayName: z.string(), gameType: z.string(), lagerIcon: z.string() })),
  gameClassify: z.array(z.object({ code: z.string(), vendors: z.array(z.string()) })),
});
export const launchResultSchema = z.object({ url: z.string(), mode: z.enum(['iframe', 'redirect', 'route']), route: z.string().optional() });
export type LaunchResult = z.infer<typeof launchResultSchema>;
export type Winner = z.infer<typeof winnerSchema>;
/**
 * A web origin as a Content-Security-Policy source names it: http(s), host and port, nothing else — so no value that
 * passes can add a directive or a keyword to the policy it goes into.
 */
export const webOriginSchema = z.string().regex(/^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/);

export const gamesRpc = defineRpc({
  listVendors: {
    input: z.object({ merchantCode: z.string() }),
    output: z.array(z.object({ vassalage: z.string(), displayName: z.string(), gameType: z.string() })),
  },
  getPlayerProfile: {
    input: z.object({ memberId: memberIdSchema }),
    output: z.object({ memberId: z.string(), createdAt: z.string() }).nullable(),
  },
  /** The brand's enabled games, filtered and paged; a page past the end is an empty list. */
  listGames: {
    input: z.object({
      ...brand,
      gameType: optionalFilter,
      vassalage: optionalFilter,
      gameClassify: optionalFilter,
      gameName: z.string().trim().max(100).optional(),
      pageNo: z.number().int().min(1),
      pageSize: z.number().int().min(1).max(LOBBY_PAGE_SIZE_MAX),
    }),
    output: z.object({ games: z.array(gameSchema), totalPages: z.number().int(), pageNum: z.number().int(), total: z.number().int() }),
  },
  hotGames: {
    input: z.object({ ...brand, gameType: optionalFilter, vassalage: optionalFilter }),
    output: z.object({ list: z.array(gameSchema) }),
  },
  vendorLanes: { input: z.object(brand), output: z.object({ data: z.object({ lanes: z.array(vendorLaneSchema) }) }) },
  recentGames: {
    input: z.object({
      ...member,
      language: lobbyLanguage,
      page: z.number().int().min(1),
      pageSize: z.number().int().min(1).max(LOBBY_PAGE_SIZE_MAX),
      gameType: optionalFilter,
      vassalage: optionalFilter,
    }),
    output: z.object({ list: z.array(gameSchema), totalPages: z.number().int() }),
  },
  favouriteGames: {
    input: z.object({ ...member, language: lobbyLanguage, pageNo: z.number().int().min(1), pageSize: z.number().int().min(1).max(999), gameType: optionalFilter, vassalage: optionalFilter }),
    output: z.object({ content: z.array(gameSchema), totalPages: z.number().int(), pageNum: z.number().int() }),
  },
  favouriteIds: { input: z.object(member), output: z.array(z.string()) },
  /** Idempotent both ways; NOT_FOUND for a game the brand does not offer. */
  setFavourite: {
    input: z.object({ ...member, nodeId: decimalIdSchema, favorite: z.boolean() }),
    output: z.object({ nodeId: z.string(), favorite: z.boolean() }),
  },
  /** Checks the member and the game, records the launch in recents and answers how the client opens the game. */
  launchGame: {
    input: z.object({
      ...member,
      account: z.string(),
      type: z.number().int(),
      currency: z.string(),
      language: launchLanguage,
      nodeId: decimalIdSchema,
      /** Sent by the client's lottery pages: the game opens at the vendor instead of routing to the page again. */
      lottery: lotteryLaunchParamsSchema.optional(),
    }),
    output: launchResultSchema,
  },
  /** Moves money back from transfer-style vendors the member played at; seamless vendors hold none. */
  recallFromVendors: {
    input: z.object({ ...member, account: z.string(), currency: z.string() }),
    output: z.object({ recalled: z.array(z.object({ vendor: z.string(), amountMinor: z.string() })) }),
  },
  winners: {
    input: z.object({ merchantCode: z.string(), language: lobbyLanguage, limitNum: z.number().int().min(1).max(WINNER_BOARD_LIMIT) }),
    output: z.object({ list: z.array(winnerSchema) }),
  },
  announcements: {
    input: z.object({ merchantCode: z.string(), language: lobbyLanguage }),
    output: z.object({ list: z.array(z.object({ id: z.string(), title: z.string(), content: z.string(), at: z.string() })) }),
  },
  rank: {
    input: z.object({ ...brand, gameType: optionalFilter }),
    output: z.object({ list: z.array(gameSchema) }),
  },
  /**
   * Sets a game's vendor image, or clears it (`imageUrl: null`): the lobby then shows the image, with the drawn art as
   * its fallback, or the drawn art alone. GAME_NOT_FOUND for an unknown game.
   */
  operatorSetGameImage: {
    input: z.object({ nodeId: decimalIdSchema, imageUrl: gameImageUrlSchema.nullable(), operator: z.string() }),
    output: z.object({ nodeId: z.string(), imageUrl: z.string().nullable(), iconUrl: z.string(), fallbackIconUrl: z.string() }),
  },
  /** A demo vendor's own picture for its games' tiles (a PNG), where the demo catalogue is seeded; null for an unknown name. */
  demoVendorPicture: {
    input: z.object({ name: z.string().regex(DEMO_VENDOR_PICTURE_PATTERN) }),
    output: z.object({ contentType: z.literal('image/png'), base64: z.string() }).nullable(),
  },
  /** A game's or vendor's icon as SVG text; `id` is a nodeId or `vendor-<vassalage>`. */
  icon: { input: z.object({ id: z.string().regex(GAME_ICON_ID_PATTERN) }), output: z.object({ svg: z.string() }).nullable() },
  /**
   * The web origins the brand's game frames open on: the distinct http(s) origins of the launch URLs of the vendors
   * the brand offers (enabled, and not switched off for the brand), sorted. Launch URLs that are paths open on our own
   * origin and add none. The gateway's Content-Security-Policy allows frames from exactly these and its own origin.
   */
  frameOrigins: { input: z.object({ merchantCode: z.string() }), output: z.object({ origins: z.array(webOriginSchema) }) },
  /** The demo game page a seamless demo vendor opens (HTML), for a launch token that is still valid. */
  demoPlayPage: { input: z.object({ token: z.string().max(200) }), output: z.object({ html: z.string() }) },
  // Lottery: the launch-token exchange, the draw feed (packages/contracts/src/lottery.ts).
  ...lotteryGamesCalls,
  // Game announcements: the operator's calls (game-announcements.ts).
  ...gameAnnouncementsAdminRpc,
});
export type GamesRpc = typeof gamesRpc;
