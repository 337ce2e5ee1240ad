import { z } from 'zod';
import {
  bonusPushSchema,
  chatPushSchema,
  contractChangedSchema,
  contractSettledSchema,
  envelopePushSchema,
  feedbackPushSchema,
  houseTableEventSchema,
  jackpotPushSchema,
  missionsPushSchema,
  noticesChangedSchema,
  pointsPushSchema,
  promotionsPushSchema,
  rafflePushSchema,
  rewardCountSchema,
  unreadCountSchema,
  vipProgressPushSchema,
  vipPushSchema,
  winnersPushSchema,
} from './push-data.js';

/**
 * Socket.IO pushes, one event `push` carrying `{ v, type, data }`. Each type's `data` is declared here once: the
 * gateway sends it by this map and the client checks and types what it receives by it. `v` grows per member (balance),
 * per brand (winners, jackpot) or per round (table), so a client can tell an old push from a new one and spot a gap.
 */
export const pushDataSchemas = {
  /** The member's balance after a movement; `version` is the account's, so a gap means pushes were missed. */
  balance: z.object({ balance: z.string(), currency: z.string(), version: z.number().int(), currencySymbol: z.string().optional() }),
  /** A moment of a house table's shared round, to everyone watching the table. */
  table: houseTableEventSchema,
  winners: winnersPushSchema,
  jackpot: jackpotPushSchema,
  /** A contract offer, answer or end that concerns the member (as the downline or the upline). */
  contract: contractChangedSchema,
  /** A contract payout the member received or paid. */
  contractPayout: contractSettledSchema,
  /** The member's unread message count, after any change (a letter, a broadcast, a read, a deletion). */
  unread: unreadCountSchema,
  /** The brand's notices, banners or popups changed: read them again. */
  notice: noticesChangedSchema,
  /** A support-chat message in one of the member's conversations. */
  chat: chatPushSchema,
  /** An operator replied to or closed one of the member's feedback submissions. */
  feedback: feedbackPushSchema,
  /** The member’s points balance after any change. */
  points: pointsPushSchema,
  /** The member’s VIP level changed (an upgrade or the monthly re-evaluation). */
  vip: vipPushSchema,
  /** The member’s deposits or valid bet toward its next VIP level changed. */
  vipProgress: vipProgressPushSchema,
  /** A mission leaderboard or the member’s mission progress changed. */
  missions: missionsPushSchema,
  /** A red-envelope window opened or closed for the brand. */
  envelope: envelopePushSchema,
  /** The number of rewards the member can claim changed. */
  rewards: rewardCountSchema,
  /** The member's state in a promotion changed (a join, a claim, an approval or rejection, a deposit, a week's cashback). */
  promotions: promotionsPushSchema,
  /** A raffle opened (its hash published) or was drawn (seed and winners), for the brand. */
  raffle: rafflePushSchema,
  /** One of the member's bonuses changed: given, counted toward, turned into cash, forfeited or expired. */
  bonus: bonusPushSchema,
} as const;
export type PushType = keyof typeof pushDataSchemas;
export type PushData<T extends PushType> = z.infer<(typeof pushDataSchemas)[T]>;
export interface Push<T extends PushType = PushType> {
  v: number;
  type: T;
  data: PushData<T>;
}
/** Any one push, discriminated by `type`. */
export type AnyPush = { [T in PushType]: Push<T> }[PushType];
export type BalancePush = Push<'balance'>;

/** Checks a received push against its type's schema; anything else (an unknown type, a bad shape) is undefined. */
export function readPush(message: unknown): AnyPush | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const { v, type, data } = message as { v?: unknown; type?: unknown; data?: unknown };
  if (typeof v !== 'number' || typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(pushDataSchemas, type)) return undefined;
  const parsed = pushDataSchemas[type as PushType].safeParse(data);
  return parsed.success ? ({ v, type, data: parsed.data } as AnyPush) : undefined;
}

export const PUSH_EVENT = 'push';
export const memberRoom = (memberId: string): string => `member:${memberId}`;
export const merchantRoom = (merchantCode: string): string => `merchant:${merchantCode}`;
/** House tables a socket follows: any socket, guest or member, may watch a few at once. */
export const TABLES_PER_SOCKET_MAX = 8;
export const tableIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/);

export interface ServerToClientEvents {
  push: (push: AnyPush) => void;
}
/** What a client asks of its socket: to follow a house table's room, or to stop; the answer says whether it did. */
export interface ClientToServerEvents {
  'join-table': (tableId: string, ack?: (joined: boolean) => void) => void;
  'leave-table': (tableId: string, ack?: (left: boolean) => void) => void;
}
