/** How the side menu and the footer arrange the brand's customer-service entries. */

/** The official channels shown as icons (spec §2 "Side menu"). */
export const CHANNEL_TYPES = ['WHATSAPP', 'IG', 'LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'TWITTER'] as const;

interface Typed {
  csType: string;
}

export interface EntryGroup<T extends Typed> {
  csType: string;
  entries: T[];
}

/** Entries grouped by service type (upper case), the types in the order the brand lists them. */
export function groupByType<T extends Typed>(entries: readonly T[]): EntryGroup<T>[] {
  const groups: EntryGroup<T>[] = [];
  for (const entry of entries) {
    const csType = entry.csType.toUpperCase();
    const group = groups.find((candidate) => candidate.csType === csType);
    if (group) group.entries.push(entry);
    else groups.push({ csType, entries: [entry] });
  }
  return groups;
}

/** The first entry of each official channel type, in the brand's order. */
export function channelsOf<T extends Typed>(entries: readonly T[]): T[] {
  return groupByType(entries)
    .filter((group) => (CHANNEL_TYPES as readonly string[]).includes(group.csType))
    .map((group) => group.entries[0]!);
}
