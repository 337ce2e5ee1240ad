/** Money and rates as the agent pages show and take them: minor units and basis points, never floats. */
import { formatMoney } from '../../money';

/** "12345" minor units → "123.45" (the brand's money has two decimals). */
export function minorToAmount(minor: string, decimals = 2): string {
  const text = minor.trim();
  if (!/^-?\d+$/.test(text)) return minor;
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative && /[1-9]/.test(digits) ? '-' : ''}${whole}${decimals ? `.${fraction}` : ''}`;
}

/** Minor units shown with the currency symbol: "$ 1,234.50". */
export function formatMinor(minor: string, symbol: string | null | undefined): string {
  return formatMoney(minorToAmount(minor), symbol);
}

/** 1250 basis points → "12.5 %"; 1 bp = 0.01 %. */
export function formatRate(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = Math.abs(bp % 100);
  const fraction = rest ? `.${String(rest).padStart(2, '0').replace(/0$/, '')}` : '';
  return `${whole}${fraction} %`;
}

/** A percentage typed by the agent ("12.5") → basis points (1250); null when not 0-100 with at most two decimals. */
export function percentToBp(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points → the text a rate field starts with ("12.5"). */
export function bpToPercentInput(bp: number): string {
  return formatRate(bp).replace(' %', '');
}

/** An amount typed by the agent ("1,000.5") → minor units ("100050"); null when it is not a non-negative amount. */
export function amountToMinor(text: string): string | null {
  const value = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))).toString();
}
