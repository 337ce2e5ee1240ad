import { z } from 'zod';

/** Money crosses the public API as decimal strings in major units; inside it is always integer minor units. */
export const CURRENCY_DECIMALS: Record<string, number> = { MXN: 2, USD: 2, EUR: 2, BRL: 2, VND: 0, JPY: 0, KRW: 0, THB: 2 };

/** A currency code sent in a request: one the platform counts in (its decimals are known), listed as such in the API reference. */
export const supportedCurrencySchema = z.enum(Object.keys(CURRENCY_DECIMALS) as [string, ...string[]]);

export function currencyDecimals(currency: string): number {
  const decimals = CURRENCY_DECIMALS[currency];
  if (decimals === undefined) throw new Error(`unknown currency ${currency}`);
  return decimals;
}

export function formatMinor(amountMinor: bigint, currency: string): string {
  const decimals = currencyDecimals(currency);
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : `.${digits.slice(-decimals)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Parses a positive or zero decimal string with at most the currency's decimals; undefined when malformed. */
export function parseMajor(text: string, currency: string): bigint | undefined {
  const decimals = currencyDecimals(currency);
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return undefined;
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}
