/**
 * Display formatting for money. Amounts arrive as decimal strings ("1250.00") and are formatted by string
 * manipulation only: they are never turned into floating-point numbers.
 */
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function groupThousands(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return trimmed.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

let numberLocale = 'es-MX';
const formats = new Map<string, Intl.NumberFormat>();

/** The interface language's way of writing numbers (set when the language changes). */
export function setNumberLocale(locale: string): void {
  numberLocale = locale;
}

function formatFor(decimals: number): Intl.NumberFormat {
  const key = `${numberLocale}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format;
}

/**
 * "1250.00" → "1,250.00" in Spanish or English, "1 250,00" in French; unknown shapes are returned unchanged. `Intl`
 * reads the decimal string exactly, so no amount passes through a floating-point number.
 */
export function formatAmount(amount: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', fraction] = match;
  const digits = `${sign ?? ''}${whole}${fraction !== undefined ? `.${fraction}` : ''}`;
  return formatFor(fraction?.length ?? 0)
    .format(digits as unknown as number)
    .replace(/^[\u200e\u200f]?[-\u2212]/, '-');
}

/** "1250.00", "$" → "$ 1,250.00" (the spec's default symbol is $ when none is given). */
export function formatMoney(amount: string, symbol: string | null | undefined): string {
  const formatted = formatAmount(amount);
  const sym = symbol && symbol.trim() ? symbol.trim() : '$';
  if (formatted.startsWith('-')) return `-${sym} ${formatted.slice(1)}`;
  return `${sym} ${formatted}`;
}

/** Largest number of decimals a player may type; the wallet's currencies have two. */
export const AMOUNT_DECIMALS = 2;
const AMOUNT_INPUT = /^\d+(?:\.\d+)?$/;

/** "12.5" → 1250n at two decimals; null when the text is not a plain non-negative amount with at most `decimals`. */
export function toMinor(amount: string, decimals = AMOUNT_DECIMALS): bigint | null {
  const text = amount.trim();
  if (!AMOUNT_INPUT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** The amount the player typed, normalised to the wire form ("12.5" → "12.50"); null when it is not an amount. */
export function normaliseAmount(amount: string, decimals = AMOUNT_DECIMALS): string | null {
  const minor = toMinor(amount, decimals);
  if (minor === null) return null;
  const digits = minor.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Sign of a signed decimal string: -1, 0 or 1 (unknown shapes count as 0). */
export function signOf(amount: string): -1 | 0 | 1 {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return 0;
  if (/^0*(?:\.0*)?$/.test(`${match[2]}${match[3] !== undefined ? `.${match[3]}` : ''}`)) return 0;
  return match[1] ? -1 : 1;
}

/** Checks an amount the player typed against optional bounds given as decimal strings; answers an i18n key or null. */
export function checkAmount(amount: string, bounds: { min?: string | null; max?: string | null } = {}): { key: string; params?: Record<string, string> } | null {
  if (!amount.trim()) return { key: 'err_input_empty' };
  const minor = toMinor(amount);
  if (minor === null || minor <= 0n) return { key: 'money_err_amount' };
  const min = bounds.min ? toMinor(bounds.min) : null;
  const max = bounds.max ? toMinor(bounds.max) : null;
  if ((min !== null && minor < min) || (max !== null && minor > max)) {
    return { key: 'money_err_amount_range', params: { min: formatAmount(bounds.min ?? '0'), max: formatAmount(bounds.max ?? '') } };
  }
  return null;
}
