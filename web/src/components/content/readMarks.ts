/** Which player notices the visitor has opened, kept in local storage per account (or for the guest). */
import type { NoticeEntry } from '@wps/contracts';
import { createStore, useStoreValue } from '../../state/store';

const KEY_PREFIX = 'readNotices:';
/** Enough for every notice a brand shows at a time; the oldest marks go first. */
const MAX_MARKS = 300;

const keyOf = (account: string | null): string => `${KEY_PREFIX}${account ?? 'guest'}`;
const cache = new Map<string, readonly string[]>();
const changes = createStore({ version: 0 });

function load(key: string): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function idsOf(key: string): readonly string[] {
  let ids = cache.get(key);
  if (!ids) {
    ids = load(key);
    cache.set(key, ids);
  }
  return ids;
}

/** Marks a notice read for `account` (null: the guest). */
export function markRead(account: string | null, id: string): void {
  const key = keyOf(account);
  const ids = idsOf(key);
  if (ids.includes(id)) return;
  const next = [...ids, id].slice(-MAX_MARKS);
  cache.set(key, next);
  try {
    window.localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // storage full or disabled: the mark lasts for this page only
  }
  changes.set((state) => ({ version: state.version + 1 }));
}

/** The ids `account` (null: the guest) has read. */
export function useReadIds(account: string | null): readonly string[] {
  const key = keyOf(account);
  return useStoreValue(changes, () => idsOf(key));
}

/** The notices of `list` not read yet. */
export const unreadOf = (list: readonly NoticeEntry[], read: readonly string[]): NoticeEntry[] => list.filter((entry) => !read.includes(entry.id));
