import { describe, expect, it } from 'vitest';
import {
  clockLabel,
  favourites,
  formatHandicap,
  formatTotal,
  groupMarkets,
  mainMarkets,
  marketGroupLabel,
  marketLabel,
  marketSpecifier,
  MINUS,
  oddsText,
  orderedOutcomes,
  outcomeLabel,
  outcomeShort,
  sidesOf,
  type MarketSpecView,
} from './markets';

const spec = (type: MarketSpecView['type'], line: number | null = null, period: number | null = null): MarketSpecView => ({ type, line, period });
const names = { home: 'Lions', away: 'Tigers' };

describe('lines', () => {
  it('shows handicaps signed in quarters, with the true minus sign', () => {
    expect(formatHandicap(-5)).toBe(`${MINUS}1.25`);
    expect(formatHandicap(2)).toBe('+0.5');
    expect(formatHandicap(0)).toBe('0');
    expect(formatHandicap(-4)).toBe(`${MINUS}1`);
    expect(formatHandicap(3)).toBe('+0.75');
    expect(formatHandicap(-1)).toBe(`${MINUS}0.25`);
  });

  it('shows totals without a sign', () => {
    expect(formatTotal(10)).toBe('2.5');
    expect(formatTotal(9)).toBe('2.25');
    expect(formatTotal(864)).toBe('216');
  });
});

describe('prices', () => {
  it('shows a price in each odds format, and a dash for no price', () => {
    expect(oddsText(1952, 'decimal')).toBe('1.952');
    expect(oddsText(2500, 'american')).toBe('+150');
    expect(oddsText(1500, 'hongkong')).toBe('0.50');
    expect(oddsText(1000, 'decimal')).toBe('—');
    expect(oddsText(Number.NaN, 'decimal')).toBe('—');
  });
});

describe('market names', () => {
  it('names each market type with its line or period', () => {
    expect(marketLabel(spec('1x2'), 'football')).toEqual({ key: 'sb_market_1x2' });
    expect(marketLabel(spec('asian_handicap', -5), 'football')).toEqual({ key: 'sb_market_asian_handicap_line', params: { line: `${MINUS}1.25` } });
    expect(marketLabel(spec('handicap', 4), 'football')).toEqual({ key: 'sb_market_handicap_line', params: { line: '+1' } });
    expect(marketLabel(spec('total', 10), 'football')).toEqual({ key: 'sb_market_total_goals_line', params: { line: '2.5' } });
    expect(marketLabel(spec('total', 862), 'basketball')).toEqual({ key: 'sb_market_total_points_line', params: { line: '215.5' } });
    expect(marketLabel(spec('total', 10), 'cs2')).toEqual({ key: 'sb_market_total_line', params: { line: '2.5' } });
    expect(marketLabel(spec('period_winner', null, 2), 'tennis')).toEqual({ key: 'sb_market_set_winner', params: { n: 2 } });
    expect(marketLabel(spec('period_winner', null, 1), 'valorant')).toEqual({ key: 'sb_market_map_winner', params: { n: 1 } });
    expect(marketLabel(spec('btts'), 'football')).toEqual({ key: 'sb_market_btts' });
    expect(marketLabel(spec('correct_score'), 'football')).toEqual({ key: 'sb_market_correct_score' });
    expect(marketLabel(spec('outright'), 'football')).toEqual({ key: 'sb_market_outright' });
  });

  it('heads each group, and tells its markets apart', () => {
    expect(marketGroupLabel('period_winner', 'dota2')).toEqual({ key: 'sb_market_map_winner_group' });
    expect(marketGroupLabel('total', 'tennis')).toEqual({ key: 'sb_market_total_games' });
    expect(marketSpecifier(spec('period_winner', null, 3), 'tennis')).toEqual({ key: 'sb_set_n', params: { n: 3 } });
    expect(marketSpecifier(spec('asian_handicap', 2), 'football')).toEqual({ text: '+0.5' });
    expect(marketSpecifier(spec('1x2'), 'football')).toBeNull();
  });
});

describe('outcome names', () => {
  it('names sides by their teams, and the draw', () => {
    expect(outcomeLabel(spec('1x2'), 'home', names)).toEqual({ text: 'Lions' });
    expect(outcomeLabel(spec('1x2'), 'draw', names)).toEqual({ key: 'sb_outcome_draw' });
    expect(outcomeLabel(spec('moneyline'), 'away', names)).toEqual({ text: 'Tigers' });
    expect(outcomeLabel(spec('period_winner', null, 1), 'home', {})).toEqual({ key: 'sb_home' });
  });

  it('gives each side of a handicap its own line: the away side the opposite one', () => {
    expect(outcomeLabel(spec('asian_handicap', -5), 'home', names)).toEqual({ text: `Lions ${MINUS}1.25` });
    expect(outcomeLabel(spec('asian_handicap', -5), 'away', names)).toEqual({ text: 'Tigers +1.25' });
    expect(outcomeLabel(spec('handicap', -4), 'draw', names)).toEqual({ key: 'sb_outcome_draw_line', params: { line: `${MINUS}1` } });
    expect(outcomeLabel(spec('asian_handicap', 2), 'away', {})).toEqual({ key: 'sb_away_line', params: { line: `${MINUS}0.5` } });
  });

  it('names totals, both teams to score, scores and entrants', () => {
    expect(outcomeLabel(spec('total', 10), 'over', names)).toEqual({ key: 'sb_outcome_over', params: { line: '2.5' } });
    expect(outcomeLabel(spec('total', 10), 'under', names)).toEqual({ key: 'sb_outcome_under', params: { line: '2.5' } });
    expect(outcomeLabel(spec('btts'), 'yes', names)).toEqual({ key: 'sb_outcome_yes' });
    expect(outcomeLabel(spec('btts'), 'no', names)).toEqual({ key: 'sb_outcome_no' });
    expect(outcomeLabel(spec('correct_score'), '2:1', names)).toEqual({ text: '2:1' });
    expect(outcomeLabel(spec('correct_score'), 'other', names)).toEqual({ key: 'sb_outcome_other' });
    expect(outcomeLabel(spec('outright'), 'e-7', { entrants: new Map([['e-7', 'Rovers']]) })).toEqual({ text: 'Rovers' });
    expect(outcomeLabel(spec('outright'), 'e-7', { outcomeName: 'Rovers' })).toEqual({ text: 'Rovers' });
  });

  it('shortens outcomes for the list: 1 X 2, lines, O and U', () => {
    expect(['home', 'draw', 'away'].map((outcome) => outcomeShort(spec('1x2'), outcome, names))).toEqual([{ text: '1' }, { text: 'X' }, { text: '2' }]);
    expect(outcomeShort(spec('asian_handicap', -5), 'home', names)).toEqual({ text: `${MINUS}1.25` });
    expect(outcomeShort(spec('asian_handicap', -5), 'away', names)).toEqual({ text: '+1.25' });
    expect(outcomeShort(spec('total', 10), 'over', names)).toEqual({ key: 'sb_short_over', params: { line: ' 2.5' } });
    expect(outcomeShort(spec('btts'), 'yes', names)).toEqual({ key: 'sb_outcome_yes' });
  });

  it('reads the sides of a leg’s event name', () => {
    expect(sidesOf('Lions v Tigers')).toEqual({ home: 'Lions', away: 'Tigers' });
    expect(sidesOf('Premier Cup')).toBeNull();
  });
});

describe('markets on screen', () => {
  it('finds the main result, handicap and total of a list row', () => {
    const markets = [spec('total', 10), spec('1x2'), spec('handicap', -4), spec('asian_handicap', -2)];
    expect(mainMarkets(markets)).toEqual({ result: spec('1x2'), handicap: spec('asian_handicap', -2), total: spec('total', 10) });
    expect(mainMarkets([spec('moneyline')])).toEqual({ result: spec('moneyline'), handicap: null, total: null });
  });

  it('groups an event’s markets by type in the book’s order, by period then line', () => {
    const groups = groupMarkets([spec('total', 12), spec('period_winner', null, 2), spec('total', 8), spec('1x2'), spec('period_winner', null, 1)]);
    expect(groups.map((group) => group.type)).toEqual(['1x2', 'total', 'period_winner']);
    expect(groups[1]!.markets.map((market) => market.line)).toEqual([8, 12]);
    expect(groups[2]!.markets.map((market) => market.period)).toEqual([1, 2]);
  });

  it('orders two- and three-way outcomes, and an outright’s favourites by price', () => {
    expect(orderedOutcomes([{ outcome: 'away' }, { outcome: 'home' }, { outcome: 'draw' }]).map((entry) => entry.outcome)).toEqual(['home', 'draw', 'away']);
    expect(orderedOutcomes([{ outcome: 'under' }, { outcome: 'over' }]).map((entry) => entry.outcome)).toEqual(['over', 'under']);
    const field = [
      { id: 'a', price: 5000, active: true },
      { id: 'b', price: 2500, active: true },
      { id: 'c', price: 1800, active: false },
      { id: 'd', price: 9000, active: true },
    ];
    expect(favourites(field, 2).map((entry) => entry.id)).toEqual(['b', 'a']);
  });

  it('reads the live clock by sport', () => {
    expect(clockLabel('football', '67')).toEqual({ text: "67'" });
    expect(clockLabel('tennis', '2')).toEqual({ key: 'sb_set_n', params: { n: 2 } });
    expect(clockLabel('lol', '3')).toEqual({ key: 'sb_map_n', params: { n: 3 } });
    expect(clockLabel('football', 'HT')).toEqual({ text: 'HT' });
    expect(clockLabel('football', undefined)).toBeNull();
  });
});
