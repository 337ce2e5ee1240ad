/** The banner carousel's maths (spec §9 "Main banner carousel: 5000 ms, 1000 ms, 1.272 slides per view"). */
export const CAROUSEL_AUTOPLAY_MS = 5_000;
export const CAROUSEL_SPEED_MS = 1_000;
export const SLIDES_PER_VIEW = 1.272;
/** Phones show one slide and a sliver of the next. */
export const SLIDES_PER_VIEW_PHONE = 1.08;
/** A swipe shorter than this many pixels is a tap. */
export const SWIPE_MIN_PX = 40;
/** Copies of the last slides before the first and of the first slides after the last, so a loop never shows a gap. */
export const CLONES = 2;

/** The carousel loops and autoplays only with more than one banner (spec §4). */
export const loops = (count: number): boolean => count > 1;

/**
 * The slides as laid out on the track, each with the index of the real slide it shows. A looping carousel has copies of
 * its last slides in front and of its first slides behind, so the neighbours of every slide are on the track.
 */
export function trackSlides<T>(items: readonly T[]): { index: number; item: T }[] {
  const count = items.length;
  const real = items.map((item, index) => ({ index, item }));
  if (!loops(count)) return real;
  const at = (index: number) => real[((index % count) + count) % count]!;
  const before = Array.from({ length: CLONES }, (_, offset) => at(offset - CLONES));
  const after = Array.from({ length: CLONES }, (_, offset) => at(offset));
  return [...before, ...real, ...after];
}

/** The track position of real slide `index`. */
export const positionOf = (index: number, count: number): number => (loops(count) ? index + CLONES : index);

/** The real slide shown at track position `position`. */
export function slideAt(position: number, count: number): number {
  if (count === 0) return 0;
  if (!loops(count)) return Math.min(Math.max(position, 0), count - 1);
  return (((position - CLONES) % count) + count) % count;
}

/**
 * The position `step` slides on: a looping carousel may run onto the copies (the next jump brings it back); one that
 * does not loop stops at its ends.
 */
export function stepPosition(position: number, step: number, count: number): number {
  if (!loops(count)) return Math.min(Math.max(position + step, 0), Math.max(count - 1, 0));
  return Math.min(Math.max(position + step, 0), count + 2 * CLONES - 1);
}

/** A position on a copy, moved without animation to the same slide among the real ones (or itself when it is real). */
export const settledPosition = (position: number, count: number): number => positionOf(slideAt(position, count), count);

/**
 * The track's offset in percent of the viewport's width, with the current slide centred and its neighbours peeking in
 * on both sides; a single slide fills the viewport.
 */
export function trackOffsetPercent(position: number, count: number, perView: number): number {
  if (!loops(count)) return -position * 100;
  const width = 100 / perView;
  return -position * width + (100 - width) / 2;
}

/** The width of one slide in percent of the viewport. */
export const slideWidthPercent = (count: number, perView: number): number => (loops(count) ? 100 / perView : 100);
