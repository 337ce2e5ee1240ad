import { LINE_SCALE, type EventResult, type LegState, type MarketSpec, type OutcomeSettlement } from './sportsbook-core.js';

/**
 * How each market type settles from an event's result. Every settlement is in the feed's terms (`result`,
 * `voidFactor`, `deadHeat`), so that a settlement the book works out itself and one a real feed sends are paid by the
 * same code.
 *
 * Lines are the home side's (handicaps) or the total's, in quarters. A quarter line (±0.25, ±0.75, …) is two bets of
 * half the stake each, on the two lines a quarter either side (−0.25 is half on 0 and half on −0.5):
 * - both halves win → won; both lose → lost;
 * - one wins and the other is a push → half-won: half the stake paid at the price, half given back;
 * - one is a push and the other loses → half-lost: half the stake given back.
 * A whole line (0, ±1, …) that the score meets exactly is a push: the stake is given back. A half line (±0.5, ±1.5, …)
 * never meets it.
 */

const TWO_WAY = ['home', 'away'] as const;
const THREE_WAY = ['home', 'draw', 'away'] as const;

/**
 * The fixed outcome keys of a market type, in display order; null for `correct_score` and `outright`, whose keys are
 * the market's own (the scores it lists and `other`; the entrants' ids).
 */
export function outcomeKeysFor(spec: MarketSpec): string[] | null {
  switch (spec.type) {
    case '1x2':
    case 'handicap':
      return [...THREE_WAY];
    case 'moneyline':
    case 'asian_handicap':
    case 'period_winner':
      return [...TWO_WAY];
    case 'total':
      return ['over', 'under'];
    case 'btts':
      return ['yes', 'no'];
    case 'correct_score':
    case 'outright':
      return null;
  }
}

const won = (outcome: string): OutcomeSettlement => ({ outcome, result: 1, voidFactor: 0 });
const lost = (outcome: string): OutcomeSettlement => ({ outcome, result: 0, voidFactor: 0 });
const voided = (outcome: string): OutcomeSettlement => ({ outcome, result: 0, voidFactor: 1 });
const wonIf = (outcome: string, winning: boolean): OutcomeSettlement => (winning ? won(outcome) : lost(outcome));

/** A bet on one line: 1 wins, 0 is a push, −1 loses, from the bet's margin over the line, in quarters. */
const lineOutcome = (marginQuarters: number): 1 | 0 | -1 => (marginQuarters > 0 ? 1 : marginQuarters < 0 ? -1 : 0);

/**
 * A bet on a line in quarters whose margin (the side's score difference, or the total, less the line; in quarters) is
 * `marginQuarters`. An odd line is split into its two neighbours; an even one counts as both halves.
 */
function lineSettlement(outcome: string, marginQuarters: number, lineQuarters: number): OutcomeSettlement {
  const quarter = Math.abs(lineQuarters % 2) === 1;
  const halves = quarter ? lineOutcome(marginQuarters - 1) + lineOutcome(marginQuarters + 1) : 2 * lineOutcome(marginQuarters);
  switch (halves) {
    case 2:
      return won(outcome);
    case 1:
      return { outcome, result: 1, voidFactor: 0.5 };
    case -1:
      return { outcome, result: 0, voidFactor: 0.5 };
    case -2:
      return lost(outcome);
    default:
      return voided(outcome);
  }
}

function unknownOutcome(spec: MarketSpec, outcome: string): never {
  throw new RangeError(`"${outcome}" is not an outcome of a ${spec.type} market`);
}

function settleKeyed<K extends string>(spec: MarketSpec, keys: readonly K[], outcomes: readonly string[], settle: (key: K) => OutcomeSettlement): OutcomeSettlement[] {
  const known: readonly string[] = keys;
  return outcomes.map((outcome) => (known.includes(outcome) ? settle(outcome as K) : unknownOutcome(spec, outcome)));
}

/** The winner of a two- or three-way contest; a tie is a draw. */
const winnerOf = (home: number, away: number): (typeof THREE_WAY)[number] => (home > away ? 'home' : home < away ? 'away' : 'draw');

function lineOf(spec: MarketSpec): number {
  const line = spec.line;
  if (line === undefined || !Number.isSafeInteger(line)) throw new RangeError(`a ${spec.type} market needs a line in quarters`);
  if (spec.type === 'handicap' && line % LINE_SCALE !== 0) throw new RangeError(`a European handicap's line is whole, not ${line / LINE_SCALE}`);
  return line;
}

function checkScore(home: number, away: number): void {
  if (!Number.isSafeInteger(home) || !Number.isSafeInteger(away) || home < 0 || away < 0) throw new RangeError(`a score is two whole numbers, not ${home}:${away}`);
}

const SCORE_KEY = /^(0|[1-9]\d*):(0|[1-9]\d*)$/;

/**
 * Settles the given outcomes of a market from the event's result, in the order given:
 *
 * - `1x2`: the full-time winner or the draw.
 * - `moneyline`: the winner; a tie (which the sports it is offered for do not have) gives both stakes back.
 * - `handicap`: the home score plus the whole line against the away score: home, draw or away.
 * - `asian_handicap`: the home score plus the line against the away score for `home`, the reverse for `away`, with the
 *   quarter-line rules above.
 * - `total`: the event's total against the line, `over` and `under`, with the same rules (a whole line equal to the
 *   total is a push).
 * - `btts`: `yes` when both sides scored.
 * - `correct_score`: the `h:a` key of the final score wins; `other` wins when the score is none of the listed keys, so
 *   the outcomes given must be all of the market's.
 * - `period_winner`: the winner of set or map `period`; a period that was not played, or that ended level, gives every
 *   stake back.
 * - `outright`: the sole winner wins; when n entrants share first place, each is a winner at a dead-heat factor of
 *   1/n; every other entrant loses.
 *
 * Throws a RangeError for an outcome key the type does not have, a market without the line or period it needs, a
 * score that is not two whole numbers, or an outright result that names no winner.
 */
export function resolveMarket(spec: MarketSpec, outcomes: readonly string[], result: EventResult): OutcomeSettlement[] {
  const { home, away } = result;
  switch (spec.type) {
    case '1x2': {
      checkScore(home, away);
      const winner = winnerOf(home, away);
      return settleKeyed(spec, THREE_WAY, outcomes, (key) => wonIf(key, key === winner));
    }
    case 'moneyline': {
      checkScore(home, away);
      const winner = winnerOf(home, away);
      return settleKeyed(spec, TWO_WAY, outcomes, (key) => (winner === 'draw' ? voided(key) : wonIf(key, key === winner)));
    }
    case 'handicap': {
      const line = lineOf(spec);
      checkScore(home, away);
      const winner = winnerOf(LINE_SCALE * home + line, LINE_SCALE * away);
      return settleKeyed(spec, THREE_WAY, outcomes, (key) => wonIf(key, key === winner));
    }
    case 'asian_handicap': {
      const line = lineOf(spec);
      checkScore(home, away);
      const homeMargin = LINE_SCALE * (home - away) + line;
      return settleKeyed(spec, TWO_WAY, outcomes, (key) => lineSettlement(key, key === 'home' ? homeMargin : -homeMargin, line));
    }
    case 'total': {
      const line = lineOf(spec);
      checkScore(home, away);
      const overMargin = LINE_SCALE * (home + away) - line;
      return settleKeyed(spec, ['over', 'under'], outcomes, (key) => lineSettlement(key, key === 'over' ? overMargin : -overMargin, line));
    }
    case 'btts': {
      checkScore(home, away);
      const both = home > 0 && away > 0;
      return settleKeyed(spec, ['yes', 'no'], outcomes, (key) => wonIf(key, (key === 'yes') === both));
    }
    case 'correct_score': {
      checkScore(home, away);
      const score = `${home}:${away}`;
      for (const outcome of outcomes) if (outcome !== 'other' && !SCORE_KEY.test(outcome)) unknownOutcome(spec, outcome);
      const listed = outcomes.includes(score);
      return outcomes.map((outcome) => wonIf(outcome, outcome === 'other' ? !listed : outcome === score));
    }
    case 'period_winner': {
      const period = spec.period;
      if (period === undefined || !Number.isSafeInteger(period) || period < 1) throw new RangeError('a period_winner market needs a period from 1');
      const played = result.periods?.[period - 1];
      if (played) checkScore(played.home, played.away);
      const winner = played ? winnerOf(played.home, played.away) : 'draw';
      return settleKeyed(spec, TWO_WAY, outcomes, (key) => (winner === 'draw' ? voided(key) : wonIf(key, key === winner)));
    }
    case 'outright': {
      const winners = new Set(result.winners ?? []);
      if (winners.size === 0) throw new RangeError('an outright result names its winners');
      for (const outcome of outcomes) if (outcome === '') unknownOutcome(spec, outcome);
      return outcomes.map((outcome) => {
        if (!winners.has(outcome)) return lost(outcome);
        return winners.size === 1 ? won(outcome) : { ...won(outcome), deadHeat: [1, winners.size] as const };
      });
    }
  }
}

/**
 * What a player sees for a leg: `open` until it settles; `void` when the whole stake comes back; `half_won` and
 * `half_lost` for a half-void; `dead_heat` for a winner at a factor below 1; otherwise `won` or `lost`.
 */
export function legState(settlement: OutcomeSettlement | undefined): LegState {
  if (!settlement) return 'open';
  if (settlement.voidFactor === 1) return 'void';
  if (settlement.voidFactor === 0.5) return settlement.result === 1 ? 'half_won' : 'half_lost';
  if (settlement.result === 0) return 'lost';
  const deadHeat = settlement.deadHeat;
  return deadHeat && deadHeat[0] < deadHeat[1] ? 'dead_heat' : 'won';
}
