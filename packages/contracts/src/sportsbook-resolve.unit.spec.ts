import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MARKET_TYPES, MAX_PRICE, MIN_PRICE, type EventResult, type LegState, type MarketSpec, type OutcomeSettlement } from './sportsbook-core.js';
import { legState, outcomeKeysFor, resolveMarket } from './sportsbook-resolve.js';
import { legReturn } from './sportsbook-settle.js';

const score = (home: number, away: number, more: Partial<EventResult> = {}): EventResult => ({ home, away, ...more });
/** The leg states of a market's outcomes, by outcome key. */
function states(spec: MarketSpec, result: EventResult, outcomes = outcomeKeysFor(spec) ?? []): Record<string, LegState> {
  return Object.fromEntries(resolveMarket(spec, outcomes, result).map((settlement) => [settlement.outcome, legState(settlement)]));
}
const asian = (line: number, home: number, away: number) => states({ type: 'asian_handicap', line }, score(home, away));
const total = (line: number, home: number, away: number) => states({ type: 'total', line }, score(home, away));

describe('market resolution', () => {
  it('lists the fixed outcome keys of each market type', () => {
    expect(Object.fromEntries(MARKET_TYPES.map((type) => [type, outcomeKeysFor({ type })]))).toEqual({
      '1x2': ['home', 'draw', 'away'],
      moneyline: ['home', 'away'],
      handicap: ['home', 'draw', 'away'],
      asian_handicap: ['home', 'away'],
      total: ['over', 'under'],
      btts: ['yes', 'no'],
      correct_score: null,
      period_winner: ['home', 'away'],
      outright: null,
    });
  });

  it('settles 1x2 on the full-time result', () => {
    expect(states({ type: '1x2' }, score(2, 1))).toEqual({ home: 'won', draw: 'lost', away: 'lost' });
    expect(states({ type: '1x2' }, score(1, 1))).toEqual({ home: 'lost', draw: 'won', away: 'lost' });
    expect(states({ type: '1x2' }, score(0, 2))).toEqual({ home: 'lost', draw: 'lost', away: 'won' });
  });

  it('settles a moneyline on the winner and gives the stakes back on a tie', () => {
    expect(states({ type: 'moneyline' }, score(101, 99))).toEqual({ home: 'won', away: 'lost' });
    expect(states({ type: 'moneyline' }, score(1, 2))).toEqual({ home: 'lost', away: 'won' });
    expect(resolveMarket({ type: 'moneyline' }, ['home', 'away'], score(1, 1))).toEqual([
      { outcome: 'home', result: 0, voidFactor: 1 },
      { outcome: 'away', result: 0, voidFactor: 1 },
    ]);
  });

  it('settles a European handicap with the whole line added to the home score', () => {
    // Home −1
    expect(states({ type: 'handicap', line: -4 }, score(3, 1))).toEqual({ home: 'won', draw: 'lost', away: 'lost' });
    expect(states({ type: 'handicap', line: -4 }, score(2, 1))).toEqual({ home: 'lost', draw: 'won', away: 'lost' });
    expect(states({ type: 'handicap', line: -4 }, score(1, 1))).toEqual({ home: 'lost', draw: 'lost', away: 'won' });
    // Home +2
    expect(states({ type: 'handicap', line: 8 }, score(0, 2))).toEqual({ home: 'lost', draw: 'won', away: 'lost' });
    expect(states({ type: 'handicap', line: 8 }, score(0, 1))).toEqual({ home: 'won', draw: 'lost', away: 'lost' });
  });

  describe("Asian handicap, by the home side's winning margin", () => {
    it('−0.25: half-lost on a draw, won by one or two', () => {
      expect(asian(-1, 0, 0)).toEqual({ home: 'half_lost', away: 'half_won' });
      expect(asian(-1, 1, 0)).toEqual({ home: 'won', away: 'lost' });
      expect(asian(-1, 2, 0)).toEqual({ home: 'won', away: 'lost' });
    });
    it('−0.75: lost on a draw, half-won by one, won by two', () => {
      expect(asian(-3, 1, 1)).toEqual({ home: 'lost', away: 'won' });
      expect(asian(-3, 2, 1)).toEqual({ home: 'half_won', away: 'half_lost' });
      expect(asian(-3, 3, 1)).toEqual({ home: 'won', away: 'lost' });
    });
    it('+0.25: half-won on a draw, won by one or two, lost when beaten', () => {
      expect(asian(1, 0, 0)).toEqual({ home: 'half_won', away: 'half_lost' });
      expect(asian(1, 1, 0)).toEqual({ home: 'won', away: 'lost' });
      expect(asian(1, 2, 0)).toEqual({ home: 'won', away: 'lost' });
      expect(asian(1, 0, 1)).toEqual({ home: 'lost', away: 'won' });
    });
    it('−1: lost on a draw, void by one, won by two', () => {
      expect(asian(-4, 0, 0)).toEqual({ home: 'lost', away: 'won' });
      expect(asian(-4, 1, 0)).toEqual({ home: 'void', away: 'void' });
      expect(asian(-4, 2, 0)).toEqual({ home: 'won', away: 'lost' });
    });
    it('−1.5: lost on a draw or by one, won by two', () => {
      expect(asian(-6, 0, 0)).toEqual({ home: 'lost', away: 'won' });
      expect(asian(-6, 1, 0)).toEqual({ home: 'lost', away: 'won' });
      expect(asian(-6, 2, 0)).toEqual({ home: 'won', away: 'lost' });
    });
    it('carries a half-win as result 1 and a half-loss as result 0, each with half the stake back', () => {
      expect(resolveMarket({ type: 'asian_handicap', line: -1 }, ['home', 'away'], score(0, 0))).toEqual([
        { outcome: 'home', result: 0, voidFactor: 0.5 },
        { outcome: 'away', result: 1, voidFactor: 0.5 },
      ]);
      expect(resolveMarket({ type: 'asian_handicap', line: 0 }, ['away'], score(2, 2))).toEqual([{ outcome: 'away', result: 0, voidFactor: 1 }]);
    });
  });

  it('settles totals with the same line rules', () => {
    expect(total(10, 2, 1)).toEqual({ over: 'won', under: 'lost' });
    expect(total(10, 1, 1)).toEqual({ over: 'lost', under: 'won' });
    expect(total(8, 1, 1)).toEqual({ over: 'void', under: 'void' });
    expect(total(9, 1, 1)).toEqual({ over: 'half_lost', under: 'half_won' });
    expect(total(9, 2, 1)).toEqual({ over: 'won', under: 'lost' });
    expect(total(11, 2, 1)).toEqual({ over: 'half_won', under: 'half_lost' });
    expect(total(11, 1, 1)).toEqual({ over: 'lost', under: 'won' });
    expect(total(0, 0, 0)).toEqual({ over: 'void', under: 'void' });
    expect(total(1, 0, 0)).toEqual({ over: 'half_lost', under: 'half_won' });
  });

  it('settles both teams to score', () => {
    expect(states({ type: 'btts' }, score(1, 1))).toEqual({ yes: 'won', no: 'lost' });
    expect(states({ type: 'btts' }, score(3, 0))).toEqual({ yes: 'lost', no: 'won' });
    expect(states({ type: 'btts' }, score(0, 0))).toEqual({ yes: 'lost', no: 'won' });
  });

  it('settles a correct score on its key, and `other` on any score not listed', () => {
    const keys = ['0:0', '1:0', '0:1', '1:1', '2:1', 'other'];
    expect(states({ type: 'correct_score' }, score(2, 1), keys)).toEqual({ '0:0': 'lost', '1:0': 'lost', '0:1': 'lost', '1:1': 'lost', '2:1': 'won', other: 'lost' });
    expect(states({ type: 'correct_score' }, score(4, 3), keys)).toEqual({ '0:0': 'lost', '1:0': 'lost', '0:1': 'lost', '1:1': 'lost', '2:1': 'lost', other: 'won' });
    expect(states({ type: 'correct_score' }, score(10, 0), ['10:0', 'other'])).toEqual({ '10:0': 'won', other: 'lost' });
  });

  it('settles a period winner from its set or map, and gives every stake back for a period not played', () => {
    const periods = [
      { home: 6, away: 4 },
      { home: 3, away: 6 },
    ];
    expect(states({ type: 'period_winner', period: 1 }, score(1, 1, { periods }))).toEqual({ home: 'won', away: 'lost' });
    expect(states({ type: 'period_winner', period: 2 }, score(1, 1, { periods }))).toEqual({ home: 'lost', away: 'won' });
    expect(states({ type: 'period_winner', period: 3 }, score(2, 0, { periods }))).toEqual({ home: 'void', away: 'void' });
    expect(states({ type: 'period_winner', period: 1 }, score(0, 0))).toEqual({ home: 'void', away: 'void' });
  });

  it('settles an outright on its winner, and a shared first place as a dead heat', () => {
    expect(resolveMarket({ type: 'outright' }, ['a', 'b', 'c'], score(0, 0, { winners: ['b'] }))).toEqual([
      { outcome: 'a', result: 0, voidFactor: 0 },
      { outcome: 'b', result: 1, voidFactor: 0 },
      { outcome: 'c', result: 0, voidFactor: 0 },
    ]);
    // Three share first place, one of them not offered: each winner is paid at a third of the stake.
    expect(resolveMarket({ type: 'outright' }, ['a', 'b', 'c'], score(0, 0, { winners: ['a', 'c', 'x'] }))).toEqual([
      { outcome: 'a', result: 1, voidFactor: 0, deadHeat: [1, 3] },
      { outcome: 'b', result: 0, voidFactor: 0 },
      { outcome: 'c', result: 1, voidFactor: 0, deadHeat: [1, 3] },
    ]);
    expect(states({ type: 'outright' }, score(0, 0, { winners: ['a', 'b'] }), ['a', 'b', 'c'])).toEqual({ a: 'dead_heat', b: 'dead_heat', c: 'lost' });
    expect(() => resolveMarket({ type: 'outright' }, ['a'], score(0, 0))).toThrow(RangeError);
  });

  it('refuses an outcome key the type does not have', () => {
    const cases: [MarketSpec, string][] = [
      [{ type: '1x2' }, 'over'],
      [{ type: 'moneyline' }, 'draw'],
      [{ type: 'handicap', line: -4 }, '1'],
      [{ type: 'asian_handicap', line: -1 }, 'draw'],
      [{ type: 'total', line: 10 }, 'home'],
      [{ type: 'btts' }, 'maybe'],
      [{ type: 'correct_score' }, '1-0'],
      [{ type: 'correct_score' }, '01:0'],
      [{ type: 'period_winner', period: 1 }, 'draw'],
      [{ type: 'outright' }, ''],
    ];
    for (const [spec, outcome] of cases) {
      expect(() => resolveMarket(spec, [outcome], score(1, 0, { periods: [{ home: 1, away: 0 }], winners: ['a'] })), `${spec.type} ${outcome}`).toThrow(RangeError);
    }
  });

  it('refuses a market without the line or period it needs, and a score that is not two whole numbers', () => {
    expect(() => resolveMarket({ type: 'total' }, ['over'], score(1, 0))).toThrow(RangeError);
    expect(() => resolveMarket({ type: 'asian_handicap', line: 0.5 }, ['home'], score(1, 0))).toThrow(RangeError);
    expect(() => resolveMarket({ type: 'handicap', line: -2 }, ['home'], score(1, 0))).toThrow(RangeError);
    expect(() => resolveMarket({ type: 'period_winner' }, ['home'], score(1, 0))).toThrow(RangeError);
    expect(() => resolveMarket({ type: 'period_winner', period: 0 }, ['home'], score(1, 0))).toThrow(RangeError);
    expect(() => resolveMarket({ type: '1x2' }, ['home'], score(-1, 0))).toThrow(RangeError);
    expect(() => resolveMarket({ type: 'btts' }, ['yes'], score(1.5, 0))).toThrow(RangeError);
  });

  it('shows each settlement as a leg state', () => {
    const as = (settlement: Omit<OutcomeSettlement, 'outcome'> | undefined) => legState(settlement && { outcome: 'home', ...settlement });
    expect(as(undefined)).toBe('open');
    expect(as({ result: 1, voidFactor: 0 })).toBe('won');
    expect(as({ result: 0, voidFactor: 0 })).toBe('lost');
    expect(as({ result: 0, voidFactor: 1 })).toBe('void');
    expect(as({ result: 1, voidFactor: 1 })).toBe('void');
    expect(as({ result: 1, voidFactor: 0.5 })).toBe('half_won');
    expect(as({ result: 0, voidFactor: 0.5 })).toBe('half_lost');
    expect(as({ result: 1, voidFactor: 0, deadHeat: [1, 2] })).toBe('dead_heat');
    expect(as({ result: 1, voidFactor: 0, deadHeat: [1, 1] })).toBe('won');
    expect(as({ result: 0, voidFactor: 0, deadHeat: [1, 2] })).toBe('lost');
  });

  const goals = fc.integer({ min: 0, max: 9 });
  const price = fc.integer({ min: MIN_PRICE, max: MAX_PRICE });

  it('settles a quarter line as the average of its two neighbours, half the stake on each', () => {
    const returnOf = (type: 'asian_handicap' | 'total', line: number, outcome: string, result: EventResult, at: number) => legReturn(at, resolveMarket({ type, line }, [outcome], result)[0]!);
    fc.assert(
      fc.property(fc.constantFrom('asian_handicap' as const, 'total' as const), fc.integer({ min: -20, max: 19 }), fc.boolean(), goals, goals, price, (type, half, first, home, away, at) => {
        const line = 2 * half + 1;
        if (type === 'total' && line < 0) return;
        const outcome = (type === 'total' ? ['over', 'under'] : ['home', 'away'])[first ? 0 : 1]!;
        const result = score(home, away);
        // Exactly, as fractions: 2 × q = a + b, so 2 × qn × ad × bd = (an × bd + bn × ad) × qd.
        const [qn, qd] = returnOf(type, line, outcome, result, at);
        const [an, ad] = returnOf(type, line - 1, outcome, result, at);
        const [bn, bd] = returnOf(type, line + 1, outcome, result, at);
        expect(2n * qn * ad * bd).toBe((an * bd + bn * ad) * qd);
      }),
      { numRuns: 2_000 },
    );
  });

  it('settles the two sides of a line as opposites, and exactly one outcome of a three-way market as won', () => {
    const opposite: Record<LegState, LegState> = { won: 'lost', lost: 'won', half_won: 'half_lost', half_lost: 'half_won', void: 'void', open: 'open', dead_heat: 'dead_heat' };
    fc.assert(
      fc.property(fc.integer({ min: -24, max: 24 }), goals, goals, (line, home, away) => {
        const handicap = asian(line, home, away);
        expect(handicap.away).toBe(opposite[handicap.home!]);
        const totals = total(Math.abs(line), home, away);
        expect(totals.under).toBe(opposite[totals.over!]);
        for (const spec of [{ type: '1x2' } as const, { type: 'handicap', line: 4 * Math.round(line / 4) } as const]) {
          expect(Object.values(states(spec, score(home, away))).filter((state) => state === 'won')).toHaveLength(1);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
