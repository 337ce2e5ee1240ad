import { formatAmount } from '../../../money';

/** Minor units as text ("2500") → "25.00" (two decimals, the wallet's currencies). */
export function minorToAmount(minor: string, decimals = 2): string {
  const text = minor.trim();
  if (!/^\d+$/.test(text)) return minor;
  const digits = text.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  return `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
}

/** "2500", "MXN" → "25.00 MXN". */
export const formatMinor = (minor: string, currency: string): string => `${formatAmount(minorToAmount(minor))} ${currency}`;

/** What a reward is worth, as the member reads it: money with its currency, or points. */
export function rewardValue(reward: { kind: 'cash' | 'bonus' | 'points'; amountMinor: string; points: string; currency: string }, pointsLabel: string): string {
  return reward.kind === 'points' ? `${formatAmount(reward.points)} ${pointsLabel}` : formatMinor(reward.amountMinor, reward.currency);
}

/** A day as yyyy-mm-dd on the member's own calendar, for date inputs. */
export const isoDay = (date: Date): string => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
