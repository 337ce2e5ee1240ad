import i18n from '../../i18n';
import { PATTERN_IDS, PATTERNS, type PatternId } from '@wps/contracts/patterns';

/** The i18n key of a pattern's message; `range` is "min-max", or one number when both are equal. */
export const patternMessageKey = (id: PatternId): string => `pattern_${id}`;

// The catalogue is shared with the server, so its messages are added from there instead of being copied into JSON.
for (const id of PATTERN_IDS) {
  for (const language of ['EN', 'ES'] as const) {
    i18n.addResource(language, 'translation', patternMessageKey(id), PATTERNS[id].message[language].replaceAll('{range}', '{{range}}'));
  }
}
