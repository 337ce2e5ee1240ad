import { describe, expect, it } from 'vitest';
import { amountToMinor, bpToPercentInput, formatMinor, formatRate, minorToAmount, percentToBp } from './agentFormat';

describe('agent money and rates', () => {
  it('shows minor units as amounts without rounding', () => {
    expect(minorToAmount('12345')).toBe('123.45');
    expect(minorToAmount('5')).toBe('0.05');
    expect(minorToAmount('-5')).toBe('-0.05');
    expect(minorToAmount('0')).toBe('0.00');
    expect(minorToAmount('-0')).toBe('0.00');
    expect(minorToAmount('900719925474099312')).toBe('9007199254740993.12');
    expect(formatMinor('123456789', '$')).toBe('$ 1,234,567.89');
    expect(formatMinor('-150', 'MX$')).toBe('-MX$ 1.50');
  });

  it('shows basis points as percentages', () => {
    expect(formatRate(1250)).toBe('12.5 %');
    expect(formatRate(1)).toBe('0.01 %');
    expect(formatRate(10_000)).toBe('100 %');
    expect(formatRate(30)).toBe('0.3 %');
  });

  it('reads typed percentages and amounts exactly', () => {
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentToBp('0,3')).toBe(30);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(bpToPercentInput(1250)).toBe('12.5');
    expect(amountToMinor('1,000.5')).toBe('100050');
    expect(amountToMinor('0.07')).toBe('7');
    expect(amountToMinor('1.005')).toBeNull();
    expect(amountToMinor('')).toBeNull();
  });
});
