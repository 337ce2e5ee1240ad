import { afterEach, describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, setNumberLocale } from './money';

describe('money on screen', () => {
  afterEach(() => setNumberLocale('es-MX'));

  it('writes amounts the way the interface language does, from the decimal string', () => {
    expect(formatAmount('1250.00')).toBe('1,250.00');
    expect(formatAmount('-0012.50')).toBe('-12.50');
    expect(formatAmount('123456789012345678901.25')).toBe('123,456,789,012,345,678,901.25');
    setNumberLocale('fr');
    expect(formatAmount('1250.00')).toBe('1\u202f250,00');
    setNumberLocale('pt-BR');
    expect(formatAmount('1250.5')).toBe('1.250,5');
    setNumberLocale('hi');
    expect(formatAmount('1234567')).toBe('12,34,567');
  });

  it('keeps the sign in front of the symbol, in every script', () => {
    expect(formatMoney('-5.00', 'MX$')).toBe('-MX$ 5.00');
    setNumberLocale('ar');
    expect(formatMoney('-5.00', '$').startsWith('-$ ')).toBe(true);
    setNumberLocale('fa');
    expect(formatMoney('-5.00', '$')).toBe('-$ ۵٫۰۰');
  });

  it('leaves a shape it does not know as it is', () => {
    expect(formatAmount('n/a')).toBe('n/a');
  });
});
