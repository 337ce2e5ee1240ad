import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { memberIdSchema } from './ids.js';
import { PLINKO_RISKS, SLOT_CODES } from './fairness.js';
import { houseLiveRpcMethods } from './house-live.js';
import { houseTeenPattiRpcMethods } from './house-pvp.js';
import { houseLotteryRpcMethods } from './house-lottery.js';
import { houseSportsbookRpcMethods } from './house-sportsbook.js';
// FISH: one shot is one solo round.
import { FISH_GAME_CODE } from './fairness-fish.js';
import { fishShotBodySchema } from './house-fish.js';
import { freeRoundsGrantSchema, freeRoundsQuerySchema, freeSpinBodySchema } from './house-free-rounds.js';

/**
 * The house vendor (issue 6): in-house, provably fair games. The solo games (dice, mines, plinko, the video slots) are
 * played through the house service; it reaches the wallet only through the signed seamless-wallet API as vendor HOUSE.
 */
export const HOUSE_VENDOR_CODE = 'HOUSE';
/** The wallet's game type for the house's solo rounds; the fishing game and the tables report their own. */
export const HOUSE_GAME_TYPE = 'RNG';

export const HOUSE_SOLO_GAMES = ['house-dice', 'house-mines', 'house-plinko', ...SLOT_CODES, FISH_GAME_CODE] as const;
/** The game type a solo round is recorded under in the wallet, so the betting record's game-type filter finds it. */
export const houseSoloWalletGameType = (game: string): string => (game === FISH_GAME_CODE ? 'FISH' : HOUSE_GAME_TYPE);
export const houseSoloGameSchema = z.enum(HOUSE_SOLO_GAMES as readonly string[] as [string, ...string[]]);
export const slotCodeSchema = z.enum(SLOT_CODES as [string, ...string[]]);

/** A stake in major units, as the API carries money. */
export const houseAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a decimal amount such as "10.00"');
export const clientSeedSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Table limits of the solo games, in major units of two-decimal currencies (whole units otherwise). */
export const HOUSE_BET_LIMITS = { min: '0.10', max: '1000.00' } as const;
export const DICE_CHANCE_LIMITS = { min: 1, max: 98 } as const;
export const MINES_LIMITS = { min: 1, max: 24 } as const;

/** Who plays: the session's member, as the gateway resolved it. */
export const housePlayerSchema = z.object({
  memberId: memberIdSchema,
  merchantCode: z.string(),
  currency: z.string(),
});
export type HousePlayer = z.infer<typeof housePlayerSchema>;

export const fairnessStateSchema = z.object({
  game: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int(),
});
export type FairnessState = z.infer<typeof fairnessStateSchema>;

export const seedRotationSchema = z.object({
  game: z.string(),
  revealedServerSeed: z.string(),
  revealedServerSeedHash: z.string(),
  newServerSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

export const HOUSE_ROUND_STATES = ['pending', 'open', 'settling', 'settled', 'refunded'] as const;

/** One round with everything needed to recompute it: the seed is shown once rotation revealed it. */
export const houseRoundSchema = z.object({
  roundId: z.string(),
  game: z.string(),
  state: z.enum(HOUSE_ROUND_STATES),
  currency: z.string(),
  amount: z.string(),
  win: z.string(),
  /** The payout multiplier of the round (win / amount), as a decimal string. */
  multiplier: z.string(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** The member's balance after this call, when the wallet reported it. */
  balance: z.string().optional(),
});
export type HouseRound = z.infer<typeof houseRoundSchema>;

export const houseRoundPageSchema = z.object({
  content: z.array(houseRoundSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** Bodies of the public play calls. `requestId` makes a retried call answer the first round instead of betting again. */
const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
export const diceBodySchema = z.object({ amount: houseAmountSchema, direction: z.enum(['over', 'under']), target: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/), requestId });
/** A risk outside the list is HOUSE_PLINKO_SETTINGS_INVALID, like a row count outside it; the reference lists them. */
const plinkoRiskBodySchema = z
  .string()
  .refine((risk) => (PLINKO_RISKS as readonly string[]).includes(risk), { params: { errorCode: 'HOUSE_PLINKO_SETTINGS_INVALID' } })
  .meta({ enum: [...PLINKO_RISKS] });
export const plinkoBodySchema = z.object({ amount: houseAmountSchema, rows: z.coerce.number().int(), risk: plinkoRiskBodySchema, requestId });
export const slotBodySchema = z.object({ game: slotCodeSchema, amount: houseAmountSchema, requestId });
export const minesStartBodySchema = z.object({ amount: houseAmountSchema, mines: z.coerce.number().int(), requestId });
export const minesRevealBodySchema = z.object({ roundId: z.string().regex(/^\d{1,18}$/), tile: z.coerce.number().int() });
export const minesCashoutBodySchema = z.object({ roundId: z.string().regex(/^\d{1,18}$/) });
export const clientSeedBodySchema = z.object({ game: houseSoloGameSchema, clientSeed: z.string().max(200) });
export const rotateBodySchema = z.object({ game: houseSoloGameSchema });
export const roundsQuerySchema = z.object({
  game: z.union([houseSoloGameSchema, z.literal('')]).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const plinkoRiskSchema = z.enum(PLINKO_RISKS);

/** A free spin (house-free-rounds.ts): the round, its stake paid by the grant, and the grant after it. */
export const freeSpinSchema = z.object({ round: houseRoundSchema, grant: freeRoundsGrantSchema });
export type FreeSpin = z.infer<typeof freeSpinSchema>;

export const houseRpc = defineRpc({
  fairnessState: { input: z.object({ memberId: memberIdSchema, game: houseSoloGameSchema }), output: fairnessStateSchema },
  setClientSeed: { input: z.object({ memberId: memberIdSchema, game: houseSoloGameSchema, clientSeed: z.string().max(200) }), output: fairnessStateSchema },
  rotateSeed: { input: z.object({ memberId: memberIdSchema, game: houseSoloGameSchema }), output: seedRotationSchema },
  listRounds: { input: roundsQuerySchema.extend({ memberId: memberIdSchema }), output: houseRoundPageSchema },
  playDice: { input: diceBodySchema.extend({ player: housePlayerSchema }), output: houseRoundSchema },
  playPlinko: { input: plinkoBodySchema.extend({ player: housePlayerSchema }), output: houseRoundSchema },
  spinSlot: { input: slotBodySchema.extend({ player: housePlayerSchema }), output: houseRoundSchema },
  minesStart: { input: minesStartBodySchema.extend({ player: housePlayerSchema }), output: houseRoundSchema },
  minesReveal: { input: minesRevealBodySchema.extend({ player: housePlayerSchema }), output: houseRoundSchema },
  minesCashout: { input: minesCashoutBodySchema.extend({ player: housePlayerSchema }), output: houseRoundSchema },
  /** The member's mines round still in play, if any (a page reload resumes it). */
  minesActive: { input: z.object({ memberId: memberIdSchema }), output: houseRoundSchema.nullable() },
  // FISH: a shot at one fish kind, decided and paid at once.
  fishShoot: { input: fishShotBodySchema.extend({ player: housePlayerSchema }), output: houseRoundSchema },
  // house live: its methods are composed in here with one spread line.
  ...houseLiveRpcMethods,
  // house pvp: the Teen Patti tables.
  ...houseTeenPattiRpcMethods,
  // house lottery: fast and daily draws.
  ...houseLotteryRpcMethods,
  // house sportsbook: events from the feed, the bet slip, settlement and cash-out.
  ...houseSportsbookRpcMethods,
  /** The member's free rounds with spins left (of one slot when `game` is given), oldest first. */
  freeRounds: { input: freeRoundsQuerySchema.extend({ memberId: memberIdSchema, currency: z.string(), language: z.string().optional() }), output: z.array(freeRoundsGrantSchema) },
  /** Plays one spin of a grant: no money moves; the win adds to the grant's total. */
  spinFreeRound: { input: freeSpinBodySchema.extend({ player: housePlayerSchema, language: z.string().optional() }), output: freeSpinSchema },
});
export type HouseRpc = typeof houseRpc;
