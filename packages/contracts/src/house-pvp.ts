import { z } from 'zod';
import { TABLE_ID_PATTERN } from './house-live.js';
import { PVP_ACTION_KINDS, PVP_ACTIONS, PVP_HAND_RANKS, PVP_HAND_STATUSES, PVP_PLAYER_STATUSES, PVP_SEATS } from './house-pvp-cards.js';

/**
 * The house vendor's multiplayer card game (issue 6, PVP): Teen Patti, simplified. Players sit at a table (a "room"),
 * a hand starts when two or more are seated, everyone pays the boot, then each acts in turn (chaal, raise, pack, show)
 * until one is left or a show decides. The pot less the published rake goes to the winner. Table events are pushed to
 * the Socket.IO room `table:<tableId>` without any hidden card; each player reads their own cards from the table state.
 */
export * from './house-pvp-cards.js';

export const pvpTableIdSchema = z.string().regex(TABLE_ID_PATTERN, 'a table id');

export const pvpTableSchema = z.object({
  tableId: z.string(),
  name: z.string(),
  gameCode: z.string(),
  /** Major units of the player's currency. */
  boot: z.string(),
  /** The highest stake a raise may reach. */
  maxStake: z.string(),
  /** When the pot reaches this, every player still in shows. */
  potLimit: z.string(),
  seats: z.number().int(),
  rakeBp: z.number().int(),
  turnSeconds: z.number(),
  /** The published client seed of every hand's shuffle; the nonce is the hand number. */
  clientSeed: z.string(),
});
export type PvpTable = z.infer<typeof pvpTableSchema>;

/** GLS2_roomList: the rooms with their boot and how many are seated. */
export const pvpRoomSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  gameCode: z.string(),
  boot: z.string(),
  maxStake: z.string(),
  seats: z.number().int(),
  seated: z.number().int(),
  playing: z.boolean(),
  rakeBp: z.number().int(),
});
export type PvpRoom = z.infer<typeof pvpRoomSchema>;

export const pvpSeatSchema = z.object({
  seatNo: z.number().int(),
  /** A masked account name ("ab***"); the caller's own seat is flagged with `mine`. */
  player: z.string(),
  mine: z.boolean(),
});

export const pvpHandPlayerSchema = z.object({
  seatNo: z.number().int(),
  player: z.string(),
  status: z.enum(PVP_PLAYER_STATUSES),
  staked: z.string(),
  payout: z.string(),
  /** Shown only to their owner, and to everyone once a show revealed them. */
  cards: z.array(z.string()).nullable(),
  rank: z.enum(PVP_HAND_RANKS).nullable(),
});

export const pvpActionSchema = z.object({
  seq: z.number().int(),
  seatNo: z.number().int(),
  kind: z.enum(PVP_ACTION_KINDS),
  amount: z.string(),
  at: z.number(),
});

export const pvpHandSchema = z.object({
  handId: z.string(),
  handNo: z.number().int(),
  status: z.enum(PVP_HAND_STATUSES),
  currency: z.string(),
  dealerSeat: z.number().int(),
  turnSeat: z.number().int().nullable(),
  /** Epoch ms on the server's clock when the player to act is packed automatically. */
  turnDeadline: z.number().nullable(),
  stake: z.string(),
  pot: z.string(),
  /** Filled at settlement. */
  rake: z.string().nullable(),
  payout: z.string().nullable(),
  winnerSeat: z.number().int().nullable(),
  /** How the hand ended: the last player standing, a show between two, or the pot limit. */
  endedBy: z.enum(['pack', 'show', 'pot-limit', 'refund']).nullable(),
  seedHash: z.string(),
  /** Revealed when the hand is over: with the client seed and hand number it recomputes the shuffle. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  players: z.array(pvpHandPlayerSchema),
  actions: z.array(pvpActionSchema),
});
export type PvpHand = z.infer<typeof pvpHandSchema>;

export const pvpHistoryEntrySchema = z.object({
  handId: z.string(),
  handNo: z.number().int(),
  status: z.enum(PVP_HAND_STATUSES),
  currency: z.string(),
  pot: z.string(),
  rake: z.string(),
  winnerSeat: z.number().int().nullable(),
  winner: z.string().nullable(),
  endedBy: z.string().nullable(),
  seedHash: z.string(),
  serverSeed: z.string().nullable(),
});

export const pvpTableStateSchema = z.object({
  table: pvpTableSchema,
  seats: z.array(pvpSeatSchema),
  /** When the next hand starts (the countdown), if enough players are seated and none is in play. */
  startsAt: z.number().nullable(),
  hand: pvpHandSchema.nullable(),
  mySeat: z.number().int().nullable(),
  /** The caller's own cards in the current hand. */
  myCards: z.array(z.string()).nullable(),
  /** The actions the caller may take now. */
  canAct: z.array(z.enum(PVP_ACTIONS)),
  history: z.array(pvpHistoryEntrySchema),
  serverTime: z.number(),
});
export type PvpTableState = z.infer<typeof pvpTableStateSchema>;

/**
 * A finished hand's proof (public, like the table's history): the revealed seed with the hash published when the hand
 * started, the shuffle's inputs, every seat in turn order with the cards the server stored for it, the actions in order
 * and the stored result, for the verify page to recompute the deal and the winner in the browser.
 */
export const pvpHandProofSchema = z.object({
  tableId: z.string(),
  handId: z.string(),
  handNo: z.number().int(),
  status: z.enum(['settled', 'refunded']),
  currency: z.string(),
  serverSeed: z.string(),
  seedHash: z.string(),
  clientSeed: z.string(),
  /** The hand number. */
  nonce: z.number().int(),
  players: z.array(
    z.object({
      seatNo: z.number().int(),
      player: z.string(),
      status: z.enum(PVP_PLAYER_STATUSES),
      cards: z.array(z.string()),
      /** Whether the cards were shown to the table at the end. */
      shown: z.boolean(),
      staked: z.string(),
      payout: z.string(),
    }),
  ),
  actions: z.array(z.object({ seq: z.number().int(), seatNo: z.number().int(), kind: z.enum(PVP_ACTION_KINDS), amount: z.string() })),
  winnerSeat: z.number().int().nullable(),
  endedBy: z.enum(['pack', 'show', 'pot-limit', 'refund']).nullable(),
  pot: z.string(),
  rake: z.string(),
  payout: z.string(),
  rakeBp: z.number().int(),
  settledAt: z.number().nullable(),
});
export type PvpHandProof = z.infer<typeof pvpHandProofSchema>;

const player = { memberId: z.string(), merchantCode: z.string(), currency: z.string(), account: z.string() };
/** Makes a retried action answer the first one instead of acting (and paying) again. */
export const pvpRequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a request id of 8 to 64 letters, digits, - or _');

export const pvpSitBodySchema = z.object({ seatNo: z.coerce.number().int().min(1).max(PVP_SEATS).optional() });
export const pvpActBodySchema = z.object({ handId: z.string().max(80), action: z.enum(PVP_ACTIONS), requestId: pvpRequestIdSchema });

export const pvpActResultSchema = z.object({ seq: z.number().int(), kind: z.enum(PVP_ACTION_KINDS), amount: z.string(), replayed: z.boolean() });

export const houseTeenPattiRpcMethods = {
  pvpRooms: { input: z.object({}), output: z.array(pvpRoomSchema) },
  pvpTableState: { input: z.object({ tableId: z.string(), memberId: z.string().optional() }), output: pvpTableStateSchema },
  pvpSit: { input: pvpSitBodySchema.extend({ tableId: z.string(), ...player }), output: z.object({ seatNo: z.number().int() }) },
  pvpStand: { input: z.object({ tableId: z.string(), memberId: z.string() }), output: z.object({ stood: z.boolean() }) },
  pvpAct: { input: pvpActBodySchema.extend({ tableId: z.string(), ...player }), output: pvpActResultSchema },
  pvpHandProof: { input: z.object({ tableId: z.string(), handNo: z.number().int() }), output: pvpHandProofSchema },
};
