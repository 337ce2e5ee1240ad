import type { TFunction } from 'i18next';
import { rouletteNumbers } from '@wps/contracts/house-live-fairness';

/**
 * A bet spot as people say it: "Red", "Banker pair", "Split 17/20", "Corner 17/18/20/21", "First four 0/1/2/3".
 * Spots with a name of their own use it; inside roulette bets name their kind and the numbers they cover.
 */
export function spotLabel(t: TFunction, spot: string): string {
  const own = t(`hl_spot_${spot}`, { defaultValue: '' });
  if (own && spot !== 'first-four') return own;
  const numbers = rouletteNumbers(spot);
  const kind = spot === 'first-four' ? 'first-four' : spot.split('-')[0]!;
  const kindLabel = t(`hl_spot_${kind}`, { defaultValue: kind });
  if (!numbers) return kindLabel === kind ? spot : kindLabel;
  if (kind === 'dozen' || kind === 'column') return `${kindLabel} ${spot.split('-')[1]}`;
  return `${kindLabel} ${numbers.join('/')}`;
}
