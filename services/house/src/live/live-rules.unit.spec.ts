import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import { multiplierX100At } from './games.js';
import {
  acceptBets,
  bettingClosesAt,
  bettingSecondsOf,
  betsByMember,
  bustAtMs,
  cashoutX100,
  chainExhausted,
  checkProvable,
  checkRoundOpen,
  checkRoundStake,
  curveAt,
  curveBusted,
  curveStartsOnClose,
  curveWaitMs,
  distinctDebits,
  proofLinks,
  recoveryOf,
  roundIdOf,
  settleMemberBets,
  stakeLimits,
} from './live-rules.js';
import type { BetRow, RoundRow } from './store.js';

const GROWTH = 0.00006;

const round = (over: Partial<RoundRow> = {}): RoundRow => ({
  round_id: 'roulette-1.7',
  table_id: 'roulette-1',
  round_no: 7,
  status: 'betting',
  opens_ms: 1_000,
  closes_ms: 16_000,
  started_ms: null,
  growth: null,
  seed_hash: 'hash',
  server_seed: 'seed',
  drawn: { number: 17, color: 'black' },
  odds: null,
  result: null,
  settled_ms: null,
  ...over,
});

const crashRound = (crashX100: number, startedMs = 50_000): RoundRow =>
  round({ round_id: 'crash-1.3', table_id: 'crash-1', status: 'running', growth: GROWTH, started_ms: startedMs, drawn: { crashX100 } });

let betNo = 0;
const bet = (over: Partial<BetRow> = {}): BetRow => ({
  bet_id: `bet-${++betNo}`,
  round_id: 'roulette-1.7',
  table_id: 'roulette-1',
  member_id: 'm1',
  merchant_code: 'demo',
  currency: 'USD',
  spot: 'red',
  amount_minor: '100',
  payout_minor: '0',
  status: 'placed',
  auto_cashout_x100: null,
  cashout_x100: null,
  wallet_bet_tx: 'hl-bet:1',
  ...over,
});

const refusal = (fn: () => unknown): { code: string; field?: string } | undefined => {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, field: error.options.field };
  }
  return undefined;
};
const codeOf = (fn: () => unknown) => refusal(fn)?.code ?? 'none';

const usd = stakeLimits({ min_bet: '1', max_bet: '2000' }, 'USD');

describe('the round phases', () => {
  it('names rounds after their table and number, and closes betting the table’s seconds after opening', () => {
    expect(roundIdOf('roulette-1', 12)).toBe('roulette-1.12');
    expect(bettingSecondsOf({ betting_seconds: 15 }, undefined)).toBe(15);
    expect(bettingSecondsOf({ betting_seconds: 15 }, 0.4)).toBe(0.4);
    expect(bettingClosesAt(1_000, 15)).toBe(16_000);
    expect(bettingClosesAt(1_000, 0.0004)).toBe(1_000);
    expect(bettingClosesAt(1_000, 0.0006)).toBe(1_001);
  });

  it('starts a curve on closing only for crash, and recovers a drawn round by settling it, any other by refunding', () => {
    expect(curveStartsOnClose(crashRound(200))).toBe(true);
    expect(curveStartsOnClose(round())).toBe(false);
    expect(recoveryOf(round({ status: 'drawn' }))).toBe('settle');
    for (const status of ['betting', 'running'] as const) expect(recoveryOf(round({ status }))).toBe('refund');
  });

  it('needs a new chain exactly when the next round would fall past the current one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 0, max: 2_000 }), (first, length, offset) => {
        expect(chainExhausted({ chain_first_round: first, chain_length: length, next_round_no: first + offset })).toBe(offset >= length);
      }),
    );
  });
});

describe('the crash curve', () => {
  it('ticks at most one tick apart, never past the bust, and reaches it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 2_000 }), fc.integer({ min: 100, max: 1_000 }), (crashX100, tickMs) => {
        const started = crashRound(crashX100, 10_000);
        const bustAt = bustAtMs(started);
        let now = 10_000;
        let ticks = 0;
        for (let wait = curveWaitMs(now, bustAt, tickMs); wait !== null; wait = curveWaitMs(now, bustAt, tickMs)) {
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(tickMs);
          now += wait;
          expect(now).toBeLessThanOrEqual(bustAt);
          if (!curveBusted(now, bustAt)) expect(curveAt(started, now).elapsedMs).toBe(now - 10_000);
          ticks++;
        }
        expect(now).toBe(bustAt);
        expect(ticks).toBe(Math.ceil((bustAt - 10_000) / tickMs));
      }),
    );
  });

  it('takes a cash-out only below the crash point, at the multiplier of the moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 5_000 }), fc.integer({ min: 0, max: 120_000 }), (crashX100, elapsed) => {
        const running = crashRound(crashX100);
        const x100 = multiplierX100At(elapsed, GROWTH);
        const taken = refusal(() => cashoutX100(running, 'crash-1', 50_000 + elapsed));
        if (x100 >= crashX100) expect(taken).toEqual({ code: 'LIVE_ROUND_CLOSED', field: 'roundId' });
        else expect(cashoutX100(running, 'crash-1', 50_000 + elapsed).x100).toBe(x100);
      }),
    );
  });

  it('refuses a cash-out on another table’s round, a missing round, or one whose curve is not running', () => {
    expect(codeOf(() => cashoutX100(undefined, 'crash-1', 60_000))).toBe('LIVE_ROUND_CLOSED');
    expect(codeOf(() => cashoutX100(crashRound(500), 'crash-2', 60_000))).toBe('LIVE_ROUND_CLOSED');
    expect(codeOf(() => cashoutX100({ ...crashRound(500), status: 'betting' }, 'crash-1', 60_000))).toBe('LIVE_ROUND_CLOSED');
    expect(codeOf(() => cashoutX100({ ...crashRound(500), started_ms: null }, 'crash-1', 60_000))).toBe('LIVE_ROUND_CLOSED');
    expect(codeOf(() => cashoutX100({ ...crashRound(500), status: 'drawn' }, 'crash-1', 50_001))).toBe('LIVE_ROUND_CLOSED');
  });
});

describe('accepting bets', () => {
  const amount = fc.integer({ min: 0, max: 300_000 });
  const asMajor = (minor: number) => formatMinor(BigInt(minor), 'USD');

  it('takes every bet inside the limits, totals them, and refuses the first one outside by its index', () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 20 }), (amounts) => {
        const input = { bets: amounts.map((minor) => ({ spot: 'red', amount: asMajor(minor) })) };
        const outside = amounts.findIndex((minor) => minor < 100 || minor > 200_000);
        if (outside >= 0) {
          expect(refusal(() => acceptBets('roulette', usd, 'USD', input))).toEqual({ code: 'LIVE_BET_LIMITS', field: `bets.${outside}.amount` });
          return;
        }
        const accepted = acceptBets('roulette', usd, 'USD', input);
        expect(accepted.bets.map((one) => one.amount)).toEqual(amounts.map(BigInt));
        expect(accepted.totalMinor).toBe(amounts.reduce((sum, minor) => sum + BigInt(minor), 0n));
        expect(accepted.autoX100).toBeNull();
      }),
    );
  });

  it('refuses a spot the game does not have, and an amount finer than the currency', () => {
    expect(
      refusal(() =>
        acceptBets('roulette', usd, 'USD', {
          bets: [
            { spot: 'red', amount: '5' },
            { spot: 'straight-37', amount: '5' },
          ],
        }),
      ),
    ).toEqual({
      code: 'LIVE_BET_SPOT_INVALID',
      field: 'bets.1.spot',
    });
    expect(codeOf(() => acceptBets('dragon-tiger', usd, 'USD', { bets: [{ spot: 'red', amount: '5' }] }))).toBe('LIVE_BET_SPOT_INVALID');
    expect(codeOf(() => acceptBets('baccarat', usd, 'USD', { bets: [{ spot: 'player', amount: '5.001' }] }))).toBe('LIVE_BET_LIMITS');
  });

  it('crash takes one bet, with an auto cash-out of 1.01 or more', () => {
    const crashLimits = stakeLimits({ min_bet: '1', max_bet: '1000' }, 'USD');
    const one = [{ spot: 'crash', amount: '10' }];
    expect(codeOf(() => acceptBets('crash', crashLimits, 'USD', { bets: [...one, ...one] }))).toBe('LIVE_ONE_BET_PER_ROUND');
    expect(acceptBets('crash', crashLimits, 'USD', { bets: one }).autoX100).toBeNull();
    expect(acceptBets('crash', crashLimits, 'USD', { bets: one, autoCashout: '1.01' }).autoX100).toBe(101);
    expect(acceptBets('crash', crashLimits, 'USD', { bets: one, autoCashout: '2.5' }).autoX100).toBe(250);
    expect(refusal(() => acceptBets('crash', crashLimits, 'USD', { bets: one, autoCashout: '1.00' }))).toEqual({ code: 'VALIDATION_FAILED', field: 'autoCashout' });
    // Only crash reads the auto cash-out.
    expect(acceptBets('roulette', usd, 'USD', { bets: [{ spot: 'red', amount: '1' }], autoCashout: '1.00' }).autoX100).toBeNull();
  });

  it('bounds what one player stakes in a round, however it is split', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 400_000n }), fc.bigInt({ min: 100n, max: 200_000n }), (already, total) => {
        const refused = refusal(() => checkRoundStake(already, total, usd));
        expect(refused === undefined).toBe(already + total <= 200_000n);
        if (refused) expect(refused).toEqual({ code: 'LIVE_BET_LIMITS', field: 'bets' });
      }),
    );
    expect(codeOf(() => checkRoundStake(150_000n, 50_000n, usd))).toBe('none');
    expect(codeOf(() => checkRoundStake(150_000n, 50_001n, usd))).toBe('LIVE_BET_LIMITS');
  });

  it('takes bets only in a betting round of the table, before its closing time', () => {
    expect(codeOf(() => checkRoundOpen(round(), 'roulette-1', 15_999))).toBe('none');
    expect(codeOf(() => checkRoundOpen(round(), 'roulette-1', 16_000))).toBe('LIVE_BETTING_CLOSED');
    expect(codeOf(() => checkRoundOpen(round({ status: 'running' }), 'roulette-1', 2_000))).toBe('LIVE_BETTING_CLOSED');
    expect(codeOf(() => checkRoundOpen(round({ status: 'drawn' }), 'roulette-1', 2_000))).toBe('LIVE_BETTING_CLOSED');
    for (const status of ['settled', 'refunded'] as const) expect(codeOf(() => checkRoundOpen(round({ status }), 'roulette-1', 2_000))).toBe('LIVE_ROUND_CLOSED');
    expect(codeOf(() => checkRoundOpen(undefined, 'roulette-1', 2_000))).toBe('LIVE_ROUND_CLOSED');
    expect(codeOf(() => checkRoundOpen(round(), 'baccarat-1', 2_000))).toBe('LIVE_ROUND_CLOSED');
  });
});

describe('settling', () => {
  it('roulette: a straight-up hit pays 36 times the stake, a miss nothing, and the total is the sum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 36 }), fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1, maxLength: 10 }), (number, picks) => {
        const bets = picks.map(([pick, minor]) => bet({ spot: `straight-${pick}`, amount_minor: String(minor) }));
        const settled = settleMemberBets('roulette', bets, { number }, null);
        settled.outcomes.forEach((outcome, index) => {
          const [pick, minor] = picks[index]!;
          expect(outcome.payout).toBe(pick === number ? BigInt(minor) * 36n : 0n);
          expect(outcome.status).toBe(pick === number ? 'won' : 'lost');
        });
        expect(settled.payoutMinor).toBe(settled.outcomes.reduce((sum, outcome) => sum + outcome.payout, 0n));
        expect(settled.stakedMinor).toBe(picks.reduce((sum, [, minor]) => sum + BigInt(minor), 0n));
      }),
    );
  });

  it('rounds payouts down to the minor unit, and a stake returned whole is a push', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (minor) => {
        const [dragon] = settleMemberBets('dragon-tiger', [bet({ spot: 'dragon', amount_minor: String(minor) })], { winner: 'tie' }, null).outcomes;
        expect(dragon!.payout).toBe(BigInt(minor) / 2n);
        expect(dragon!.status).toBe(minor >= 2 ? 'won' : 'lost');
        const [banker] = settleMemberBets('baccarat', [bet({ spot: 'banker', amount_minor: String(minor) })], { winner: 'banker' }, null).outcomes;
        expect([banker!.payout, banker!.status]).toEqual([(BigInt(minor) * 19_500n) / 10_000n, 'won']);
        const [player] = settleMemberBets('baccarat', [bet({ spot: 'player', amount_minor: String(minor) })], { winner: 'tie' }, null).outcomes;
        expect([player!.payout, player!.status]).toEqual([BigInt(minor), 'push']);
      }),
    );
    // A push is the stake returned by the rules, not a payout that happens to round down to the stake.
    const [small] = settleMemberBets('baccarat', [bet({ spot: 'banker', amount_minor: '1' })], { winner: 'banker' }, null).outcomes;
    expect([small!.payout, small!.status]).toEqual([1n, 'won']);
  });

  it('crash: a bet still riding at the bust loses, a cashed one is paid what its cash-out took', () => {
    const settled = settleMemberBets(
      'crash',
      [bet({ spot: 'crash', status: 'placed', payout_minor: '0' }), bet({ spot: 'crash', status: 'cashed', payout_minor: '250' }), bet({ spot: 'crash', status: 'won', payout_minor: '120' })],
      { crashX100: 300 },
      null,
    );
    expect(settled.outcomes.map((outcome) => [outcome.payout, outcome.status])).toEqual([
      [0n, 'lost'],
      [250n, 'won'],
      [120n, 'won'],
    ]);
    expect([settled.payoutMinor, settled.stakedMinor]).toEqual([370n, 300n]);
  });

  it('pays each player once, in the order of their first bet, and rolls back each debit once', () => {
    const bets = [
      bet({ member_id: 'b', wallet_bet_tx: 't1' }),
      bet({ member_id: 'a', wallet_bet_tx: 't2' }),
      bet({ member_id: 'b', wallet_bet_tx: 't1' }),
      bet({ member_id: 'c', wallet_bet_tx: 't3' }),
    ];
    const byMember = betsByMember(bets);
    expect([...byMember.keys()]).toEqual(['b', 'a', 'c']);
    expect(byMember.get('b')).toEqual([bets[0], bets[2]]);
    expect(distinctDebits(bets).map((one) => one.wallet_bet_tx)).toEqual(['t1', 't2', 't3']);
  });
});

describe('proofs', () => {
  it('publishes only a settled round’s seed', () => {
    expect(codeOf(() => checkProvable(undefined))).toBe('LIVE_ROUND_NOT_FOUND');
    for (const status of ['betting', 'running', 'drawn', 'refunded'] as const) expect(codeOf(() => checkProvable(round({ status })))).toBe('LIVE_ROUND_NOT_SETTLED');
    expect(codeOf(() => checkProvable(round({ status: 'settled', server_seed: null })))).toBe('LIVE_ROUND_NOT_SETTLED');
    expect(codeOf(() => checkProvable(round({ status: 'settled' })))).toBe('none');
  });

  it('links a round to the next one inside its chain and to the head of the current chain only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3_000 }), (length, chainsBefore, roundNo) => {
        const first = 1 + chainsBefore * length;
        const links = proofLinks({ chain_first_round: first, chain_length: length, chain_head: 'head' }, roundNo, roundNo + 1);
        const chainOf = (no: number) => Math.floor((no - 1) / length);
        expect(links.linksToNext).toBe(chainOf(roundNo) === chainOf(roundNo + 1));
        expect(links.chainHead).toBe(roundNo >= first ? 'head' : null);
        expect(links.chainDistance).toBe(roundNo >= first ? roundNo - first + 1 : null);
        expect(proofLinks({ chain_first_round: first, chain_length: length, chain_head: 'head' }, roundNo, undefined).linksToNext).toBe(false);
      }),
    );
  });
});
