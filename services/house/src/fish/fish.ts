import { drawFishShot, FISH_BET_LIMITS, fishKindOf, formatFishRoll, formatMinor, parseMajor, type DrawStream, type FishKind } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { bpOf, winOf, type Resolved } from '../games.js';

/** The stake of a shot in minor units, refused with the table limits when malformed or outside them. */
export function fishStakeMinor(amount: string, currency: string): bigint {
  // Trailing zeros dropped, the published limits also parse for currencies without decimals.
  const limit = (text: string) => parseMajor(text.includes('.') ? text.replace(/\.?0+$/, '') : text, currency);
  const min = limit(FISH_BET_LIMITS.min) || 1n;
  const max = limit(FISH_BET_LIMITS.max) ?? 100n;
  const minor = parseMajor(amount, currency);
  if (minor === undefined || minor < min || minor > max) {
    throw new AppError('HOUSE_BET_OUT_OF_LIMITS', { field: 'amount', params: { min: formatMinor(min, currency), max: formatMinor(max, currency) } });
  }
  return minor;
}

export function fishKind(kind: string): FishKind {
  const found = fishKindOf(kind);
  if (!found) throw new AppError('HOUSE_FISH_KIND_UNKNOWN', { field: 'kind' });
  return found;
}

/** One shot: caught pays bet × the kind's multiplier, a miss pays nothing. */
export function resolveFishShot(fish: FishKind, amountMinor: bigint, draws: DrawStream): Resolved {
  const shot = drawFishShot(draws, fish);
  const multiplierBp = shot.caught ? bpOf(fish.multiplier) : 0n;
  return {
    params: { kind: fish.kind, payout: fish.multiplier },
    result: { kind: fish.kind, roll: formatFishRoll(shot.roll), chance: shot.chance, caught: shot.caught },
    multiplierBp,
    winMinor: winOf(amountMinor, multiplierBp),
  };
}
