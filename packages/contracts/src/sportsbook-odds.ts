import { PRICE_SCALE } from './sportsbook-core.js';

/**
 * The odds formats a player may choose to see prices in. The book keeps every price as decimal odds in thousandths
 * (`d` below); the other formats are derived from it:
 *
 * - `decimal`: d, the return per unit stake, stake included.
 * - `hongkong`: d − 1, the profit per unit stake.
 * - `malay`: d − 1 up to d = 2 (0 < m ≤ 1), else −1 ÷ (d − 1) (−1 < m < 0: the stake risked to win one unit).
 * - `indonesian`: d − 1 from d = 2 (i ≥ 1), else −1 ÷ (d − 1) (i < −1).
 * - `american`: (d − 1) × 100 from d = 2 (+100 and up: the profit on a stake of 100), else −100 ÷ (d − 1) (below −100:
 *   the stake that wins 100).
 *
 * At d = 2 every format has its single value: 2.00, HK 1.00, Malay 1.00, Indonesian 1.00, American +100.
 */
export const ODDS_FORMATS = ['decimal', 'hongkong', 'malay', 'indonesian', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

const EVENS = 2 * PRICE_SCALE;

/** a ÷ b rounded to the nearest integer, halves up, for a ≥ 0 and b > 0. */
const roundDivBig = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);
const roundDiv = (a: number, b: number): number => Number(roundDivBig(BigInt(a), BigInt(b)));

function checkPrice(price: number): void {
  if (!Number.isSafeInteger(price) || price <= PRICE_SCALE) throw new RangeError(`a price is an integer number of thousandths above ${PRICE_SCALE}, not ${price}`);
}

/** The side of the price whose value in the format is d − 1 or d itself, so exact in thousandths. */
function isExactSide(price: number, format: OddsFormat): boolean {
  switch (format) {
    case 'decimal':
    case 'hongkong':
      return true;
    case 'malay':
      return price <= EVENS;
    case 'indonesian':
      return price >= EVENS;
    case 'american':
      return false;
  }
}

/** The price's value in the format, as an integer count of 10^−decimals, and that number of decimals. */
function scaledValue(price: number, format: OddsFormat): { scaled: number; decimals: number } {
  const profit = price - PRICE_SCALE;
  if (format === 'american') {
    return price >= EVENS ? { scaled: roundDiv(profit, 10), decimals: 0 } : { scaled: -roundDiv(100 * PRICE_SCALE, profit), decimals: 0 };
  }
  if (isExactSide(price, format)) {
    const thousandths = format === 'decimal' ? price : profit;
    return price % 10 === 0 ? { scaled: thousandths / 10, decimals: 2 } : { scaled: thousandths, decimals: 3 };
  }
  if (format === 'indonesian') return { scaled: -roundDiv(100 * PRICE_SCALE, profit), decimals: 2 };
  // Malay above evens: −1 < m < 0, to two significant digits of the exact value: the first n with |m| ≥ 10^(1 − n),
  // that is 1000 × 10^(n − 1) ≥ d − 1 in thousandths.
  let decimals = 2;
  while (10 ** (decimals - 1) * PRICE_SCALE < profit) decimals++;
  return { scaled: -roundDiv(10 ** decimals * PRICE_SCALE, profit), decimals };
}

/**
 * A price's value in an odds format, rounded for display, halves away from zero:
 *
 * - decimal and Hong Kong are exact: two decimals, three when the price has a third (1.952 → 1.952, HK 0.952);
 * - Malay up to evens and Indonesian from evens (d − 1) are exact the same way;
 * - Indonesian below evens has two decimals (1.50 → −2.00);
 * - Malay above evens keeps two significant digits of the exact value: two decimals from −1 to −0.1 (up to 11.00),
 *   three down to −0.01 (101.00), four down to −0.001 (1001.00) and so on, so that no price shows as 0 (2.50 → −0.67,
 *   21.00 → −0.050, 501.00 → −0.0020; 101.50, at −0.00995, shows as −0.0100);
 * - American is a whole number (2.505 → +151, 1.995 → −101).
 *
 * Throws a RangeError for a price that is not an integer above 1000.
 */
export function toOddsFormat(price: number, format: OddsFormat): number {
  checkPrice(price);
  const { scaled, decimals } = scaledValue(price, format);
  return decimals === 0 ? scaled : scaled / 10 ** decimals;
}

/** The same value as {@link toOddsFormat}, as text: fixed decimals, a leading + for a positive American price. */
export function formatOdds(price: number, format: OddsFormat): string {
  checkPrice(price);
  const { scaled, decimals } = scaledValue(price, format);
  const text = (scaled / 10 ** decimals).toFixed(decimals);
  return format === 'american' && scaled > 0 ? `+${text}` : text;
}

/** Values are read to the nearest 10^−9 before the exact conversion. */
const NANO = 1_000_000_000n;
const MILLI_IN_NANO = 1_000_000n;

/**
 * A value in an odds format back to a price in thousandths, rounded to the nearest thousandth (halves up), as a player
 * types it (a minimum price, an odds-change threshold). Null when the value is impossible in the format: not finite;
 * decimal 1 or less; Hong Kong 0 or less; Malay 0, above 1 or below −1; Indonesian strictly between −1 and 1; American
 * strictly between −100 and 100; or a value whose price rounds to 1.000 or less. The book's own bounds (`MIN_PRICE`,
 * `MAX_PRICE`) are not applied: the caller refuses or clamps a price outside them.
 */
export function fromOddsFormat(value: number, format: OddsFormat): number | null {
  const nanos = Math.round(value * Number(NANO));
  if (!Number.isFinite(nanos)) return null;
  const v = BigInt(nanos);
  const negative = v < 0n;
  const size = negative ? -v : v;
  let thousandths: bigint | null;
  switch (format) {
    case 'decimal':
      thousandths = v > NANO ? roundDivBig(v, MILLI_IN_NANO) : null;
      break;
    case 'hongkong':
      thousandths = v > 0n ? BigInt(PRICE_SCALE) + roundDivBig(v, MILLI_IN_NANO) : null;
      break;
    case 'malay':
    case 'indonesian': {
      const possible = format === 'malay' ? v !== 0n && size <= NANO : size >= NANO;
      if (!possible) thousandths = null;
      // −1 ÷ (d − 1) = v, so d − 1 = 1 ÷ |v| = 10^12 thousandths ÷ |v| in nanos.
      else thousandths = BigInt(PRICE_SCALE) + (negative ? roundDivBig(NANO * BigInt(PRICE_SCALE), size) : roundDivBig(v, MILLI_IN_NANO));
      break;
    }
    case 'american': {
      const hundred = 100n * NANO;
      if (size < hundred) thousandths = null;
      // +v: d − 1 = v ÷ 100; −v: d − 1 = 100 ÷ |v|.
      else thousandths = BigInt(PRICE_SCALE) + (negative ? roundDivBig(hundred * BigInt(PRICE_SCALE), size) : roundDivBig(v * BigInt(PRICE_SCALE), hundred));
      break;
    }
  }
  if (thousandths === null || thousandths <= BigInt(PRICE_SCALE)) return null;
  const price = Number(thousandths);
  return Number.isSafeInteger(price) ? price : null;
}
