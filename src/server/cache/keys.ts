/**
 * The one cache key function. Every path that reads or writes the page cache (the server's fast path,
 * the Astro cache provider, the members' shared list answers) names an answer by `cacheKey`.
 *
 * Keys are canonical: the path, then only the parameters that route reads, in one fixed order, with
 * defaults left out. An unknown parameter (`?utm_source=…`, `?x=1`) names the same answer as none, so
 * hostile or tracking query strings make no new entry. A route that is not listed here is never cached.
 */
import { listHref, readFilter, readKeyword, readPage, type ListKind } from '#lib/filters';
import { readEventsTab, readSearchState } from '#server/http/page-query';

const EVENT_PAGE = /^\/event\/[1-9]\d{0,9}$/;
const PHOTOGRAPHER_PAGE = /^\/photographer\/[1-9]\d{0,9}$/;

/** The list API's parameters, in key order. Lists are sets: their values are sorted. */
const API_LIST_PARAMS: Record<string, { scalars: string[]; lists: string[]; defaults: Record<string, string> }> = {
  '/api/v1/promotions/list': {
    scalars: ['type', 'progressStatus', 'sortType', 'searchKeyword', 'page', 'pageSize'],
    lists: ['regions', 'photographyTypes'],
    defaults: { progressStatus: 'ALL', sortType: 'LATEST', page: '0', pageSize: '10' },
  },
  '/api/v1/photographers/list': {
    scalars: ['sort', 'sortType', 'searchKeyword', 'page', 'pageSize'],
    lists: ['regions', 'photographyTypes'],
    defaults: { sort: 'LATEST', sortType: 'LATEST', page: '0', pageSize: '10' },
  },
};

/**
 * The request target of a raw node `req.url`: an origin-form path only (`/events?x`). An absolute or
 * scheme-relative target (`//x/events`, `http://x/…`) is null, so no path can be read two ways.
 */
export function requestTarget(raw: string | undefined): URL | null {
  if (!raw || raw[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return null;
  try {
    return new URL(raw, 'http://localhost');
  } catch {
    return null;
  }
}

/** True for the list API paths whose anonymous answers are shared. */
export function isSharedListPath(pathname: string): boolean {
  return pathname in API_LIST_PARAMS;
}

/**
 * The cache key of a GET, or null when the answer is never shared: member pages, files, stand-ins, and
 * the list API called with a token (its `isSaved` is the caller's; see `shared-lists.ts`).
 */
export function cacheKey(url: URL, withAuthorization = false): string | null {
  const p = url.pathname;
  const q = url.searchParams;
  if (p === '/' || p === '/sitemap.xml' || EVENT_PAGE.test(p)) return p;
  if (PHOTOGRAPHER_PAGE.test(p)) return photographerKey(p, q);
  if (p === '/events') return listKey(p, 'promotion', q);
  if (p === '/photographers') return listKey(p, 'photographer', q);
  if (p === '/search') return searchKey(q);
  if (isSharedListPath(p)) return withAuthorization ? null : apiListKey(p, q);
  return null;
}

/** The key of a list API answer whatever the caller: members' answers are built from the shared one. */
export function apiListKey(pathname: string, q: URLSearchParams): string {
  const spec = API_LIST_PARAMS[pathname];
  if (!spec) return pathname;
  const out = new URLSearchParams();
  for (const name of [...spec.lists, ...spec.scalars].sort()) {
    const raw = q.getAll(name);
    const value = spec.lists.includes(name)
      ? raw
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean)
          .sort()
          .join(',')
      : (raw.map((v) => v.trim()).find(Boolean) ?? '');
    if (value && value !== spec.defaults[name]) out.append(name, value);
  }
  const qs = out.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

function listKey(path: string, kind: ListKind, q: URLSearchParams): string {
  return listHref({ path, kind, filter: readFilter(q, kind), page: readPage(q) });
}

/** The photographer page's events tab (`?events=ended`) and its page. */
function photographerKey(path: string, q: URLSearchParams): string {
  const out = new URLSearchParams();
  if (readEventsTab(q) === 'ENDED') out.set('events', 'ended');
  const page = readPage(q);
  if (page > 0) out.set('page', String(page));
  const qs = out.toString();
  return qs ? `${path}?${qs}` : path;
}

function searchKey(q: URLSearchParams): string {
  const state = readSearchState(q);
  const kind: ListKind = state === 'PHOTOGRAPHER' ? 'photographer' : 'promotion';
  return listHref({
    path: '/search',
    kind,
    filter: readFilter(q, kind),
    base: [
      ['searchKeyword', readKeyword(q)],
      ['state', state === 'OVERVIEW' ? '' : state],
    ],
    page: readPage(q),
  });
}
