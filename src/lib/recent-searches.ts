/**
 * Recent searches, kept on the device only (localStorage): up to 20, newest first, no repeats; each
 * can be removed, or all. Nothing here is sent anywhere.
 */
export const RECENT_SEARCHES_KEY = 'damabwa.recentSearches';
export const RECENT_SEARCHES_MAX = 20;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readRecentSearches(store: StorageLike | null = storage()): string[] {
  try {
    const value: unknown = JSON.parse(store?.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string' && v.length > 0).slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(list: string[], store: StorageLike | null): string[] {
  try {
    if (list.length === 0) store?.removeItem(RECENT_SEARCHES_KEY);
    else store?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private mode): the list simply is not kept.
  }
  return list;
}

/** Puts `keyword` first (trimmed; once), keeping at most 20. */
export function addRecentSearch(keyword: string, store: StorageLike | null = storage()): string[] {
  const k = keyword.trim();
  if (!k) return readRecentSearches(store);
  const list = [k, ...readRecentSearches(store).filter((x) => x !== k)].slice(0, RECENT_SEARCHES_MAX);
  return write(list, store);
}

export function removeRecentSearch(keyword: string, store: StorageLike | null = storage()): string[] {
  return write(
    readRecentSearches(store).filter((x) => x !== keyword),
    store,
  );
}

export function clearRecentSearches(store: StorageLike | null = storage()): string[] {
  return write([], store);
}
