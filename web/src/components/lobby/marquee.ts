/** The announcement strip's pace: about this many characters scroll past per second, whatever the list's length. */
export const MARQUEE_CHARACTERS_PER_SECOND = 8;
/** Short lists still take this long per loop, so a single item does not dart across. */
export const MARQUEE_MIN_SECONDS = 15;
/** Characters the gap between two items is worth in scrolling time. */
const ITEM_GAP_CHARACTERS = 12;

/** Seconds one loop of the strip takes: proportional to the text shown, so it reads at the same speed. */
export function marqueeDurationSeconds(list: readonly { title: string; content: string }[]): number {
  const characters = list.reduce((sum, entry) => sum + entry.title.length + entry.content.length + ITEM_GAP_CHARACTERS, 0);
  return Math.max(MARQUEE_MIN_SECONDS, Math.round(characters / MARQUEE_CHARACTERS_PER_SECOND));
}
