import type { EventResult, Sport } from '@wps/contracts';
import { PURPOSE, type MatchPlan } from './fixtures.js';
import { keyOf, Random } from './random.js';

/**
 * What goes wrong with a match, as real feeds report it. Most matches are played and settled once. A share of them
 * (the correction rate) gets one of:
 *
 * - `cancel`: called off before play (postponed) or during it (abandoned): every market is cancelled, every bet void,
 *   and nothing is settled;
 * - `void`: a few minutes after settlement, one market is voided, either whole (settled on wrong data) or for the bets
 *   placed in a window of play (a price offered in error); now and then the void itself is withdrawn later;
 * - `resettle`: a few minutes after settlement, the result is corrected (a goal taken off or added after review, a
 *   score fixed); every market the correction changes is rolled back and settled again, or the main market alone when
 *   none changes.
 */
export type Fate =
  | { kind: 'none' }
  | { kind: 'cancel'; at: number; reason: string }
  | { kind: 'void'; at: number; pick: number; window?: { from: number; to: number }; reason: string; withdrawAt?: number }
  | { kind: 'resettle'; at: number; seed: number };

const MINUTE = 60_000;

/** The match's fate, from the seed, its number, its kick-off and length (real milliseconds), and the correction rate. */
export function fateOf(seed: number, plan: MatchPlan, durationMs: number, correctionRate: number): Fate {
  const random = new Random(keyOf(seed, PURPOSE.fate, plan.num));
  if (!random.chance(correctionRate)) return { kind: 'none' };
  const endAt = plan.startsAt + durationMs;
  const kind = random.next();
  if (kind < 0.25) {
    const before = !plan.warmUp && random.chance(0.5);
    return before
      ? { kind: 'cancel', at: plan.startsAt - Math.round(random.between(5, 180) * MINUTE), reason: 'match postponed' }
      : { kind: 'cancel', at: plan.startsAt + Math.round(random.between(0.1, 0.8) * durationMs), reason: 'match abandoned' };
  }
  const at = endAt + Math.round(random.between(2, 8) * MINUTE);
  if (kind < 0.65) {
    const windowed = random.chance(0.5);
    const from = plan.startsAt + Math.round(random.between(0.1, 0.8) * durationMs);
    const pick = random.below(1_000_000);
    const withdrawAt = random.chance(0.25) ? at + Math.round(random.between(3, 10) * MINUTE) : undefined;
    return windowed
      ? { kind: 'void', at, pick, window: { from, to: Math.min(endAt, from + 2 * MINUTE) }, reason: 'price offered in error', withdrawAt }
      : { kind: 'void', at, pick, reason: 'market settled on incorrect data', withdrawAt };
  }
  return { kind: 'resettle', at, seed: keyOf(seed, PURPOSE.correction, plan.num) };
}

const copy = (result: EventResult): EventResult => ({ ...result, periods: result.periods?.map((period) => ({ ...period })) });

/**
 * A corrected result: football a goal taken off (or, at 0:0, added); basketball a point or two added to one side
 * (never making it level); tennis and e-sports the loser's games or rounds of the last set or map changed by one where
 * the rules allow it (the winner stays).
 */
export function correctedResult(sport: Sport, result: EventResult, seed: number): EventResult {
  const random = new Random(seed);
  const fixed = copy(result);
  switch (sport) {
    case 'football': {
      const scorers = (['home', 'away'] as const).filter((side) => fixed[side] > 0);
      if (scorers.length > 0) fixed[random.pick(scorers)] -= 1;
      else fixed[random.chance(0.5) ? 'home' : 'away'] += 1;
      return fixed;
    }
    case 'basketball': {
      const side = random.chance(0.5) ? 'home' : 'away';
      const points = 1 + random.below(2);
      fixed[side] += fixed[side] + points === fixed[side === 'home' ? 'away' : 'home'] ? points + 1 : points;
      return fixed;
    }
    default: {
      const last = fixed.periods?.at(-1);
      if (!last || Math.max(last.home, last.away) <= 1) return fixed;
      const loser = last.home > last.away ? 'away' : 'home';
      const winner = Math.max(last.home, last.away);
      const lost = last[loser];
      if (sport === 'tennis') {
        if (winner === 7) last[loser] = lost === 5 ? 6 : 5;
        else last[loser] = lost === 4 ? 3 : lost + 1;
      } else if (winner === 13) last[loser] = lost === 11 ? 10 : lost + 1;
      return fixed;
    }
  }
}
