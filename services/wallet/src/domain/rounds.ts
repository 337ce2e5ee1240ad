/**
 * The life of a vendor game round as pure rules: which call a round in a given state accepts, what it does to the
 * round's totals and how much it moves for the member. The handler turns a refusal into the error of the same code
 * and posts `memberDeltaMinor` between the member and the house (or the reverse when negative).
 */
export type RoundState = 'open' | 'settled' | 'cancelled';

export interface Round {
  state: RoundState;
  betTotalMinor: bigint;
  winTotalMinor: bigint;
  adjustTotalMinor: bigint;
}

export type RoundRefusal = 'ROUND_SETTLED' | 'ROUND_CANCELLED' | 'ROUND_NOT_SETTLED' | 'WIN_WITHOUT_BET' | 'BET_NOT_FOUND';

export type RoundDecision =
  | {
      ok: true;
      round: Round;
      /** Positive credits the member, negative debits; zero moves nothing. */
      memberDeltaMinor: bigint;
      /** The call settled or cancelled the round: the moment its bet.settled is due. */
      closes: boolean;
    }
  | { ok: false; refusal: RoundRefusal };

export const newRound = (): Round => ({ state: 'open', betTotalMinor: 0n, winTotalMinor: 0n, adjustTotalMinor: 0n });

const refuse = (refusal: RoundRefusal): RoundDecision => ({ ok: false, refusal });

/** Closed rounds refuse everything that would change their play. */
const closedRefusal = (round: Round): RoundRefusal | undefined => (round.state === 'settled' ? 'ROUND_SETTLED' : round.state === 'cancelled' ? 'ROUND_CANCELLED' : undefined);

/** A bet opens the round if it is new, adds to an open one, and may settle it at once. */
export function placeBet(round: Round | undefined, amountMinor: bigint, settle = false): RoundDecision {
  const current = round ?? newRound();
  const closed = closedRefusal(current);
  if (closed) return refuse(closed);
  return {
    ok: true,
    round: { ...current, betTotalMinor: current.betTotalMinor + amountMinor, state: settle ? 'settled' : 'open' },
    memberDeltaMinor: -amountMinor,
    closes: settle,
  };
}

/** A win needs an open round with a live bet behind it (`hasLiveBet`: the named bet, or any bet of the round). */
export function creditWin(round: Round | undefined, hasLiveBet: boolean, amountMinor: bigint, settle = false): RoundDecision {
  if (!round || !hasLiveBet) return refuse('WIN_WITHOUT_BET');
  const closed = closedRefusal(round);
  if (closed) return refuse(closed);
  return {
    ok: true,
    round: { ...round, winTotalMinor: round.winTotalMinor + amountMinor, state: settle ? 'settled' : 'open' },
    memberDeltaMinor: amountMinor,
    closes: settle,
  };
}

/** A bet can be refunded only while its round is open: once settled, the debit stands. */
export function rollBackBet(round: Round, betAmountMinor: bigint): RoundDecision {
  const closed = closedRefusal(round);
  if (closed) return refuse(closed);
  return { ok: true, round: { ...round, betTotalMinor: round.betTotalMinor - betAmountMinor }, memberDeltaMinor: betAmountMinor, closes: false };
}

/** A signed correction on an open or settled round; a cancelled round has nothing left to correct. */
export function adjustRound(round: Round | undefined, amountMinor: bigint): RoundDecision {
  if (!round) return refuse('BET_NOT_FOUND');
  if (round.state === 'cancelled') return refuse('ROUND_CANCELLED');
  return { ok: true, round: { ...round, adjustTotalMinor: round.adjustTotalMinor + amountMinor }, memberDeltaMinor: amountMinor, closes: false };
}

/** Cancels an open round: the member gets the bets back and returns the wins and corrections. */
export function voidRound(round: Round | undefined): RoundDecision {
  if (!round) return refuse('BET_NOT_FOUND');
  const closed = closedRefusal(round);
  if (closed) return refuse(closed);
  return {
    ok: true,
    round: { ...round, state: 'cancelled' },
    memberDeltaMinor: round.betTotalMinor - round.winTotalMinor - round.adjustTotalMinor,
    closes: true,
  };
}

/** Changes a settled round's total win; the difference is what moves. */
export function resettleRound(round: Round | undefined, newWinTotalMinor: bigint): RoundDecision {
  if (!round) return refuse('BET_NOT_FOUND');
  if (round.state === 'open') return refuse('ROUND_NOT_SETTLED');
  if (round.state === 'cancelled') return refuse('ROUND_CANCELLED');
  return { ok: true, round: { ...round, winTotalMinor: newWinTotalMinor }, memberDeltaMinor: newWinTotalMinor - round.winTotalMinor, closes: false };
}

/** The turnover that counts for reports and contracts: the net bets of a settled round, nothing for a cancelled one. */
export const validBetMinor = (round: Round): bigint => (round.state === 'settled' ? round.betTotalMinor : 0n);

/** The house sub-account a round's money goes through; FNV-1a so every process picks the same one. */
export function houseShardFor(roundId: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < roundId.length; i++) {
    hash ^= roundId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}
export const HOUSE_SHARDS = 16;
export const houseShardKind = (shard: number): string => `shard-${String(shard).padStart(2, '0')}`;
