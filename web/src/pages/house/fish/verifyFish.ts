import { drawFishShot, FISH_KINDS, fishCatchChance, fishCatches, fishKindOf, formatFishRoll } from '@wps/contracts/fairness-fish';
import type { DrawStream } from '@wps/contracts/fairness';

/**
 * The verify page's lines for a FISH shot: the round's roll and, for the kind aimed at (or every kind when the link
 * names none), whether that roll catches it. The same mapping the house service used, run on the browser's bytes.
 */
export function fishVerifyLines(draws: DrawStream, kind: string | null): string[] {
  const aimed = kind ? fishKindOf(kind) : undefined;
  const { roll } = drawFishShot(draws, aimed ?? FISH_KINDS[0]!);
  return [
    `roll ${formatFishRoll(roll)}`,
    ...(aimed ? [aimed] : FISH_KINDS).map((fish) => `${fish.kind} ×${fish.multiplier}: chance ${fishCatchChance(fish.multiplier).toFixed(6)} → ${fishCatches(roll, fish) ? 'caught' : 'missed'}`),
  ];
}
