import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MIN_PRICE, resolveMarket, type FeedMarket, type OutcomeSettlement } from '@wps/contracts';
import { lineChances } from './markets.js';
import {
  basketballMarkets,
  DEFAULT_MARGIN,
  esportsMarkets,
  footballLines,
  footballMarkets,
  MAX_QUOTED_PRICE,
  outrightChances,
  outrightMarkets,
  priceOf,
  tennisMarkets,
  tennisSetChance,
} from './pricing.js';

const overround = (market: FeedMarket) => market.outcomes.reduce((sum, outcome) => sum + 1000 / outcome.price, 0);
/** A market whose prices the bounds did not cut, every outcome still open. */
const ordinary = (market: FeedMarket) => market.status === 'active' && market.outcomes.every((outcome) => outcome.active && outcome.price > MIN_PRICE && outcome.price < MAX_QUOTED_PRICE);
const price = (markets: FeedMarket[], key: string, outcome: string) => markets.find((market) => market.key === key)!.outcomes.find((one) => one.outcome === outcome)!.price;

/** What a unit stake returns at decimal odds `odds` under a settlement. */
const returned = (settlement: OutcomeSettlement, odds: number) => {
  const paid = settlement.result === 1 ? odds : 0;
  return settlement.voidFactor * 1 + (1 - settlement.voidFactor) * paid;
};

const rating = fc.integer({ min: 55, max: 95 });
const score = fc.record({ home: fc.integer({ min: 0, max: 5 }), away: fc.integer({ min: 0, max: 5 }) });
const margin = fc.double({ min: 0.02, max: 0.12, noNaN: true });

/** Markets of every sport, before and during play, at any margin. */
const anyMarkets = fc.oneof(
  fc.record({ homeRating: rating, awayRating: rating, minute: fc.double({ min: 0, max: 89, noNaN: true }), score, margin }).map((input) => ({ margin: input.margin, markets: footballMarkets(input) })),
  fc
    .record({ homeRating: rating, awayRating: rating, played: fc.double({ min: 0, max: 47, noNaN: true }), home: fc.integer({ min: 0, max: 130 }), away: fc.integer({ min: 0, max: 130 }), margin })
    .map((input) => ({
      margin: input.margin,
      markets: basketballMarkets({ ...input, score: { home: input.home, away: input.away }, meanTotal: 220 }),
    })),
  fc
    .record({
      homeRating: rating,
      awayRating: rating,
      sets: fc.record({ home: fc.integer({ min: 0, max: 1 }), away: fc.integer({ min: 0, max: 1 }) }),
      games: fc.record({ home: fc.integer({ min: 0, max: 5 }), away: fc.integer({ min: 0, max: 5 }) }),
      margin,
    })
    .map((input) => ({ margin: input.margin, markets: tennisMarkets(input) })),
  fc
    .record({
      sport: fc.constantFrom('cs2' as const, 'valorant' as const, 'lol' as const, 'dota2' as const),
      homeRating: rating,
      awayRating: rating,
      mapsToWin: fc.constantFrom(1, 2, 3),
      rounds: fc.record({ home: fc.integer({ min: 0, max: 11 }), away: fc.integer({ min: 0, max: 11 }) }),
      lead: fc.double({ min: -1, max: 1, noNaN: true }),
      margin,
    })
    .map((input) => ({ margin: input.margin, markets: esportsMarkets({ ...input, maps: { home: 0, away: Math.min(1, input.mapsToWin - 1) } }) })),
  fc
    .record({ ratings: fc.array(rating, { minLength: 4, maxLength: 8 }), margin })
    .map(({ ratings, margin }) => ({ margin, markets: outrightMarkets({ entrants: ratings.map((one, index) => ({ id: `e${index}`, rating: one })), margin }) })),
);

describe('feed pricing', () => {
  it('prices a probability with the margin, rounding down, within 1.010 and 500.000', () => {
    expect(priceOf(0.5, 0.06)).toBe(Math.floor(1000 / 0.53));
    expect(priceOf(0.5)).toBe(priceOf(0.5, DEFAULT_MARGIN));
    expect(priceOf(0.99, 0.06)).toBe(MIN_PRICE);
    expect(priceOf(1e-7, 0.06)).toBe(MAX_QUOTED_PRICE);
    expect(priceOf(0, 0.06)).toBe(MAX_QUOTED_PRICE);
  });

  it('keeps every ordinary market’s overround within a point of its margin', () => {
    let checked = 0;
    fc.assert(
      fc.property(anyMarkets, ({ margin, markets }) => {
        for (const market of markets) {
          expect(market.key).toMatch(/^[a-z0-9_]{1,24}(:-?[0-9]{1,4})?$/);
          for (const outcome of market.outcomes) expect(Number.isInteger(outcome.price) && outcome.price >= MIN_PRICE && outcome.price <= MAX_QUOTED_PRICE).toBe(true);
          if (!ordinary(market)) continue;
          checked++;
          expect(overround(market)).toBeGreaterThanOrEqual(1 + margin - 0.01);
          expect(overround(market)).toBeLessThanOrEqual(1 + margin + 0.01);
        }
      }),
      { numRuns: 400 },
    );
    expect(checked).toBeGreaterThan(1_000);
  });

  it('offers every market open before play, with the football set in full', () => {
    const markets = footballMarkets({ homeRating: 80, awayRating: 72 });
    expect(markets.every((market) => market.status === 'active' && market.outcomes.every((outcome) => outcome.active))).toBe(true);
    const keys = markets.map((market) => market.key);
    expect(keys).toEqual(expect.arrayContaining(['1x2', 'total:6', 'total:9', 'total:10', 'total:14', 'btts', 'correct_score', 'handicap:-4', 'handicap:4']));
    // The main Asian handicap first, then a quarter either side.
    const handicaps = markets.filter((market) => market.spec.type === 'asian_handicap').map((market) => market.spec.line!);
    expect(handicaps).toEqual([handicaps[0], handicaps[0]! - 1, handicaps[0]! + 1]);
    expect(handicaps.some((line) => Math.abs(line % 2) === 1)).toBe(true);
    expect(markets.find((market) => market.key === 'correct_score')!.outcomes).toHaveLength(26);
    for (const [sport, mapsToWin, count] of [
      ['cs2', 1, 1],
      ['dota2', 2, 6],
      ['valorant', 3, 7],
    ] as const) {
      expect(esportsMarkets({ sport, homeRating: 80, awayRating: 80, mapsToWin }).map((market) => market.key)).toHaveLength(count);
    }
    expect(tennisMarkets({ homeRating: 80, awayRating: 80 }).map((market) => market.key)).toEqual(['moneyline', 'asian_handicap:-6', 'asian_handicap:6', 'period_winner:1', 'period_winner:2']);
    expect(basketballMarkets({ homeRating: 80, awayRating: 80 }).every((market) => market.spec.line === undefined || Math.abs(market.spec.line % 4) === 2)).toBe(true);
  });

  it('favours the stronger side in football’s 1x2, and the home side between equals', () => {
    fc.assert(
      fc.property(rating, fc.integer({ min: 3, max: 30 }), (base, gap) => {
        const strongHome = footballMarkets({ homeRating: base + gap, awayRating: base });
        expect(price(strongHome, '1x2', 'home')).toBeLessThan(price(strongHome, '1x2', 'away'));
        const strongAway = footballMarkets({ homeRating: base, awayRating: base + gap });
        expect(price(strongAway, '1x2', 'away')).toBeLessThan(price(strongAway, '1x2', 'home'));
      }),
    );
    const equals = footballMarkets({ homeRating: 75, awayRating: 75 });
    expect(price(equals, '1x2', 'home')).toBeLessThan(price(equals, '1x2', 'away'));
    expect(price(basketballMarkets({ homeRating: 70, awayRating: 85 }), 'moneyline', 'away')).toBeLessThan(1600);
    expect(price(tennisMarkets({ homeRating: 90, awayRating: 75 }), 'moneyline', 'home')).toBeLessThan(1500);
    expect(price(esportsMarkets({ sport: 'cs2', homeRating: 70, awayRating: 88, mapsToWin: 2 }), 'moneyline', 'home')).toBeGreaterThan(3000);
    const chances = outrightChances([90, 80, 70]);
    expect(chances.reduce((sum, one) => sum + one, 0)).toBeCloseTo(1, 12);
    expect(chances[0]!).toBeGreaterThan(chances[1]!);
  });

  it('moves the home price the right way when a goal goes in', () => {
    fc.assert(
      fc.property(rating, rating, fc.double({ min: 1, max: 85, noNaN: true }), score, (home, away, minute, goals) => {
        const now = footballMarkets({ homeRating: home, awayRating: away, minute, score: goals });
        const homeScores = footballMarkets({ homeRating: home, awayRating: away, minute, score: { ...goals, home: goals.home + 1 } });
        const awayScores = footballMarkets({ homeRating: home, awayRating: away, minute, score: { ...goals, away: goals.away + 1 } });
        expect(price(homeScores, '1x2', 'home')).toBeLessThanOrEqual(price(now, '1x2', 'home'));
        expect(price(awayScores, '1x2', 'home')).toBeGreaterThanOrEqual(price(now, '1x2', 'home'));
        // Strictly, unless both are already at a bound.
        if (price(awayScores, '1x2', 'home') > MIN_PRICE && price(homeScores, '1x2', 'home') < MAX_QUOTED_PRICE)
          expect(price(homeScores, '1x2', 'home')).toBeLessThan(price(awayScores, '1x2', 'home'));
      }),
    );
    const tie = footballMarkets({ homeRating: 75, awayRating: 75, minute: 60, score: { home: 1, away: 1 } });
    const lead = footballMarkets({ homeRating: 75, awayRating: 75, minute: 60, score: { home: 2, away: 1 } });
    expect(price(lead, '1x2', 'home')).toBeLessThan(price(tie, '1x2', 'home') - 500);
  });

  it('deactivates a market the score has decided and closes outcomes it has ruled out', () => {
    const markets = footballMarkets({ homeRating: 75, awayRating: 75, minute: 50, score: { home: 2, away: 1 } });
    for (const key of ['total:6', 'total:9', 'total:10', 'btts']) {
      expect(markets.find((market) => market.key === key)).toMatchObject({ status: 'deactivated' });
      expect(markets.find((market) => market.key === key)!.outcomes.every((outcome) => !outcome.active)).toBe(true);
    }
    const correct = markets.find((market) => market.key === 'correct_score')!;
    expect(correct.status).toBe('active');
    expect(correct.outcomes.find((outcome) => outcome.outcome === '1:1')).toMatchObject({ active: false, price: MAX_QUOTED_PRICE });
    expect(correct.outcomes.find((outcome) => outcome.outcome === '2:1')!.active).toBe(true);
    // The main lines follow the score.
    expect(footballLines({ homeRating: 75, awayRating: 75, minute: 50, score: { home: 2, away: 1 } }).total).toBeGreaterThanOrEqual(14);
    expect(tennisMarkets({ homeRating: 80, awayRating: 80, sets: { home: 1, away: 0 } }).find((market) => market.key === 'asian_handicap:6')!.status).toBe('deactivated');
    expect(tennisSetChance(0.5, { home: 5, away: 0 })).toBeGreaterThan(0.95);
  });

  it('prices lines at their fair value under the settlement rules: a fair price returns the stake on average', () => {
    const distribution = fc
      .array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 1, maxLength: 9 })
      .chain((weights) => fc.integer({ min: -4, max: 4 }).map((low) => new Map(weights.map((weight, index) => [low + index, weight / weights.reduce((sum, one) => sum + one, 0)] as const))));
    fc.assert(
      fc.property(distribution, fc.integer({ min: -20, max: 20 }), (differences, line) => {
        const chances = lineChances(differences, line);
        if (!chances) return;
        (['home', 'away'] as const).forEach((side, index) => {
          const chance = chances[index]!;
          if (chance < 1e-9) return;
          let expected = 0;
          for (const [difference, probability] of differences) {
            const result = difference >= 0 ? { home: difference, away: 0 } : { home: 0, away: -difference };
            expected += probability * returned(resolveMarket({ type: 'asian_handicap', line }, [side], result)[0]!, 1 / chance);
          }
          expect(expected).toBeCloseTo(1, 9);
        });
      }),
      { numRuns: 300 },
    );
  });
});
