import { AppError } from '@wps/platform';
import { formatMinor, parseMajor, pvpRakeMinor } from '@wps/contracts';
import type { Decision, HandLimits } from './rules.js';
import type { HandPlayerRow, HandRow, PvpTableRow, SeatRow } from './store.js';

/**
 * A Teen Patti table's state machine around the moves of ./rules.ts, apart from the database, the wallet and the clock
 * (every time is passed in): seating, the countdown, dealing and the boots, whose turn it is and until when, what the
 * clock does with a hand, and how a decided pot is split. A hand goes booting → playing → settling → settled, or to
 * refunded from any of the first two.
 */

/** How long past the turn deadline a stake may stay unconfirmed before the hand is given up and refunded. */
export const STUCK_STAKE_MS = 60_000;

export const handIdOf = (tableId: string, handNo: number): string => `${tableId}.${handNo}`;

export function handLimits(table: Pick<PvpTableRow, 'max_stake' | 'pot_limit'>, currency: string): HandLimits {
  return { maxStakeMinor: parseMajor(table.max_stake, currency)!, potLimitMinor: parseMajor(table.pot_limit, currency)!, maxStakeText: formatMinor(parseMajor(table.max_stake, currency)!, currency) };
}

// ---------------------------------------------------------------------------------------------- seating

/** A player sits only with the boot in their wallet, so the first hand does not stand them straight up again. */
export function checkBoot(balanceMinor: bigint, bootMinor: bigint, currency: string): void {
  if (balanceMinor < bootMinor) throw new AppError('PVP_BELOW_BOOT', { params: { boot: formatMinor(bootMinor, currency) } });
}

/**
 * The seat a player gets: the one asked for when free, else the lowest free one. A table plays in one currency,
 * the one of the players already seated.
 */
export function chooseSeat(
  seats: ReadonlyArray<Pick<SeatRow, 'seat_no' | 'member_id' | 'currency'>>,
  seatCount: number,
  input: { memberId: string; currency: string; seatNo?: number | undefined },
): number {
  if (seats.some((seat) => seat.member_id === input.memberId)) throw new AppError('PVP_ALREADY_SEATED');
  if (seats.length >= seatCount) throw new AppError('PVP_TABLE_FULL');
  if (seats.length && seats[0]!.currency !== input.currency) throw new AppError('PVP_TABLE_CURRENCY');
  const taken = new Set(seats.map((seat) => seat.seat_no));
  if (input.seatNo !== undefined && (input.seatNo > seatCount || taken.has(input.seatNo))) throw new AppError('PVP_SEAT_TAKEN', { field: 'seatNo' });
  return input.seatNo ?? Array.from({ length: seatCount }, (_, index) => index + 1).find((candidate) => !taken.has(candidate))!;
}

// ---------------------------------------------------------------------------------------------- the countdown and the deal

export type TableClock = { kind: 'countdown'; startsAt: number } | { kind: 'deal' } | { kind: 'cancel-countdown' } | { kind: 'wait' };

/** Between hands: two seated players start the countdown, its end deals, and a table left with one player stops it. */
export function tableClock(seated: number, startsMs: number | null, now: number, startSeconds: number): TableClock {
  if (seated >= 2) {
    if (startsMs === null) return { kind: 'countdown', startsAt: now + startSeconds * 1000 };
    return now >= startsMs ? { kind: 'deal' } : { kind: 'wait' };
  }
  return startsMs !== null ? { kind: 'cancel-countdown' } : { kind: 'wait' };
}

export interface Deal<S> {
  currency: string;
  dealer: S;
  /** From the dealer's left round to the dealer: the order of the cards, the boots and the turns. */
  inTurnOrder: S[];
}

/**
 * Who plays the next hand (seats in seat order) and in what order: the dealer button moves to the next seat after the
 * last dealer, wrapping round. The table plays in the currency of its first seat (sitting refuses another currency).
 */
export function dealOrder<S extends Pick<SeatRow, 'seat_no' | 'currency'>>(seats: readonly S[], lastDealerSeat: number): Deal<S> | undefined {
  if (seats.length < 2) return undefined;
  const currency = seats[0]!.currency;
  const players = seats.filter((seat) => seat.currency === currency);
  const dealer = players.find((seat) => seat.seat_no > lastDealerSeat) ?? players[0]!;
  const from = players.indexOf(dealer) + 1;
  return { currency, dealer, inTurnOrder: [...players.slice(from), ...players.slice(0, from)] };
}

export type AfterBoots<S> = { kind: 'refund' } | { kind: 'play'; booted: S[]; potMinor: bigint; turnSeat: number };

/** A player whose boot the wallet refused is out; a hand needs two boots, and the first of them in turn order acts first. */
export function afterBoots<S extends { seat_no: number }>(inTurnOrder: readonly S[], refusedSeats: readonly number[], bootMinor: bigint): AfterBoots<S> {
  const booted = inTurnOrder.filter((seat) => !refusedSeats.includes(seat.seat_no));
  if (booted.length < 2) return { kind: 'refund' };
  return { kind: 'play', booted, potMinor: bootMinor * BigInt(booted.length), turnSeat: booted[0]!.seat_no };
}

// ---------------------------------------------------------------------------------------------- turns and the hand's clock

export const turnDeadline = (now: number, turnSeconds: number): number => now + turnSeconds * 1000;

/** The deadline of the turn a decision hands on; none once the hand has ended. */
export const nextTurnDeadline = (decision: Pick<Decision, 'ended'>, now: number, turnSeconds: number): number | null => (decision.ended ? null : turnDeadline(now, turnSeconds));

type ClockView = Pick<HandRow, 'status' | 'pending_seq' | 'turn_seat' | 'turn_deadline_ms'>;

/** The player to act let the clock run out; a turn whose stake is on its way to the wallet is never timed out. */
export const turnTimedOut = (hand: ClockView, now: number): boolean =>
  hand.status === 'playing' && hand.pending_seq === null && hand.turn_seat !== null && hand.turn_deadline_ms !== null && now >= hand.turn_deadline_ms;

/** A stake whose request died on its way to the wallet would hold the hand forever: the hand is refunded instead. */
export const stakeStuck = (hand: ClockView, now: number): boolean => hand.pending_seq !== null && hand.turn_deadline_ms !== null && now >= hand.turn_deadline_ms + STUCK_STAKE_MS;

export type HandClock = 'settle' | 'refund' | 'time-out' | 'wait';

/**
 * What the table's clock does with its open hand: a decided one is paid, one still booting was cut short and is
 * refunded, a turn past its deadline is packed by the server, and a stuck stake gives the hand up.
 */
export function handClock(hand: ClockView, now: number): HandClock {
  if (hand.status === 'settling') return 'settle';
  if (hand.status === 'booting') return 'refund';
  if (turnTimedOut(hand, now)) return 'time-out';
  if (stakeStuck(hand, now)) return 'refund';
  return 'wait';
}

/** A hand found open when the lease is taken was cut short: refunded unless already decided (then paid). */
export const recoveryOf = (hand: Pick<HandRow, 'status'>): 'settle' | 'refund' => (hand.status === 'settling' ? 'settle' : 'refund');

// ---------------------------------------------------------------------------------------------- acting

export function checkHandOpen(hand: HandRow | undefined, tableId: string): asserts hand is HandRow {
  if (!hand || hand.table_id !== tableId || hand.status !== 'playing') throw new AppError('PVP_HAND_CLOSED', { field: 'handId' });
}

/** Only the player whose turn it is acts, and not while their previous stake is still on its way to the wallet. */
export function checkTurn(hand: Pick<HandRow, 'pending_seq' | 'turn_seat'>, mine: Pick<HandPlayerRow, 'status' | 'seat_no'>): void {
  if (mine.status !== 'active') throw new AppError('PVP_NOT_IN_HAND');
  if (hand.pending_seq !== null || hand.turn_seat !== mine.seat_no) throw new AppError('PVP_NOT_YOUR_TURN');
}

/** Standing up packs a player still in the hand; a stake of theirs on its way to the wallet is waited for first. */
export function checkCanLeave(hand: Pick<HandRow, 'pending_seq'>): void {
  if (hand.pending_seq !== null) throw new AppError('PVP_NOT_YOUR_TURN');
}

/** Whether a player is offered actions at all: in a hand in play, still in it, with nothing on its way to the wallet. */
export const mayAct = (hand: Pick<HandRow, 'status' | 'pending_seq'> | undefined, mine: Pick<HandPlayerRow, 'status'> | undefined): boolean =>
  !!hand && !!mine && hand.status === 'playing' && hand.pending_seq === null && mine.status === 'active';

// ---------------------------------------------------------------------------------------------- the end of a hand

/** The winner takes the pot less the house's 5 % rake, rounded up to the minor unit in the house's favour. */
export function potSplit(potMinor: bigint): { rakeMinor: bigint; payoutMinor: bigint } {
  const rakeMinor = pvpRakeMinor(potMinor);
  return { rakeMinor, payoutMinor: potMinor - rakeMinor };
}

/** Players the clock packed are stood up when the hand is over, so an absent player is not left paying boots. */
export const awayMembers = (players: ReadonlyArray<Pick<HandPlayerRow, 'timed_out' | 'member_id'>>): string[] => players.filter((player) => player.timed_out).map((player) => player.member_id);
