import { describe, expect, it } from 'vitest';
import { potentialPayout } from '@wps/contracts';
import {
  acceptable,
  acceptChanges,
  changedOffer,
  changedPrices,
  fitSystemSize,
  hasSameEvent,
  minorOf,
  minorText,
  modeProblem,
  needsAcceptance,
  pickId,
  pickOf,
  placedPrice,
  slipBodies,
  slipFigures,
  stakeProblem,
  systemSizes,
  togglePick,
  withBookPrices,
  withUpdates,
  type SlipPick,
} from './slip';

function pick(eventId: string, market = '1x2', outcome = 'home', price = 2000, extra: Partial<SlipPick> = {}): SlipPick {
  return {
    eventId,
    sport: 'football',
    eventName: 'Lions v Tigers',
    competition: 'League',
    home: 'Lions',
    away: 'Tigers',
    outcomeName: null,
    market,
    type: '1x2',
    line: null,
    period: null,
    outcome,
    price,
    current: price,
    available: true,
    live: false,
    ...extra,
  };
}

describe('picking prices', () => {
  it('adds a price, removes it when picked again, and swaps another outcome of the same market', () => {
    let { slip } = togglePick([], pick('e1'), 12);
    expect(slip.map(pickId)).toEqual(['e1|1x2|home']);
    slip = togglePick(slip, pick('e2'), 12).slip;
    slip = togglePick(slip, pick('e1', '1x2', 'away', 3500), 12).slip;
    expect(slip.map(pickId)).toEqual(['e1|1x2|away', 'e2|1x2|home']);
    slip = togglePick(slip, pick('e1', 'total:10', 'over'), 12).slip;
    expect(slip).toHaveLength(3);
    slip = togglePick(slip, pick('e1', '1x2', 'away'), 12).slip;
    expect(slip.map(pickId)).toEqual(['e2|1x2|home', 'e1|total:10|over']);
  });

  it('refuses a selection past the slip’s room', () => {
    const full = togglePick([pick('e1'), pick('e2')], pick('e3'), 2);
    expect(full.full).toBe(true);
    expect(full.slip).toHaveLength(2);
  });

  it('makes a selection from an event’s market', () => {
    const made = pickOf(
      { eventId: 'e9', sport: 'tennis', competition: 'Open', status: 'live', home: { name: 'Ann' }, away: { name: 'Bea' }, entrants: null },
      { key: 'period_winner:2', type: 'period_winner', line: null, period: 2, status: 'suspended' },
      { outcome: 'away', price: 1850, active: true },
    );
    expect(made).toMatchObject({ eventName: 'Ann v Bea', market: 'period_winner:2', price: 1850, current: 1850, available: false, live: true, period: 2 });
    const outright = pickOf(
      { eventId: 'o1', sport: 'football', competition: 'Cup winner', status: 'not_started', home: null, away: null, entrants: [{ id: 'r', name: 'Rovers' }] },
      { key: 'outright', type: 'outright', line: null, period: null, status: 'active' },
      { outcome: 'r', price: 4000, active: true },
    );
    expect(outright).toMatchObject({ eventName: 'Cup winner', outcomeName: 'Rovers', available: true });
  });
});

describe('bet types', () => {
  it('needs selections from distinct events for parlays and system bets', () => {
    expect(modeProblem([], 'single')).toEqual({ key: 'sb_slip_empty' });
    expect(modeProblem([pick('e1')], 'single')).toBeNull();
    expect(modeProblem([pick('e1')], 'parlay')).toEqual({ key: 'sb_err_parlay_size' });
    expect(modeProblem([pick('e1'), pick('e2')], 'system')).toEqual({ key: 'sb_err_system_size' });
    const sameEvent = [pick('e1'), pick('e1', 'total:10', 'over')];
    expect(hasSameEvent(sameEvent)).toBe(true);
    expect(modeProblem(sameEvent, 'parlay')).toEqual({ key: 'sb_err_same_event' });
    expect(modeProblem(sameEvent, 'single')).toBeNull();
  });

  it('offers system sizes from 2 to one less than the selections', () => {
    expect(systemSizes(2)).toEqual([]);
    expect(systemSizes(3)).toEqual([2]);
    expect(systemSizes(5)).toEqual([2, 3, 4]);
    expect(fitSystemSize(4, 3)).toBe(3);
    expect(fitSystemSize(3, 3)).toBe(2);
  });
});

describe('price changes', () => {
  it('accepts moves by the player’s setting', () => {
    expect(acceptable(2000, 2100, 'higher')).toBe(true);
    expect(acceptable(2000, 1900, 'higher')).toBe(false);
    expect(acceptable(2000, 1900, 'any')).toBe(true);
    expect(acceptable(2000, 2100, 'none')).toBe(false);
    expect(acceptable(2000, 2000, 'none')).toBe(true);
  });

  it('follows pushes: prices, suspensions and the event’s end', () => {
    const slip = [pick('e1'), pick('e2', 'total:10', 'over', 1900)];
    const moved = withUpdates(slip, [
      {
        eventId: 'e1',
        status: 'live',
        score: { home: 0, away: 0 },
        markets: [
          {
            key: '1x2',
            type: '1x2',
            line: null,
            period: null,
            status: 'active',
            outcomes: [
              { outcome: 'home', price: 1800, active: true },
              { outcome: 'away', price: 4000, active: true },
            ],
          },
        ],
      },
    ]);
    expect(moved[0]).toMatchObject({ price: 2000, current: 1800, available: true, live: true });
    expect(moved[1]).toBe(slip[1]);
    expect(needsAcceptance(moved[0]!, 'higher')).toBe(true);
    expect(needsAcceptance(moved[0]!, 'any')).toBe(false);
    expect(placedPrice(moved[0]!, 'any')).toBe(1800);
    expect(placedPrice(moved[0]!, 'higher')).toBe(2000);
    expect(acceptChanges(moved)[0]).toMatchObject({ price: 1800, current: 1800 });

    const suspended = withUpdates(moved, [
      { eventId: 'e1', status: 'live', markets: [{ key: '1x2', type: '1x2', line: null, period: null, status: 'suspended', outcomes: [{ outcome: 'home', price: 1800, active: true }] }] },
    ]);
    expect(suspended[0]!.available).toBe(false);
    const ended = withUpdates(slip, [{ eventId: 'e2', status: 'ended', markets: [] }]);
    expect(ended[1]!.available).toBe(false);
    expect(withUpdates(slip, [{ eventId: 'other', status: 'live', markets: [] }])).toBe(slip);
  });

  it('takes the book’s prices from a refusal', () => {
    const value = { changed: [{ eventId: 'e1', market: '1x2', outcome: 'home', price: 1750 }, { bogus: true }] };
    const prices = changedPrices(value);
    expect(prices).toEqual([{ eventId: 'e1', market: '1x2', outcome: 'home', price: 1750 }]);
    expect(withBookPrices([pick('e1'), pick('e2')], prices).map((entry) => entry.current)).toEqual([1750, 2000]);
    expect(changedPrices(null)).toEqual([]);
    expect(changedOffer({ offer: '9.50' })).toBe('9.50');
    expect(changedOffer({})).toBeNull();
  });
});

describe('stake and payout', () => {
  const limits = { minStake: '1', maxStake: '10000' };

  it('checks the stake against the book’s limits', () => {
    expect(stakeProblem('10', limits)).toBeNull();
    expect(stakeProblem('2.5', limits)).toBeNull();
    expect(stakeProblem('0.5', limits)).toEqual({ key: 'sb_err_stake_limits', params: { min: '1', max: '10000' } });
    expect(stakeProblem('10001', limits)).toMatchObject({ key: 'sb_err_stake_limits' });
    expect(stakeProblem('abc', limits)).toEqual({ key: 'sb_err_stake' });
    expect(stakeProblem('1.234', limits)).toEqual({ key: 'sb_err_stake' });
  });

  it('converts minor units', () => {
    expect(minorText(1250)).toBe('12.50');
    expect(minorText(5)).toBe('0.05');
    expect(minorOf('12.5')).toBe(1250);
    expect(minorOf('x')).toBeNull();
  });

  it('works out singles: one bet per selection, each at the stake', () => {
    const figures = slipFigures({
      slip: [pick('e1', '1x2', 'home', 2000), pick('e2', '1x2', 'home', 1952)],
      mode: 'single',
      systemSize: 2,
      stakeMinor: 1000,
      maxPayoutMinor: null,
      acceptance: 'higher',
    });
    expect(figures).toEqual({ bets: 2, totalStakeMinor: 2000, payoutMinor: 2000 + 1952, totalPrice: null });
  });

  it('works out a parlay with the book’s payout maths and its cap', () => {
    const slip = [pick('e1', '1x2', 'home', 1952), pick('e2', '1x2', 'home', 2105)];
    const figures = slipFigures({ slip, mode: 'parlay', systemSize: 2, stakeMinor: 1000, maxPayoutMinor: null, acceptance: 'higher' });
    expect(figures).toEqual({ bets: 1, totalStakeMinor: 1000, payoutMinor: potentialPayout(1000, [1952, 2105]), totalPrice: 4108 });
    expect(slipFigures({ slip, mode: 'parlay', systemSize: 2, stakeMinor: 1000, maxPayoutMinor: 3000, acceptance: 'higher' })!.payoutMinor).toBe(3000);
  });

  it('works out a system bet: every combination at the stake', () => {
    const slip = [pick('e1', '1x2', 'home', 2000), pick('e2', '1x2', 'home', 3000), pick('e3', '1x2', 'home', 1500)];
    const figures = slipFigures({ slip, mode: 'system', systemSize: 2, stakeMinor: 100, maxPayoutMinor: null, acceptance: 'higher' });
    expect(figures).toEqual({ bets: 3, totalStakeMinor: 300, payoutMinor: 600 + 300 + 450, totalPrice: null });
    expect(slipFigures({ slip: slip.slice(0, 2), mode: 'system', systemSize: 2, stakeMinor: 100, maxPayoutMinor: null, acceptance: 'higher' })).toBeNull();
  });

  it('places singles one by one, and parlays and system bets whole', () => {
    const slip = [pick('e1', '1x2', 'home', 2000, { current: 2100 }), pick('e2', 'total:10', 'over', 1900)];
    const singles = slipBodies({ slip, mode: 'single', systemSize: 2, stakeText: '5', acceptance: 'higher' });
    expect(singles).toEqual([
      { type: 'single', selections: [{ eventId: 'e1', market: '1x2', outcome: 'home', price: 2100 }], stake: '5.00', acceptOdds: 'higher' },
      { type: 'single', selections: [{ eventId: 'e2', market: 'total:10', outcome: 'over', price: 1900 }], stake: '5.00', acceptOdds: 'higher' },
    ]);
    const parlay = slipBodies({ slip, mode: 'parlay', systemSize: 2, stakeText: '2.5', acceptance: 'none' });
    expect(parlay).toEqual([{ type: 'parlay', selections: [expect.objectContaining({ price: 2000 }), expect.objectContaining({ price: 1900 })], stake: '2.50', acceptOdds: 'none' }]);
    const system = slipBodies({ slip: [...slip, pick('e3')], mode: 'system', systemSize: 5, stakeText: '1', acceptance: 'any' });
    expect(system).toEqual([expect.objectContaining({ type: 'system', systemSize: 2, stake: '1.00' })]);
  });
});
