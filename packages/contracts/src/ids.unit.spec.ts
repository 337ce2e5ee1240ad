import { describe, expect, it } from 'vitest';
import { decimalIdSchema, rowIdSchema } from './ids.js';

const BIGINT_MAX = 9223372036854775807n;

describe('row ids', () => {
  it('take every id up to 18 digits and nothing a bigint column cannot hold', () => {
    for (const ok of ['1', '42', '999999999999999999']) expect(rowIdSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['0', '007', '-1', '1.0', ' 1', '1000000000000000000', (BIGINT_MAX + 1n).toString(), '9408347947230402970']) {
      expect(rowIdSchema.safeParse(bad).success, bad).toBe(false);
    }
    // The longest id either shape takes is within bigint.
    expect(BigInt('9'.repeat(18)) <= BIGINT_MAX).toBe(true);
    expect(decimalIdSchema.safeParse('0').success).toBe(true);
    expect(decimalIdSchema.safeParse('9'.repeat(19)).success).toBe(false);
  });
});
