export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalPage: number;
  isFirstPage: boolean;
  isLastPage: boolean;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

/** The contract's page envelope; an empty result is one last page with totalPage 0. */
export function toPage<T>(items: T[], total: number, { page, pageSize }: PageRequest): Page<T> {
  const totalPage = Math.ceil(total / pageSize);
  return {
    items,
    page,
    pageSize,
    totalPage,
    isFirstPage: page === 0,
    isLastPage: page >= totalPage - 1,
    hasPreviousPage: page > 0,
    hasNextPage: page < totalPage - 1,
  };
}

/** A member's list read a page at a time, newest first (내 신청, 알림, an event's applicants). */
export interface PagedList<T> {
  status: 'loading' | 'ready' | 'loadingMore' | 'error';
  items: T[];
  /** The page a "more" asks for next. */
  nextPage: number;
  hasNext: boolean;
}

/**
 * A list with `page` of it loaded: the first page replaces the items, a later one is added after them,
 * without the items already listed (new rows push older ones onto the next page meanwhile).
 */
export function withLoadedPage<T extends { id: number }, S extends PagedList<T>>(
  list: S,
  page: number,
  answer: Page<T>,
): S {
  const seen = new Set(page === 0 ? [] : list.items.map((i) => i.id));
  return {
    ...list,
    status: 'ready',
    items: page === 0 ? answer.items : [...list.items, ...answer.items.filter((i) => !seen.has(i.id))],
    nextPage: page + 1,
    hasNext: answer.hasNextPage,
  };
}
