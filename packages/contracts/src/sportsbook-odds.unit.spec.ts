import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_PRICE, MIN_PRICE } from './sportsbook-core.js';
import { formatOdds, fromOddsFormat, ODDS_FORMATS, toOddsFormat, type OddsFormat } from './sportsbook-odds.js';

const inFormats = (price: number) => Object.fromEntries(ODDS_FORMATS.map((format) => [format, formatOdds(price, format)]));

/** The exact decimal odds, in thousandths, of a value in a format (the inverse of the conversion, before rounding). */
function exactPrice(value: number, format: OddsFormat): number {
  switch (format) {
    case 'decimal':
      return 1000 * value;
    case 'hongkong':
      return 1000 * (1 + value);
    case 'malay':
    case 'indonesian':
      return value > 0 ? 1000 * (1 + value) : 1000 * (1 - 1 / value);
    case 'american':
      return value > 0 ? 1000 + 10 * value : 1000 - 100_000 / value;
  }
}

/**
 * What is wrong with a price's round trip through a format, or null: the value shown stands for the exact prices within
 * half a unit of its last decimal, and the price read back is one of those, to the nearest thousandth.
 */
function roundTripFault(price: number, format: OddsFormat): string | null {
  const text = formatOdds(price, format);
  const value = toOddsFormat(price, format);
  const half = 0.5 * 10 ** -(text.split('.')[1]?.length ?? 0);
  const ends = [exactPrice(value - half, format), exactPrice(value + half, format)];
  const [low, high] = [Math.min(...ends) - 0.5 - 1e-6, Math.max(...ends) + 0.5 + 1e-6];
  const back = fromOddsFormat(value, format);
  if (price < low || price > high) return `${price} shows as ${text} in ${format}, which stands for ${low}–${high}`;
  if (back === null || back < low || back > high) return `${price} as ${text} in ${format} reads back as ${back}, not within ${low}–${high}`;
  return null;
}

const validPrice = fc.integer({ min: MIN_PRICE, max: MAX_PRICE });
/** Most prices a book offers are below 10.00: sampled on their own as well as over the whole range. */
const commonPrice = fc.integer({ min: MIN_PRICE, max: 10_000 });
const anyPrice = fc.oneof(validPrice, commonPrice);
const format = fc.constantFrom(...ODDS_FORMATS);

describe('odds formats', () => {
  it('shows 1.50 and 2.50 in every format', () => {
    expect(inFormats(1500)).toEqual({ decimal: '1.50', hongkong: '0.50', malay: '0.50', indonesian: '-2.00', american: '-200' });
    expect(inFormats(2500)).toEqual({ decimal: '2.50', hongkong: '1.50', malay: '-0.67', indonesian: '1.50', american: '+150' });
    expect(toOddsFormat(1500, 'indonesian')).toBe(-2);
    expect(toOddsFormat(2500, 'malay')).toBe(-0.67);
    expect(toOddsFormat(2500, 'american')).toBe(150);
  });

  it('gives evens one value in every format and switches sides just past it', () => {
    expect(inFormats(2000)).toEqual({ decimal: '2.00', hongkong: '1.00', malay: '1.00', indonesian: '1.00', american: '+100' });
    expect(inFormats(1990)).toEqual({ decimal: '1.99', hongkong: '0.99', malay: '0.99', indonesian: '-1.01', american: '-101' });
    expect(inFormats(2010)).toEqual({ decimal: '2.01', hongkong: '1.01', malay: '-0.99', indonesian: '1.01', american: '+101' });
    for (const value of [1, -1]) expect(fromOddsFormat(value, 'malay')).toBe(2000);
    for (const value of [1, -1]) expect(fromOddsFormat(value, 'indonesian')).toBe(2000);
    for (const value of [100, -100]) expect(fromOddsFormat(value, 'american')).toBe(2000);
  });

  it('keeps a third decimal where the price has one, and two significant digits for long Malay odds', () => {
    expect(inFormats(1952)).toEqual({ decimal: '1.952', hongkong: '0.952', malay: '0.952', indonesian: '-1.05', american: '-105' });
    expect(formatOdds(2505, 'american')).toBe('+151');
    expect(formatOdds(1995, 'american')).toBe('-101');
    expect(formatOdds(21_000, 'malay')).toBe('-0.050');
    expect(formatOdds(501_000, 'malay')).toBe('-0.0020');
    expect(formatOdds(MAX_PRICE, 'malay')).toBe('-0.0010');
    expect(formatOdds(11_000, 'malay')).toBe('-0.10');
    expect(formatOdds(11_010, 'malay')).toBe('-0.100');
    expect(formatOdds(101_500, 'malay')).toBe('-0.0100');
    expect(formatOdds(MIN_PRICE, 'indonesian')).toBe('-100.00');
    expect(formatOdds(MIN_PRICE, 'american')).toBe('-10000');
    expect(formatOdds(MAX_PRICE, 'american')).toBe('+99900');
  });

  it('reads values back to the nearest thousandth', () => {
    expect(fromOddsFormat(1.5, 'decimal')).toBe(1500);
    expect(fromOddsFormat(0.5, 'hongkong')).toBe(1500);
    expect(fromOddsFormat(-0.67, 'malay')).toBe(2493);
    expect(fromOddsFormat(-2, 'indonesian')).toBe(1500);
    expect(fromOddsFormat(-200, 'american')).toBe(1500);
    expect(fromOddsFormat(150, 'american')).toBe(2500);
    expect(fromOddsFormat(-110, 'american')).toBe(1909);
    // 1 + 1 ÷ 0.64 = 2.5625: a half, rounded up.
    expect(fromOddsFormat(-0.64, 'malay')).toBe(2563);
  });

  it('refuses values that no price has in the format', () => {
    const impossible: [number, OddsFormat][] = [
      [1, 'decimal'],
      [0.5, 'decimal'],
      [0, 'hongkong'],
      [-0.5, 'hongkong'],
      [0, 'malay'],
      [1.01, 'malay'],
      [-1.01, 'malay'],
      [0.99, 'indonesian'],
      [-0.5, 'indonesian'],
      [0, 'indonesian'],
      [99, 'american'],
      [-99.5, 'american'],
      [0, 'american'],
      [Number.NaN, 'decimal'],
      [Number.POSITIVE_INFINITY, 'american'],
      // 1 + 1 ÷ 10 000 000 rounds to 1.000.
      [-10_000_000, 'indonesian'],
    ];
    for (const [value, format] of impossible) expect(fromOddsFormat(value, format), `${value} ${format}`).toBeNull();
  });

  it('refuses a price that is not a whole number of thousandths above 1.000', () => {
    for (const price of [1000, 999, 1500.5, Number.NaN]) expect(() => toOddsFormat(price, 'decimal')).toThrow(RangeError);
    expect(() => formatOdds(0, 'american')).toThrow(RangeError);
  });

  it('round-trips every price within the rounding of the format', () => {
    fc.assert(
      fc.property(anyPrice, format, (price, format) => {
        expect(Number(formatOdds(price, format))).toBe(toOddsFormat(price, format));
        expect(roundTripFault(price, format)).toBeNull();
      }),
      { numRuns: 5_000 },
    );
  });

  it('round-trips each price from MIN_PRICE to MAX_PRICE in every format', () => {
    const faults: string[] = [];
    for (let price = MIN_PRICE; price <= MAX_PRICE && faults.length < 10; price++) {
      for (const format of ODDS_FORMATS) {
        const fault = roundTripFault(price, format);
        if (fault !== null) faults.push(fault);
      }
    }
    expect(faults).toEqual([]);
    // About five million conversions: a few seconds, more on a busy machine.
  }, 60_000);

  it('round-trips decimal, Hong Kong and the exact side of Malay and Indonesian to the same price', () => {
    fc.assert(
      fc.property(anyPrice, (price) => {
        expect(fromOddsFormat(toOddsFormat(price, 'decimal'), 'decimal')).toBe(price);
        expect(fromOddsFormat(toOddsFormat(price, 'hongkong'), 'hongkong')).toBe(price);
        if (price <= 2000) expect(fromOddsFormat(toOddsFormat(price, 'malay'), 'malay')).toBe(price);
        if (price >= 2000) expect(fromOddsFormat(toOddsFormat(price, 'indonesian'), 'indonesian')).toBe(price);
      }),
      { numRuns: 2_000 },
    );
  });

  it('shows a Malay value read back as the same value', () => {
    fc.assert(
      fc.property(anyPrice, (price) => {
        const value = toOddsFormat(price, 'malay');
        // −1.00 (a price just above evens, rounded) and 1.00 are both evens, which shows as 1.00.
        expect(toOddsFormat(fromOddsFormat(value, 'malay')!, 'malay')).toBe(value === -1 ? 1 : value);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps the order of prices in every format, Malay on each side of evens', () => {
    fc.assert(
      fc.property(anyPrice, anyPrice, format, (a, b, format) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        // Malay falls from 1.00 to −0.99 just above evens; every other format only rises.
        if (format === 'malay' && low <= 2000 && high > 2000) expect(toOddsFormat(high, format)).toBeLessThan(toOddsFormat(low, format));
        else expect(toOddsFormat(high, format)).toBeGreaterThanOrEqual(toOddsFormat(low, format));
      }),
      { numRuns: 1_000 },
    );
  });
});
