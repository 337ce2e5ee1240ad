import { describe, expect, it } from 'vitest';
import { MARQUEE_MIN_SECONDS, marqueeDurationSeconds } from './marquee';

describe('announcement strip pace', () => {
  it('takes at least the minimum for short lists', () => {
    expect(marqueeDurationSeconds([{ title: 'Hi', content: 'There' }])).toBe(MARQUEE_MIN_SECONDS);
    expect(marqueeDurationSeconds([])).toBe(MARQUEE_MIN_SECONDS);
  });

  it('grows with the text so every list scrolls at the same reading speed', () => {
    const entry = { title: 'x'.repeat(48), content: 'y'.repeat(100) };
    const one = marqueeDurationSeconds([entry]);
    const three = marqueeDurationSeconds([entry, entry, entry]);
    expect(one).toBe(20);
    expect(three).toBe(60);
  });
});
