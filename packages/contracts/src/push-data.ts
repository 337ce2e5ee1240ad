import { z } from 'zod';
import { GAME_TYPES } from './shared-values.js';

/**
 * The data of every push (`pushDataSchemas` in push.ts) and the few schemas they are made of, in one module that
 * needs nothing but zod. A client that checks the pushes it receives loads these and not the contract modules of
 * each area, which build every schema of their calls when loaded; those modules re-export what they declared here.
 */

// ---- Content -----------------------------------------------------------------------------------------------------
/** A brand's content changed: every gateway drops its cached notices answers of the brand, and sockets get a `notice` push. */
export const noticesChangedSchema = z.object({ merchantCode: z.string(), at: z.string() });

// ---- The inbox ---------------------------------------------------------------------------------------------------
/** The unread count and its version (see `unreadPushSchema`). */
export const unreadCountSchema = z.object({ unread: z.number().int().min(0), version: z.number().int() });

// ---- Support chat ------------------------------------------------------------------------------------------------
export const chatSenderSchema = z.enum(['member', 'operator', 'system']);

/**
 * What a system line says, worded by the client in its language: `away` no agent is connected and one will answer
 * soon (once per waiting period), `closed` the conversation was closed.
 */
export const chatNoticeSchema = z.enum(['away', 'closed']);

/** One stored message. `text` is empty for system lines, which carry a `notice` instead. */
export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  from: chatSenderSchema,
  text: z.string(),
  notice: chatNoticeSchema.nullable(),
  /** Who answered, for operator messages. */
  operatorName: z.string().nullable(),
  /** The sender's own id of the message, so a client can match a resent or pushed message to the one it shows. */
  clientMessageId: z.string().nullable(),
  /** When it was stored (ISO 8601, UTC). */
  at: z.string(),
});

/** The `chat` push: a message stored in one of the member's conversations (to the member and to every operator). */
export const chatPushSchema = chatMessageSchema.extend({ memberId: z.string(), account: z.string() });

// ---- Feedback ----------------------------------------------------------------------------------------------------
/** A submission is `open` while it waits for the operator, `replied` once answered, `closed` when the operator closes it. */
export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES);

/**
 * Push `feedback`: an operator replied to or closed one of the member's submissions, which now has this state: read
 * the submission and the list again. Nothing in it that the member's own list does not show.
 */
export const feedbackPushSchema = z.object({
  feedbackId: z.string(),
  status: feedbackStatusSchema,
  /** The operator's replies so far. */
  replyCount: z.number().int().min(0),
  /** When the change was made (ISO 8601, UTC). */
  updatedAt: z.string(),
});

// ---- Points ------------------------------------------------------------------------------------------------------
/** Push `points`: The member’s points balance after any change. */
export const pointsPushSchema = z.object({ points: z.string(), version: z.number().int() });

// ---- VIP ---------------------------------------------------------------------------------------------------------
/** Why a level changed. */
export const vipChangeReasonSchema = z.enum(['upgrade', 'review', 'operator']);

/** Push `vip`: The member’s VIP level changed (an upgrade or the monthly re-evaluation). `v` is the member's VIP version. */
export const vipPushSchema = z.object({
  hasVip: z.boolean(),
  vipLabelName: z.string(),
  vipRankLevel: z.number().int(),
  fromLevel: z.number().int(),
  reason: vipChangeReasonSchema,
});

/**
 * Push `vipProgress`: the member's deposits or valid bet over the window changed (a settled bet, a deposit), so the
 * VIP page's progress bars move as it plays. `v` grows with each batch that changed it.
 */
export const vipProgressPushSchema = z.object({
  level: z.number().int(),
  depositMinor: z.string(),
  validBetMinor: z.string(),
});

// ---- Missions and the leaderboard --------------------------------------------------------------------------------
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  /** The account name masked (`ab***9`). */
  account: z.string(),
  /** Mission points, or valid bet in minor units. */
  score: z.string(),
  /** The caller's own row. */
  self: z.boolean(),
});

/**
 * Push `missions`: A mission leaderboard or the member’s mission progress changed. `leaderboard` goes to the whole
 * brand with the top N as it stands; `progress` goes to one member (its missions or its own rank changed): read the
 * summary and the leaderboard again.
 */
export const missionsPushSchema = z.object({
  scope: z.enum(['leaderboard', 'progress']),
  weekStart: z.string(),
  top: z.array(leaderboardEntrySchema.omit({ self: true })).optional(),
  own: z.object({ rank: z.number().int().nullable(), score: z.string() }).optional(),
  claimable: z.number().int().optional(),
});

// ---- Red envelopes -----------------------------------------------------------------------------------------------
/** Push `envelope`: A red-envelope window opened or closed for the brand. */
export const envelopePushSchema = z.object({
  windowId: z.string(),
  state: z.enum(['open', 'closed']),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  hash: z.string().nullable(),
});

// ---- The reward centre -------------------------------------------------------------------------------------------
/** The member's claimable count; `version` grows with every change, as `rewards` pushes carry it. */
export const rewardCountSchema = z.object({ count: z.number().int().min(0), version: z.number().int().min(0) });

// ---- Promotions --------------------------------------------------------------------------------------------------
/**
 * The member's state in a promotion, in the spec's words:
 * - `join`, `claim`, `applying`: what the member can do now (join it, claim it, apply to it);
 * - `signed`: joined, waiting for what the promotion counts (a deposit, the end of the week);
 * - `process`: an application under review, or a bonus being granted;
 * - `claimed`: claimed and given; `issued`: given after a deposit, a week's cashback or an approval;
 * - `rejected`: the application was rejected;
 * - `close`: over, or not open to the member; `coming_soon`: not started yet.
 */
export const PROMOTION_STATES = ['join', 'claim', 'applying', 'close', 'rejected', 'issued', 'claimed', 'process', 'signed', 'coming_soon'] as const;

export const promotionStateSchema = z.enum(PROMOTION_STATES);

/** Push `promotions`: the member's state in one promotion changed, with its new count of promotions to act on. */
export const promotionsPushSchema = z.object({
  promotionId: z.string(),
  state: promotionStateSchema,
  availablePromoCount: z.number().int().min(0),
});

// ---- Raffles -----------------------------------------------------------------------------------------------------
export const raffleWinnerSchema = z.object({
  rank: z.number().int().min(1),
  /** The winner's account, masked. */
  name: z.string(),
  /** The winner's entry in the ticket list (1-based, in joining order). */
  position: z.number().int().min(1),
  amountMinor: z.string(),
});

/** Push `raffle`: a raffle opened (its hash published) or was drawn (seed and winners), to the whole brand. */
export const rafflePushSchema = z.object({
  promotionId: z.string(),
  state: z.enum(['open', 'drawn']),
  drawAt: z.string(),
  hash: z.string(),
  seed: z.string().nullable(),
  winners: z.array(raffleWinnerSchema),
});

// ---- Bonus money -------------------------------------------------------------------------------------------------
/** Where a bonus came from: a promotion's claim, a cashback run, a referral, a raffle prize, a rebate or an operator. */
export const bonusSourceSchema = z.enum(['promotion', 'cashback', 'referral', 'raffle', 'rebate', 'operator']);

/** `wagering` while the requirement is open; then `completed` (turned into cash), `forfeited` or `expired`. */
export const bonusStateSchema = z.enum(['wagering', 'completed', 'forfeited', 'expired']);

/** Percent of a valid bet that counts toward the requirement, per game type; a type not named counts 0 %. */
export const wageringWeightsSchema = z.partialRecord(z.enum(GAME_TYPES), z.number().int().min(0).max(100));

export const bonusViewSchema = z.object({
  bonusId: z.string(),
  title: z.string(),
  source: bonusSourceSchema,
  sourceRef: z.string(),
  state: bonusStateSchema,
  currency: z.string(),
  /** What was given, in major units, and in minor units. */
  amount: z.string(),
  amountMinor: z.string(),
  /** The requirement and what counted toward it so far (never more than the requirement). */
  required: z.string(),
  requiredMinor: z.string(),
  wagered: z.string(),
  wageredMinor: z.string(),
  /** Percent of the requirement met, 0–100, rounded down. */
  progress: z.number().int().min(0).max(100),
  maxBet: z.string().nullable(),
  weights: wageringWeightsSchema,
  /** What it turned into cash, or what was given back to the house, once it ended. */
  releasedMinor: z.string().nullable(),
  forfeitedMinor: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
});

/** A bonus of the member's changed (given, counted toward, turned into cash, forfeited, expired): the `bonus` push. */
export const bonusPushSchema = z.object({
  bonus: bonusViewSchema,
  currency: z.string(),
  bonusBalance: z.string(),
  bonusBalanceMinor: z.string(),
});

// ---- The winner board --------------------------------------------------------------------------------------------
export const winnerSchema = z.object({
  customerName: z.string(),
  winAmount: z.string(),
  currency: z.string(),
  gameName: z.string(),
  /** As a game's: the vendor's image of the won game when it has one, else the drawn art. */
  iconUrl: z.string(),
  /** The drawn art, always. */
  fallbackIconUrl: z.string(),
  vo: z.object({ vendor: z.string(), gameType: z.string(), at: z.string() }),
});

// ---- Agent contracts, the lobby and the house tables -------------------------------------------------------------
/** The four kinds of agent contract (domain notes, section A). */
export const contractKindSchema = z.enum(['dividend', 'daily', 'hourly', 'realtime']);

/** A contract row's state: an offer waits, then is accepted (active), rejected, expired or withdrawn; an active one ends superseded or terminated. */
export const contractStateSchema = z.enum(['pending', 'active', 'rejected', 'expired', 'withdrawn', 'superseded', 'terminated']);

/**
 * A contract offer or termination changed: made, accepted, rejected, expired, withdrawn, or an active contract ended.
 * Gateways push it to both sides (`agentId`, the downline, and `offeredBy`, the upline; null when the platform offered).
 */
export const contractChangedSchema = z.object({
  contractId: z.string(),
  merchantCode: z.string(),
  kind: contractKindSchema,
  agentId: z.string(),
  agentAccount: z.string(),
  offeredBy: z.string().nullable(),
  offeredByAccount: z.string().nullable(),
  /** An offer of terms, or an offer to terminate the active contract. */
  action: z.enum(['offer', 'terminate']),
  state: contractStateSchema,
  change: z.enum(['offered', 'accepted', 'rejected', 'expired', 'withdrawn', 'superseded', 'terminated']),
  /** Why it ended, for `superseded` and `terminated` (e.g. `upline-rate-dropped`). */
  reason: z.string().nullable(),
  at: z.string(),
});

/** One period of one contract settled: what the payer owed the agent, what was paid, and what stays as debt. */
export const contractSettledSchema = z.object({
  settlementId: z.string(),
  contractId: z.string(),
  merchantCode: z.string(),
  kind: contractKindSchema,
  agentId: z.string(),
  /** The upline that pays; null when the platform pays a top agent. */
  payerId: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  currency: z.string(),
  amountMinor: z.string(),
  paidMinor: z.string(),
  debtMinor: z.string(),
  at: z.string(),
});

/** The winner board of a brand, per interface language (game names differ); `list` is the brand's default one. */
export const winnersPushSchema = z.object({ list: z.array(winnerSchema), lists: z.record(z.string(), z.array(winnerSchema)) });

/** The progressive jackpot's pool, in major units. */
export const jackpotPushSchema = z.object({ amount: z.string(), currency: z.string() });

/**
 * Something happened at a house vendor table (a round opened, betting closed, a crash tick, a result, a settlement).
 * Gateways push it to the sockets in the room `table:<tableId>`, guests included, so it carries nothing private.
 * `at` is when the server decided it (epoch ms), so clients and benches can measure how late it arrived.
 */
export const houseTableEventSchema = z.object({
  tableId: z.string(),
  kind: z.enum(['round-opened', 'betting-closed', 'tick', 'result', 'settled', 'cashout', 'bets', 'odds']),
  roundId: z.string(),
  roundNo: z.number().int(),
  at: z.number(),
  data: z.record(z.string(), z.unknown()),
});
