import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  readRecentSearches,
  removeRecentSearch,
  RECENT_SEARCHES_MAX,
} from '#lib/recent-searches';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('recent searches (on the device only)', () => {
  it('keeps the newest first, once each, at most 20', () => {
    const store = memoryStorage();
    for (let i = 0; i < 25; i++) addRecentSearch(`검색${i}`, store);
    addRecentSearch(' 검색10 ', store);
    const list = readRecentSearches(store);
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list.slice(0, 2)).toEqual(['검색10', '검색24']);
    expect(list.filter((k) => k === '검색10')).toHaveLength(1);
  });

  it('removes one, or all; survives broken storage', () => {
    const store = memoryStorage();
    addRecentSearch('야경', store);
    addRecentSearch('바프', store);
    expect(removeRecentSearch('야경', store)).toEqual(['바프']);
    expect(clearRecentSearches(store)).toEqual([]);
    expect(store.getItem('damabwa.recentSearches')).toBeNull();
    store.setItem('damabwa.recentSearches', '{not json');
    expect(readRecentSearches(store)).toEqual([]);
    expect(readRecentSearches(null)).toEqual([]);
  });
});
