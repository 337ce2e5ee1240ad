/**
 * How the sportsbook names and shows its markets, pure: lines in the players' notation (−1.25, +0.5, O 2.5), market
 * and outcome names as translation keys with their values, the list's main markets, and prices in the member's odds
 * format. The page turns a {@link Label} into words with its translations.
 */
import { formatOdds, isEsport, LINE_SCALE, MIN_PRICE, PRICE_SCALE, type MarketType, type OddsFormat, type Sport } from '@wps/contracts';

/** A translation key and its values, or a text shown as it is (a team's or an entrant's name, a score). */
export type Label = { key: string; params?: Record<string, string | number> } | { text: string };

/** What a market is, without its prices: its type and specifiers. */
export interface MarketSpecView {
  type: MarketType;
  /** In quarters: −5 is −1.25. */
  line: number | null;
  period: number | null;
}

/** The names an outcome may be called by: the event's sides, its entrants, or the name the book gave it. */
export interface OutcomeNames {
  home?: string | null;
  away?: string | null;
  /** Entrant id → name, for an outright. */
  entrants?: ReadonlyMap<string, string> | null;
  /** The book's own name for the outcome (an outright's entrant on a bet's leg). */
  outcomeName?: string | null;
}

/** The minus sign players read, not a hyphen. */
export const MINUS = '\u2212';

/** A line in quarters as a number of goals or points: 10 → "2.5", −5 → "1.25" (no sign). */
function lineMagnitude(quarters: number): string {
  const size = Math.abs(quarters);
  const whole = Math.floor(size / LINE_SCALE);
  const fraction = ['', '.25', '.5', '.75'][size % LINE_SCALE] ?? '';
  return `${whole}${fraction}`;
}

/** A handicap line in quarters, signed: −5 → "−1.25", 2 → "+0.5", 0 → "0". */
export function formatHandicap(quarters: number): string {
  if (quarters === 0) return '0';
  return `${quarters < 0 ? MINUS : '+'}${lineMagnitude(quarters)}`;
}

/** A total's line in quarters: 10 → "2.5". */
export function formatTotal(quarters: number): string {
  return `${quarters < 0 ? MINUS : ''}${lineMagnitude(quarters)}`;
}

/** A price in the odds format; a dash for a price no format can show (at or below evens money back). */
export function oddsText(price: number, format: OddsFormat): string {
  if (!Number.isSafeInteger(price) || price <= PRICE_SCALE) return '—';
  return formatOdds(price, format);
}

/** Whether a price may be sent in a slip (the book quotes from 1.01). */
export const isQuotable = (price: number): boolean => Number.isSafeInteger(price) && price >= MIN_PRICE;

/** The order market groups are shown in on an event. */
export const MARKET_GROUP_ORDER: readonly MarketType[] = ['1x2', 'moneyline', 'outright', 'asian_handicap', 'handicap', 'total', 'btts', 'period_winner', 'correct_score'];

/** Tennis plays sets, e-sports maps; other sports periods. */
function periodKind(sport: Sport): 'set' | 'map' | 'period' {
  if (sport === 'tennis') return 'set';
  return isEsport(sport) ? 'map' : 'period';
}

/** The heading of a market type's group on an event: "Match result", "Asian handicap", "Map winner". */
export function marketGroupLabel(type: MarketType, sport: Sport): Label {
  if (type === 'period_winner') return { key: `sb_market_${periodKind(sport)}_winner_group` };
  if (type === 'total') return { key: totalKey(sport) };
  return { key: `sb_market_${type}` };
}

function totalKey(sport: Sport): string {
  if (sport === 'football') return 'sb_market_total_goals';
  if (sport === 'basketball') return 'sb_market_total_points';
  if (sport === 'tennis') return 'sb_market_total_games';
  return 'sb_market_total';
}

/** One market's full name, with its line or period: "Asian handicap −1.25", "Total goals 2.5", "Set 2 winner". */
export function marketLabel(spec: MarketSpecView, sport: Sport): Label {
  switch (spec.type) {
    case 'handicap':
    case 'asian_handicap':
      return spec.line === null ? { key: `sb_market_${spec.type}` } : { key: `sb_market_${spec.type}_line`, params: { line: formatHandicap(spec.line) } };
    case 'total':
      return spec.line === null ? { key: totalKey(sport) } : { key: `${totalKey(sport)}_line`, params: { line: formatTotal(spec.line) } };
    case 'period_winner':
      return { key: `sb_market_${periodKind(sport)}_winner`, params: { n: spec.period ?? 1 } };
    default:
      return { key: `sb_market_${spec.type}` };
  }
}

/** The part of a market name that tells it from the others of its group: the line, the set or map. */
export function marketSpecifier(spec: MarketSpecView, sport: Sport): Label | null {
  switch (spec.type) {
    case 'handicap':
    case 'asian_handicap':
      return spec.line === null ? null : { text: formatHandicap(spec.line) };
    case 'total':
      return spec.line === null ? null : { text: formatTotal(spec.line) };
    case 'period_winner':
      return { key: `sb_${periodKind(sport)}_n`, params: { n: spec.period ?? 1 } };
    default:
      return null;
  }
}

const side = (outcome: string, names: OutcomeNames): Label | null => {
  if (outcome === 'home') return names.home ? { text: names.home } : { key: 'sb_home' };
  if (outcome === 'away') return names.away ? { text: names.away } : { key: 'sb_away' };
  return null;
};

/** A correct-score key as players read it: "2:1", or "Other" for any score not listed. */
const scoreLabel = (outcome: string): Label => (outcome === 'other' ? { key: 'sb_outcome_other' } : { text: outcome });

/**
 * An outcome's full name: the home team's name, "Draw", "Over 2.5", "Yes", "2:1", an entrant's name; on a handicap,
 * the side with its line ("Lions −1.25", "Tigers +1.25").
 */
export function outcomeLabel(spec: MarketSpecView, outcome: string, names: OutcomeNames): Label {
  switch (spec.type) {
    case '1x2':
    case 'moneyline':
    case 'period_winner':
      if (outcome === 'draw') return { key: 'sb_outcome_draw' };
      return side(outcome, names) ?? { text: outcome };
    case 'handicap':
    case 'asian_handicap': {
      if (outcome === 'draw') return spec.line === null ? { key: 'sb_outcome_draw' } : { key: 'sb_outcome_draw_line', params: { line: formatHandicap(spec.line) } };
      const team = side(outcome, names);
      if (!team) return { text: outcome };
      if (spec.line === null) return team;
      const line = formatHandicap(outcome === 'away' ? -spec.line : spec.line);
      return 'text' in team ? { text: `${team.text} ${line}` } : { key: `sb_${outcome}_line`, params: { line } };
    }
    case 'total': {
      const line = spec.line === null ? '' : formatTotal(spec.line);
      if (outcome === 'over') return { key: 'sb_outcome_over', params: { line } };
      if (outcome === 'under') return { key: 'sb_outcome_under', params: { line } };
      return { text: outcome };
    }
    case 'btts':
      if (outcome === 'yes') return { key: 'sb_outcome_yes' };
      if (outcome === 'no') return { key: 'sb_outcome_no' };
      return { text: outcome };
    case 'correct_score':
      return scoreLabel(outcome);
    case 'outright': {
      const name = names.entrants?.get(outcome) ?? names.outcomeName;
      return { text: name ?? outcome };
    }
  }
}

/** An outcome's short name on a price button of the list: 1 / X / 2, −1.25 / +1.25, O 2.5 / U 2.5. */
export function outcomeShort(spec: MarketSpecView, outcome: string, names: OutcomeNames): Label {
  switch (spec.type) {
    case '1x2':
    case 'moneyline':
    case 'period_winner':
      return { text: outcome === 'home' ? '1' : outcome === 'draw' ? 'X' : outcome === 'away' ? '2' : outcome };
    case 'handicap':
    case 'asian_handicap':
      if (spec.line === null) return outcomeLabel(spec, outcome, names);
      if (outcome === 'draw') return { text: `X ${formatHandicap(spec.line)}` };
      return { text: formatHandicap(outcome === 'away' ? -spec.line : spec.line) };
    case 'total': {
      const line = spec.line === null ? '' : ` ${formatTotal(spec.line)}`;
      if (outcome === 'over') return { key: 'sb_short_over', params: { line } };
      if (outcome === 'under') return { key: 'sb_short_under', params: { line } };
      return { text: outcome };
    }
    default:
      return outcomeLabel(spec, outcome, names);
  }
}

/** The sides of "Home v Away", the way a bet's leg names its event; null for an outright's competition. */
export function sidesOf(eventName: string): { home: string; away: string } | null {
  const at = eventName.indexOf(' v ');
  if (at <= 0) return null;
  return { home: eventName.slice(0, at), away: eventName.slice(at + 3) };
}

/** The three main markets an event's row shows: its result (1X2, moneyline or outright), its main handicap and total. */
export interface MainMarkets<M extends MarketSpecView> {
  result: M | null;
  handicap: M | null;
  total: M | null;
}

export function mainMarkets<M extends MarketSpecView>(markets: readonly M[]): MainMarkets<M> {
  return {
    result: markets.find((market) => market.type === '1x2' || market.type === 'moneyline' || market.type === 'outright') ?? null,
    handicap: markets.find((market) => market.type === 'asian_handicap') ?? markets.find((market) => market.type === 'handicap') ?? null,
    total: markets.find((market) => market.type === 'total') ?? null,
  };
}

/** An event's markets by type, each group in {@link MARKET_GROUP_ORDER} and its markets by period then line. */
export function groupMarkets<M extends MarketSpecView>(markets: readonly M[]): Array<{ type: MarketType; markets: M[] }> {
  const groups: Array<{ type: MarketType; markets: M[] }> = [];
  for (const type of MARKET_GROUP_ORDER) {
    const own = markets.filter((market) => market.type === type).sort((a, b) => (a.period ?? 0) - (b.period ?? 0) || (a.line ?? 0) - (b.line ?? 0));
    if (own.length > 0) groups.push({ type, markets: own });
  }
  return groups;
}

/** The fixed outcome order of a two- or three-way market; other markets keep the book's order. */
const OUTCOME_ORDER = ['home', 'draw', 'away', 'over', 'under', 'yes', 'no'];
export function orderedOutcomes<O extends { outcome: string }>(outcomes: readonly O[]): O[] {
  const rank = (outcome: string) => {
    const at = OUTCOME_ORDER.indexOf(outcome);
    return at === -1 ? OUTCOME_ORDER.length : at;
  };
  return [...outcomes].sort((a, b) => rank(a.outcome) - rank(b.outcome));
}

/** An outright's favourites first: its entrants by price, lowest first. */
export function favourites<O extends { price: number; active: boolean }>(outcomes: readonly O[], count: number): O[] {
  return [...outcomes]
    .filter((outcome) => outcome.active)
    .sort((a, b) => a.price - b.price)
    .slice(0, count);
}

/**
 * The live clock as players read it: the minute in football and basketball ("67'"), the set in tennis, the map in
 * e-sports. A clock the feed gave as words stays as it is.
 */
export function clockLabel(sport: Sport, clock: string | undefined | null): Label | null {
  if (!clock) return null;
  if (!/^\d+$/.test(clock)) return { text: clock };
  const kind = periodKind(sport);
  if (kind === 'period') return { text: `${clock}'` };
  return { key: `sb_${kind}_n`, params: { n: Number(clock) } };
}
