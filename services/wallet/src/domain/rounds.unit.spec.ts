import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  adjustRound,
  creditWin,
  HOUSE_SHARDS,
  houseShardFor,
  houseShardKind,
  newRound,
  placeBet,
  resettleRound,
  rollBackBet,
  validBetMinor,
  voidRound,
  type Round,
  type RoundDecision,
} from './rounds.js';

const accepted = (decision: RoundDecision): Round => {
  if (!decision.ok) throw new Error(`refused: ${decision.refusal}`);
  return decision.round;
};
const open = (bet: bigint, win = 0n): Round => ({ ...newRound(), betTotalMinor: bet, winTotalMinor: win });
const settled = (bet: bigint, win = 0n): Round => ({ ...open(bet, win), state: 'settled' });
const cancelled = (bet: bigint): Round => ({ ...open(bet), state: 'cancelled' });

describe('round rules', () => {
  it('opens a round with the first bet and settles it when the bet carries its win', () => {
    expect(placeBet(undefined, 500n)).toEqual({ ok: true, round: open(500n), memberDeltaMinor: -500n, closes: false });
    const betted = placeBet(undefined, 500n, true);
    expect(betted).toMatchObject({ ok: true, closes: true, round: { state: 'settled' } });
  });

  it('refuses bets on closed rounds with the state as the reason', () => {
    expect(placeBet(settled(1n), 5n)).toEqual({ ok: false, refusal: 'ROUND_SETTLED' });
    expect(placeBet(cancelled(1n), 5n)).toEqual({ ok: false, refusal: 'ROUND_CANCELLED' });
  });

  it('pays a win only on an open round with a live bet', () => {
    expect(creditWin(undefined, false, 100n)).toEqual({ ok: false, refusal: 'WIN_WITHOUT_BET' });
    expect(creditWin(open(0n), false, 100n)).toEqual({ ok: false, refusal: 'WIN_WITHOUT_BET' });
    expect(creditWin(settled(5n), true, 100n)).toEqual({ ok: false, refusal: 'ROUND_SETTLED' });
    expect(creditWin(open(5n), true, 100n, true)).toEqual({ ok: true, round: settled(5n, 100n), memberDeltaMinor: 100n, closes: true });
  });

  it('refunds a bet of an open round and never one of a settled round', () => {
    expect(rollBackBet(open(700n), 200n)).toEqual({ ok: true, round: open(500n), memberDeltaMinor: 200n, closes: false });
    expect(rollBackBet(settled(700n), 200n)).toEqual({ ok: false, refusal: 'ROUND_SETTLED' });
  });

  it('voids an open round by returning bets and taking back wins and corrections', () => {
    const round = { ...open(1_000n, 300n), adjustTotalMinor: 50n };
    expect(voidRound(round)).toEqual({ ok: true, round: { ...round, state: 'cancelled' }, memberDeltaMinor: 650n, closes: true });
    expect(voidRound(settled(1n))).toEqual({ ok: false, refusal: 'ROUND_SETTLED' });
    expect(voidRound(undefined)).toEqual({ ok: false, refusal: 'BET_NOT_FOUND' });
  });

  it('resettles only settled rounds and moves the difference', () => {
    expect(resettleRound(settled(100n, 300n), 120n)).toMatchObject({ ok: true, memberDeltaMinor: -180n, round: { winTotalMinor: 120n } });
    expect(resettleRound(open(100n), 120n)).toEqual({ ok: false, refusal: 'ROUND_NOT_SETTLED' });
    expect(resettleRound(cancelled(100n), 120n)).toEqual({ ok: false, refusal: 'ROUND_CANCELLED' });
  });

  it('adjusts open and settled rounds but not cancelled or unknown ones', () => {
    expect(adjustRound(settled(100n), -30n)).toMatchObject({ ok: true, memberDeltaMinor: -30n, round: { adjustTotalMinor: -30n } });
    expect(adjustRound(cancelled(100n), 5n)).toEqual({ ok: false, refusal: 'ROUND_CANCELLED' });
    expect(adjustRound(undefined, 5n)).toEqual({ ok: false, refusal: 'BET_NOT_FOUND' });
  });

  it('counts valid turnover only for settled rounds', () => {
    expect(validBetMinor(settled(400n))).toBe(400n);
    expect(validBetMinor(cancelled(400n))).toBe(0n);
    expect(validBetMinor(open(400n))).toBe(0n);
  });

  it('keeps the member delta equal to the change of (wins + corrections - bets), and void brings it back to zero (property)', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('bet' as const), amount: fc.bigInt({ min: 1n, max: 10_000n }) }),
      fc.record({ kind: fc.constant('win' as const), amount: fc.bigInt({ min: 0n, max: 10_000n }) }),
      fc.record({ kind: fc.constant('adjust' as const), amount: fc.bigInt({ min: -500n, max: 500n }).filter((n) => n !== 0n) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let round: Round | undefined;
        let memberMinor = 0n;
        for (const s of steps) {
          const decision = s.kind === 'bet' ? placeBet(round, s.amount) : s.kind === 'win' ? creditWin(round, (round?.betTotalMinor ?? 0n) > 0n, s.amount) : adjustRound(round, s.amount);
          if (!decision.ok) continue;
          round = decision.round;
          memberMinor += decision.memberDeltaMinor;
          expect(memberMinor).toBe(round.winTotalMinor + round.adjustTotalMinor - round.betTotalMinor);
        }
        if (!round) return;
        const voided = voidRound(round);
        expect(accepted(voided).state).toBe('cancelled');
        if (voided.ok) memberMinor += voided.memberDeltaMinor;
        expect(memberMinor).toBe(0n);
      }),
    );
  });
});

describe('house shards', () => {
  it('spreads round ids over every shard and always picks the same one for a round', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(houseShardFor(`round-${i}`, HOUSE_SHARDS));
    expect(seen.size).toBe(HOUSE_SHARDS);
    expect(houseShardFor('abc', HOUSE_SHARDS)).toBe(houseShardFor('abc', HOUSE_SHARDS));
    expect(houseShardKind(3)).toBe('shard-03');
    expect(houseShardKind(15)).toBe('shard-15');
  });
});
