import { describe, expect, it } from 'vitest';
import { jackpotDraw, jackpotHits } from './jackpot.js';

describe('the jackpot draw', () => {
  it('decides the same for the same bet, every time', () => {
    expect(jackpotDraw('bet-1')).toBe(jackpotDraw('bet-1'));
    expect(jackpotDraw('bet-1')).not.toBe(jackpotDraw('bet-2'));
  });

  it('is a fraction in [0, 1) that hits about as often as configured', () => {
    let hits = 0;
    for (let index = 0; index < 20_000; index++) {
      const draw = jackpotDraw(`bet-${index}`);
      expect(draw).toBeGreaterThanOrEqual(0);
      expect(draw).toBeLessThan(1);
      if (jackpotHits(`bet-${index}`, 0.1)) hits++;
    }
    expect(hits).toBeGreaterThan(1_800);
    expect(hits).toBeLessThan(2_200);
    expect(jackpotHits('bet-1', 0)).toBe(false);
    expect(jackpotHits('bet-1', 1)).toBe(true);
  });
});
