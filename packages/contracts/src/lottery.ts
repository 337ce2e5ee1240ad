import { z } from 'zod';
import { INTERFACE_LANGUAGES } from './error-definition.js';

/**
 * Lottery (spec §2 lottery pages, §7 "Lottery lobby/launch", opened numbers): the launch parameters a lottery page
 * sends, the draws lottery vendors report, and the signed vendor calls of the games service (the launch-token exchange
 * and the draw feed) that sit beside the wallet's `/api/vendor/v1/*` operations.
 */

/** Spec §7: prize modes LOTT, ZY, ELOTT, SEA. */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
export const LOTTERY_VIEWS = ['betting', 'lobby'] as const;
export type LotteryView = (typeof LOTTERY_VIEWS)[number];
export const LOTTERY_DEVICES = ['WEB', 'MOBILE'] as const;
/** Spec §7: the lottery lobby is opened with launchMode LOTT. */
export const LOTTERY_LAUNCH_MODES = ['LOTT'] as const;

/** A back URL is ours or a web page: a path on our origin or an http(s) address, never a script URL. */
const backUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((url) => /^\/(?!\/)/.test(url) || /^https?:\/\/[^\s]+$/i.test(url), 'a path starting with / or an http(s) URL');

/** The optional lottery fields of `POST /wps/game/launchGame`; any of them but `language` marks a launch from a lottery page. */
export const lotteryLaunchParamsSchema = z.object({
  lottoArea: z
    .string()
    .trim()
    .regex(/^[A-Z]{2,8}$/, 'an area code such as VN')
    .optional(),
  launchMode: z.enum(LOTTERY_LAUNCH_MODES).optional(),
  prizeMode: z.enum(PRIZE_MODES).optional(),
  view: z.enum(LOTTERY_VIEWS).optional(),
  device: z.enum(LOTTERY_DEVICES).optional(),
  backUrl: backUrlSchema.optional(),
  /** The player's interface language; a vendor without it opens in its own default. */
  language: z.enum(INTERFACE_LANGUAGES).optional(),
});
export type LotteryLaunchParams = z.infer<typeof lotteryLaunchParamsSchema>;
export const LOTTERY_LAUNCH_FIELDS = Object.keys(lotteryLaunchParamsSchema.shape) as Array<keyof LotteryLaunchParams>;

/** The games service's signed vendor operations, routed by the gateway beside the wallet's. */
export const GAMES_VENDOR_OPERATIONS = ['session', 'lottery-draws'] as const;
export type GamesVendorOperation = (typeof GAMES_VENDOR_OPERATIONS)[number];
export const gamesVendorOperationSchema = z.enum(GAMES_VENDOR_OPERATIONS);

/** A signed vendor call as the gateway forwards it: the raw body travels untouched so the signature can be checked. */
export const signedVendorCallSchema = z.object({
  vendor: z.string().max(40),
  timestamp: z.string().max(20),
  signature: z.string().max(200),
  body: z.string().max(65_536),
});
export type SignedVendorCallInput = z.infer<typeof signedVendorCallSchema>;

/** `POST /api/vendor/v1/session`: the vendor exchanges the one-time launch token its launch URL carried. */
export const vendorSessionBodySchema = z.object({ token: z.string().min(1).max(200) });
export const vendorSessionSchema = z.object({
  /** The member's account name (user name), for display. */
  account: z.string(),
  /** The player id the wallet's vendor API expects in `player`. */
  player: z.string(),
  currency: z.string(),
  language: z.string(),
  gameCode: z.string(),
  vendor: z.string(),
  nodeId: z.string(),
});
export type VendorSession = z.infer<typeof vendorSessionSchema>;

const drawReference = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');
/** `POST /api/vendor/v1/lottery-draws`: one drawn result of one of the vendor's games. */
export const lotteryDrawBodySchema = z.object({
  gameCode: z.string().min(1).max(100),
  drawNo: drawReference,
  numbers: z
    .array(z.string().regex(/^\d{1,10}$/, 'digits only'))
    .min(1)
    .max(50),
  drawnAt: z.iso.datetime({ offset: true }),
});
export type LotteryDrawBody = z.infer<typeof lotteryDrawBodySchema>;

export const lotteryDrawSchema = z.object({
  vendor: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  numbers: z.array(z.string()),
  drawnAt: z.string(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const LOTTERY_DRAWS_PAGE_SIZE = 20;
export const LOTTERY_DRAWS_PAGE_SIZE_MAX = 100;
const pageNumber = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).catch(fallback).default(fallback);
/** The opened-numbers calls: draws of one game, newest first, paged per the API conventions. */
export const openedNumbersQuerySchema = z.object({
  gameCode: z.string().trim().min(1).max(100),
  pageNo: pageNumber(1, 100_000),
  pageSize: pageNumber(LOTTERY_DRAWS_PAGE_SIZE, LOTTERY_DRAWS_PAGE_SIZE_MAX),
});
export const openedNumbersPageSchema = z.object({
  list: z.array(lotteryDrawSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** The games service's lottery calls, spread into `gamesRpc`. */
export const lotteryGamesCalls = {
  /** Verifies the vendor's signature and redeems the launch token once, for that vendor's game only. */
  vendorSession: { input: signedVendorCallSchema, output: vendorSessionSchema },
  /** Verifies the vendor's signature and stores the draw once; the same draw again answers as the first time. */
  reportLotteryDraw: { input: signedVendorCallSchema, output: lotteryDrawSchema.extend({ stored: z.boolean() }) },
  /** Draws of a game, newest first; `vassalage` limits them to one vendor (the VN call). */
  openedNumbers: {
    input: z.object({
      gameCode: z.string().min(1).max(100),
      vassalage: z.string().max(40).optional(),
      pageNo: z.number().int().min(1),
      pageSize: z.number().int().min(1).max(LOTTERY_DRAWS_PAGE_SIZE_MAX),
    }),
    output: openedNumbersPageSchema,
  },
} as const;
