import { z } from 'zod';
import { depositLimitsSchema } from './payments.js';
import { inboxBroadcastSchema, unreadChangedSchema } from './notices-inbox.js';
import { noticesChangedSchema } from './notices-content.js';
import { chatMessageEventSchema } from './support-chat.js';
import { feedbackChangedEventSchema, feedbackRepliedEventSchema } from './feedback.js';
import { vipChangedSchema } from './loyalty-vip.js';
import { bonusChangedSchema } from './wallet-bonuses.js';
import { freeRoundsFinishedSchema, freeRoundsGrantedSchema } from './house-free-rounds.js';
import { contractKindSchema, contractStateSchema, contractChangedSchema, contractSettledSchema, winnersPushSchema, jackpotPushSchema, houseTableEventSchema } from './push-data.js';
export { contractKindSchema, contractStateSchema, contractChangedSchema, contractSettledSchema, winnersPushSchema, jackpotPushSchema, houseTableEventSchema };

/** Topic names. Never rename one in place: add a new version beside it. */
export const TOPICS = {
  members: 'members.v1',
  balances: 'wallet.balances.v1',
  bets: 'bets.v1',
  transfers: 'transfers.v1',
  contractOffers: 'contract-offers.v1',
  notices: 'notices.v1',
  sessions: 'sessions.v1',
  lobby: 'lobby.v1',
  house: 'house.v1',
  loyalty: 'loyalty.v1',
  /** VIP level changes: few, read by the inbox; kept off `loyalty.v1`, which carries a push per bet. */
  vip: 'vip.v1',
  /** What promotions give through other services (free rounds on the house slots) and what comes back. */
  promotions: 'promotions.v1',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_]*$/),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  source: z.string(),
  key: z.string(),
  traceparent: z.string().optional(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & { payload: P };

export type ContractKind = z.infer<typeof contractKindSchema>;

/**
 * One tier of a contract. A tier is reached when every threshold is met; the highest reached tier's rate applies to the
 * period's base. A downline's tiers have the brand's thresholds; only the rates are the upline's to choose.
 */
export const contractTierSchema = z.object({
  /** The team base the tier needs, in minor units (valid bet; net loss for dividends); for real-time salary, the smallest stake counted. */
  minBaseMinor: z.string().regex(/^(0|[1-9][0-9]{0,17})$/),
  /** Active members the tier needs (0 for real-time salary). */
  minActive: z.number().int().min(0),
  /** Rate in basis points of the base (1 bp = 0.01 %). */
  rateBp: z.number().int().min(0).max(10_000),
  /** Real-time salary only: which settled bets earn it: losing ones, winning ones, or every single bet from `minBaseMinor` up. */
  on: z.enum(['loss', 'win', 'single']).optional(),
});
export type ContractTier = z.infer<typeof contractTierSchema>;

export const memberRegisteredSchema = z.object({
  memberId: z.string(),
  merchantCode: z.string(),
  account: z.string(),
  type: z.number().int(),
  currency: z.string(),
  uplineId: z.string().nullable(),
  /** The member (not an agent) whose referral code the new member registered with: its referrer. */
  referredById: z.string().nullable().optional(),
  registeredAt: z.string(),
  /** The invitation link the member registered through, with the contracts a new agent starts with from its upline. */
  invitation: z
    .object({ code: z.string(), contracts: z.array(z.object({ kind: contractKindSchema, tiers: z.array(contractTierSchema) })) })
    .nullable()
    .optional(),
});
export type MemberRegistered = z.infer<typeof memberRegisteredSchema>;

export const balanceChangedSchema = z.object({
  memberId: z.string(),
  merchantCode: z.string(),
  currency: z.string(),
  balanceMinor: z.string(),
  balance: z.string(),
  version: z.number().int(),
  transactionId: z.string(),
  cause: z.string(),
  /**
   * The signed change of this member's balance in this transaction, minor units (a deposit credited is positive, a
   * withdrawal held is negative). Absent on events published before it existed.
   */
  amountMinor: z
    .string()
    .regex(/^-?(0|[1-9][0-9]{0,18})$/)
    .optional(),
});
export type BalanceChanged = z.infer<typeof balanceChangedSchema>;

/**
 * A settled bet: what reports, the winner board, points and agent contracts are computed from. The payload carries
 * the round's totals, not a change: a settled round corrected later (resettle, or an adjust after settlement) is
 * published again under the same betId with a higher `revision`, and a reader keeps the highest revision it has seen.
 */
export const betSettledSchema = z.object({
  betId: z.string(),
  vendor: z.string(),
  roundId: z.string(),
  gameType: z.string(),
  gameCode: z.string().nullable(),
  memberId: z.string(),
  merchantCode: z.string(),
  account: z.string().nullable(),
  agentPath: z.array(z.string()).nullable(),
  currency: z.string(),
  betAmountMinor: z.string(),
  validBetMinor: z.string(),
  winAmountMinor: z.string(),
  /** Corrections the vendor made with adjust (signed); part of the member's result next to the win. */
  adjustAmountMinor: z.string().default('0'),
  /** Cancelled rounds are published too, with a valid bet of zero. */
  state: z.enum(['settled', 'cancelled']).default('settled'),
  /** 0 for the first settlement, then one more for each correction. */
  revision: z.number().int().min(0).default(0),
  settledAt: z.string(),
  /** The member's bonus that was wagering when the round settled or changed: its wagering counts this bet. */
  bonusId: z.string().optional(),
});
export type BetSettled = z.infer<typeof betSettledSchema>;

/** Money moved between two members (agent to downline, member to upline). */
export const transferCompletedSchema = z.object({
  transferId: z.string(),
  merchantCode: z.string(),
  fromMemberId: z.string(),
  toMemberId: z.string(),
  currency: z.string(),
  amountMinor: z.string(),
  completedAt: z.string(),
});
export type TransferCompleted = z.infer<typeof transferCompletedSchema>;

/**
 * Sessions that identity ended, for any reason: sign-out, idle or absolute timeout, password change or reset, a change
 * of second factor, account disabled, a newer login on a single-session brand. Gateways drop their cached principals
 * and close the sockets of these sessions at once.
 * `tokenHashes` are base64url SHA-256 digests of the session tokens, never the tokens.
 */
export const sessionEndedSchema = z.object({
  memberId: z.string(),
  merchantCode: z.string(),
  tokenHashes: z.array(z.string()),
  reason: z.enum(['password-changed', 'password-reset', 'account-disabled', 'single-session', 'logout', 'idle', 'expired', 'two-factor-changed']),
  endedAt: z.string(),
});
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

export type ContractChanged = z.infer<typeof contractChangedSchema>;

export type ContractSettled = z.infer<typeof contractSettledSchema>;

/**
 * A public lobby value of one brand changed (the winner board, the jackpot). Gateways push `data` as `{ v, type, data }`
 * to every socket of the brand, guests included; `version` grows per brand and push type so clients can spot a gap.
 */
const lobbyChange = { merchantCode: z.string(), version: z.number().int().min(0) };
export const lobbyChangedSchema = z.discriminatedUnion('pushType', [
  z.object({ ...lobbyChange, pushType: z.literal('winners'), data: winnersPushSchema }),
  z.object({ ...lobbyChange, pushType: z.literal('jackpot'), data: jackpotPushSchema }),
]);
export type LobbyChanged = z.infer<typeof lobbyChangedSchema>;

export type HouseTableEvent = z.infer<typeof houseTableEventSchema>;

/** A member changed their deposit limits (responsible gaming): what applies now and what waits for the cooling-off. */
export const depositLimitsChangedSchema = z.object({ memberId: z.string(), merchantCode: z.string(), currency: z.string(), limits: depositLimitsSchema, changedAt: z.string() });
export type DepositLimitsChanged = z.infer<typeof depositLimitsChangedSchema>;

/** An operator sent an approved withdrawal to the member's bank (the held money left the wallet). */
export const withdrawalPaidSchema = z.object({
  withdrawalId: z.string(),
  memberId: z.string(),
  merchantCode: z.string(),
  currency: z.string(),
  amountMinor: z.string(),
  paidAt: z.string(),
});
export type WithdrawalPaid = z.infer<typeof withdrawalPaidSchema>;

/** A member signed in: a session was opened (missions count consecutive days of sign-ins). */
export const memberSignedInSchema = z.object({ memberId: z.string(), merchantCode: z.string(), signedInAt: z.string() });
export type MemberSignedIn = z.infer<typeof memberSignedInSchema>;

/**
 * A push the points service sends through the gateways: to one member's room, or to every socket of the brand when
 * `memberId` is null. `push` is checked against its type's schema (`push.ts`) by the gateway before it is sent.
 */
export const loyaltyPushEventSchema = z.object({
  merchantCode: z.string(),
  memberId: z.string().nullable(),
  push: z.object({ v: z.number(), type: z.string(), data: z.unknown() }),
});
export type LoyaltyPushEvent = z.infer<typeof loyaltyPushEventSchema>;

/** Every event type with its topic and payload schema; producers and consumers validate against this map. */
export const EVENTS = {
  'member.registered': { topic: TOPICS.members, version: 1, payload: memberRegisteredSchema },
  'balance.changed': { topic: TOPICS.balances, version: 1, payload: balanceChangedSchema },
  'bonus.changed': { topic: TOPICS.balances, version: 1, payload: bonusChangedSchema },
  'bet.settled': { topic: TOPICS.bets, version: 1, payload: betSettledSchema },
  'transfer.completed': { topic: TOPICS.transfers, version: 1, payload: transferCompletedSchema },
  'session.ended': { topic: TOPICS.sessions, version: 1, payload: sessionEndedSchema },
  'member.signed_in': { topic: TOPICS.sessions, version: 1, payload: memberSignedInSchema },
  'lobby.changed': { topic: TOPICS.lobby, version: 1, payload: lobbyChangedSchema },
  'house.table_event': { topic: TOPICS.house, version: 1, payload: houseTableEventSchema },
  'contract.changed': { topic: TOPICS.contractOffers, version: 1, payload: contractChangedSchema },
  'contract.settled': { topic: TOPICS.contractOffers, version: 1, payload: contractSettledSchema },
  'deposit_limits.changed': { topic: TOPICS.balances, version: 1, payload: depositLimitsChangedSchema },
  'withdrawal.paid': { topic: TOPICS.balances, version: 1, payload: withdrawalPaidSchema },
  'inbox.unread_changed': { topic: TOPICS.notices, version: 1, payload: unreadChangedSchema },
  'inbox.broadcast': { topic: TOPICS.notices, version: 1, payload: inboxBroadcastSchema },
  /** A brand's notices, banners, popups, help centre or licence changed: gateways drop its cached answers and push `notice`. */
  'notices.changed': { topic: TOPICS.notices, version: 1, payload: noticesChangedSchema },
  /** A support-chat message was stored: pushed to the member and to the operators. */
  'chat.message': { topic: TOPICS.notices, version: 1, payload: chatMessageEventSchema },
  /** An operator answered a feedback submission. */
  'feedback.replied': { topic: TOPICS.notices, version: 1, payload: feedbackRepliedEventSchema },
  /** An operator replied to or closed a feedback submission: pushed to the member as `feedback`. */
  'feedback.changed': { topic: TOPICS.notices, version: 1, payload: feedbackChangedEventSchema },
  /** A loyalty push (points, VIP, missions, red envelopes, rewards) for the gateways to send. */
  'loyalty.push': { topic: TOPICS.loyalty, version: 1, payload: loyaltyPushEventSchema },
  /** A member's VIP level changed (an upgrade, the monthly re-evaluation, an operator): the inbox writes upgrades to the member. */
  'vip.changed': { topic: TOPICS.vip, version: 1, payload: vipChangedSchema },
  'free_rounds.granted': { topic: TOPICS.promotions, version: 1, payload: freeRoundsGrantedSchema },
  'free_rounds.finished': { topic: TOPICS.promotions, version: 1, payload: freeRoundsFinishedSchema },
} as const;
export type EventType = keyof typeof EVENTS;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENTS)[T]['payload']>;
