import i18n from '../../i18n';
import { i18nextName, normaliseLanguage, type UiLanguage } from '../../i18n/languages';
import { PATTERN_IDS, PATTERNS, type PatternId } from '@wps/contracts/patterns';

/** The i18n key of a pattern's message; `range` is "min-max", or one number when both are equal. */
export const patternMessageKey = (id: PatternId): string => `pattern_${id}`;

const asResource = (text: string) => text.replaceAll('{range}', '{{range}}');

// The catalogue is shared with the server, so its messages are added from there instead of being copied into JSON.
for (const id of PATTERN_IDS) {
  for (const language of ['EN', 'ES'] as const) {
    i18n.addResource(language, 'translation', patternMessageKey(id), asResource(PATTERNS[id].message[language]));
  }
}

/** The server's message files (`pattern.<ID>` entries), one chunk per language, loaded when the language is in use. */
const MESSAGE_FILES = import.meta.glob<{ default: Record<string, string> }>('../../../../packages/contracts/src/messages/*.json');
const added = new Set<UiLanguage>(['EN', 'ES']);

async function addPatternMessages(raw: string): Promise<void> {
  const language = normaliseLanguage(raw);
  if (!language || added.has(language)) return;
  const load = Object.entries(MESSAGE_FILES).find(([file]) => file.endsWith(`/${language.toLowerCase()}.json`))?.[1];
  if (!load) return;
  added.add(language);
  const { default: messages } = await load().catch((error: unknown) => {
    added.delete(language);
    throw error;
  });
  for (const id of PATTERN_IDS) {
    const text = messages[`pattern.${id}`];
    if (text) i18n.addResource(i18nextName(language), 'translation', patternMessageKey(id), asResource(text));
  }
}

void addPatternMessages(i18n.language).catch(() => undefined);
i18n.on('languageChanged', (language) => void addPatternMessages(language).catch(() => undefined));
