/**
 * /my/saved/:type — the member's saved events or photographers, loaded from the API (so the page works
 * on a reload, not only when opened from my page), newest save first, a page at a time. Every listed
 * item starts as saved in the shared save store, so the save toggles show it and can undo it.
 */
import { atom } from 'nanostores';
import { isApiRequestError } from '#client/api';
import type { PromotionListItem, SavedPhotographerItem } from '#lib/contract';
import { memberCopy } from '#lib/copy-member';
import { fetchSavedPhotographers, fetchSavedPromotions, type SavedType } from '#client/member-api';
import { enterMemberPage } from './member';
import { $saves, saveKey } from './saves';

export const SAVED_PAGE_SIZE = 20;

export type SavedItems =
  { type: 'promotion'; items: PromotionListItem[] } | { type: 'photographer'; items: SavedPhotographerItem[] };

export interface SavedListState {
  status: 'loading' | 'ready' | 'loadingMore' | 'error';
  list: SavedItems | null;
  /** The next page to ask for. */
  nextPage: number;
  hasNext: boolean;
  error: string | null;
}

export const $savedList = atom<SavedListState>({
  status: 'loading',
  list: null,
  nextPage: 0,
  hasNext: false,
  error: null,
});

function markSaved(type: SavedType, id: number, count: number | null): void {
  const key = saveKey(type, id);
  if (!$saves.get()[key])
    $saves.setKey(key, { saved: true, count: count === null ? null : Math.max(0, count), pending: false });
}

async function fetchPage(type: SavedType, page: number): Promise<{ list: SavedItems; hasNext: boolean }> {
  if (type === 'promotion') {
    const answer = await fetchSavedPromotions(page, SAVED_PAGE_SIZE);
    answer.items.forEach((p) => markSaved('promotion', p.id, p.saveCount));
    return { list: { type, items: answer.items }, hasNext: answer.hasNextPage };
  }
  const answer = await fetchSavedPhotographers(page, SAVED_PAGE_SIZE);
  answer.items.forEach((p) => markSaved('photographer', p.id, p.saveCount));
  return { list: { type, items: answer.items }, hasNext: answer.hasNextPage };
}

function merge(a: SavedItems | null, b: SavedItems): SavedItems {
  if (!a || a.type !== b.type) return b;
  if (a.type === 'promotion' && b.type === 'promotion') {
    const seen = new Set(a.items.map((i) => i.id));
    return { type: 'promotion', items: [...a.items, ...b.items.filter((i) => !seen.has(i.id))] };
  }
  if (a.type === 'photographer' && b.type === 'photographer') {
    const seen = new Set(a.items.map((i) => i.id));
    return { type: 'photographer', items: [...a.items, ...b.items.filter((i) => !seen.has(i.id))] };
  }
  return b;
}

async function load(type: SavedType, page: number): Promise<void> {
  const before = $savedList.get();
  $savedList.set({ ...before, status: page === 0 ? 'loading' : 'loadingMore', error: null });
  try {
    const { list, hasNext } = await fetchPage(type, page);
    const current = $savedList.get();
    $savedList.set({
      status: 'ready',
      list: page === 0 ? list : merge(current.list, list),
      nextPage: page + 1,
      hasNext,
      error: null,
    });
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('saved list not loaded', err);
    $savedList.set({ ...$savedList.get(), status: 'error', error: memberCopy.saved.loadFailed });
  }
}

export async function openSavedList(type: SavedType): Promise<void> {
  const me = await enterMemberPage('member');
  if (me) await load(type, 0);
}

export function loadMoreSaved(type: SavedType): Promise<void> {
  const s = $savedList.get();
  if (s.status !== 'ready' || !s.hasNext) return Promise.resolve();
  return load(type, s.nextPage);
}

export function retrySaved(type: SavedType): Promise<void> {
  const s = $savedList.get();
  return load(type, s.list ? s.nextPage : 0);
}
