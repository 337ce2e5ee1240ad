/**
 * Display formatting for money. Amounts arrive as decimal strings ("1250.00") and are formatted by string
 * manipulation only: they are never turned into floating-point numbers.
 */
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function groupThousands(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return trimmed.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1250.00" → "1,250.00"; unknown shapes are returned unchanged. */
export function formatAmount(amount: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', fraction] = match;
  return `${sign ?? ''}${groupThousands(whole)}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** "1250.00", "$" → "$ 1,250.00" (the spec's default symbol is $ when none is given). */
export function formatMoney(amount: string, symbol: string | null | undefined): string {
  const formatted = formatAmount(amount);
  const sym = symbol && symbol.trim() ? symbol.trim() : '$';
  if (formatted.startsWith('-')) return `-${sym} ${formatted.slice(1)}`;
  return `${sym} ${formatted}`;
}
