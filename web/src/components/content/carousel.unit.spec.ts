import { describe, expect, it } from 'vitest';
import { CLONES, loops, positionOf, settledPosition, slideAt, slideWidthPercent, SLIDES_PER_VIEW, stepPosition, trackOffsetPercent, trackSlides } from './carousel';

const indices = (count: number) => trackSlides(Array.from({ length: count }, (_, index) => `banner ${index}`)).map((slide) => slide.index);

describe('banner carousel', () => {
  it('loops only with more than one banner', () => {
    expect(loops(0)).toBe(false);
    expect(loops(1)).toBe(false);
    expect(loops(2)).toBe(true);
  });

  it('lays copies of the last slides in front and of the first behind', () => {
    expect(indices(1)).toEqual([0]);
    expect(indices(2)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(indices(4)).toEqual([2, 3, 0, 1, 2, 3, 0, 1]);
  });

  it('maps positions and slides both ways', () => {
    for (let index = 0; index < 4; index++) expect(slideAt(positionOf(index, 4), 4)).toBe(index);
    // The copies show the slides they copy.
    expect(slideAt(0, 4)).toBe(2);
    expect(slideAt(4 + CLONES, 4)).toBe(0);
    expect(positionOf(0, 1)).toBe(0);
  });

  it('runs from the last slide onto the copy of the first, then settles on the real first', () => {
    const last = positionOf(3, 4);
    const next = stepPosition(last, 1, 4);
    expect(slideAt(next, 4)).toBe(0);
    expect(next).not.toBe(positionOf(0, 4));
    expect(settledPosition(next, 4)).toBe(positionOf(0, 4));
    // Backwards from the first the same way.
    const before = stepPosition(positionOf(0, 4), -1, 4);
    expect(slideAt(before, 4)).toBe(3);
    expect(settledPosition(before, 4)).toBe(positionOf(3, 4));
    // A real position is already settled.
    expect(settledPosition(positionOf(2, 4), 4)).toBe(positionOf(2, 4));
  });

  it('never leaves the track', () => {
    expect(stepPosition(indices(3).length - 1, 1, 3)).toBe(indices(3).length - 1);
    expect(stepPosition(0, -1, 3)).toBe(0);
    expect(stepPosition(0, 1, 1)).toBe(0);
  });

  it('centres the current slide with its neighbours peeking in at 1.272 slides per view', () => {
    const width = slideWidthPercent(3, SLIDES_PER_VIEW);
    expect(width).toBeCloseTo(78.616, 3);
    const offset = trackOffsetPercent(positionOf(0, 3), 3, SLIDES_PER_VIEW);
    // The current slide starts where the viewport's margin ends: equal peeks on both sides.
    expect(offset + positionOf(0, 3) * width).toBeCloseTo((100 - width) / 2, 6);
    // One slide fills the viewport and stands still.
    expect(slideWidthPercent(1, SLIDES_PER_VIEW)).toBe(100);
    expect(trackOffsetPercent(0, 1, SLIDES_PER_VIEW)).toBeCloseTo(0, 6);
  });
});
