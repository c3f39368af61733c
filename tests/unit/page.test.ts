import { describe, expect, it } from 'vitest';
import { toPage, withLoadedPage, type PagedList } from '#lib/page';

const list = (ids: number[]): PagedList<{ id: number }> => ({
  status: 'loadingMore',
  items: ids.map((id) => ({ id })),
  nextPage: 1,
  hasNext: true,
});

describe('withLoadedPage', () => {
  it('replaces the items with the first page', () => {
    const next = withLoadedPage(list([1, 2]), 0, toPage([{ id: 3 }], 1, { page: 0, pageSize: 20 }));
    expect(next).toEqual({ status: 'ready', items: [{ id: 3 }], nextPage: 1, hasNext: false });
  });

  it('adds a later page after the items, without the ones already listed', () => {
    const answer = toPage([{ id: 2 }, { id: 3 }], 5, { page: 1, pageSize: 2 });
    const next = withLoadedPage({ ...list([1, 2]), error: null }, 1, answer);
    expect(next).toEqual({
      status: 'ready',
      items: [{ id: 1 }, { id: 2 }, { id: 3 }],
      nextPage: 2,
      hasNext: true,
      error: null,
    });
  });
});
