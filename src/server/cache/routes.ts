/**
 * The cached routes: for each, the one reading of its request that both names its cached answer and
 * feeds its render.
 *
 * A route's `input` is everything its page or endpoint renders from; the page or endpoint reads its
 * request only through `routeInput` (tests/unit/cache-routes.test.ts checks every cached route does), and
 * the cache key is that input written canonically. So two requests share an answer exactly when their
 * renders get the same input: a parameter the render ignores makes no new entry, and one it honours is
 * always in the key. A path that is no route here is never cached.
 */
import { readFilter, readKeyword, readPage, type ListKind } from '#lib/filters';
import type { PageRequest } from '#lib/page';
import { paths } from '#lib/paths';
import { parsePhotographerFilter, parsePromotionFilter } from '#server/http/list-query';
import { photographerEventsQuery, readSearchState } from '#server/http/page-query';
import { idParam, pageParams } from '#server/http/query';
import { suggestionQuery } from '#server/search/query';
import type { ListQuery, SearchQuery } from '#server/services/browse';

const idIn = (pattern: RegExp) => (url: URL) => idParam(pattern.exec(url.pathname)?.[1]);
// Astro routes `/event/5/` to the same page as `/event/5`.
const eventId = idIn(/^\/event\/([^/]+)\/?$/);
const photographerId = idIn(/^\/photographer\/([^/]+)\/?$/);
const reviewsOf = idIn(/^\/photographer\/([^/]+)\/reviews\/?$/);

/**
 * /events and /photographers: their filters and page. The keyword is not theirs (search is /search),
 * so a `searchKeyword` there is ignored, by the render and the key alike.
 */
function listPageInput(url: URL, kind: ListKind): ListQuery {
  const q = url.searchParams;
  return { filter: readFilter(q, kind), keyword: '', page: readPage(q) };
}

/** /search: the state, the keyword and that state's list; the overview shows no list, so no filter. */
function searchInput(url: URL): SearchQuery {
  const q = url.searchParams;
  const state = readSearchState(q);
  const keyword = readKeyword(q);
  if (state === 'OVERVIEW') return { state, keyword, filter: readFilter(new URLSearchParams(), 'promotion'), page: 0 };
  return {
    state,
    keyword,
    filter: readFilter(q, state === 'PHOTOGRAPHER' ? 'photographer' : 'promotion'),
    page: readPage(q),
  };
}

/** A list API call: its filter and page, read strictly (a bad value throws its 4xx, and nothing is kept). */
function apiListInput<F>(parse: (q: URLSearchParams) => F) {
  return (url: URL): { filter: F; page: PageRequest } => ({
    filter: parse(url.searchParams),
    page: pageParams(url.searchParams),
  });
}

interface Route<I> {
  /** True when the path is this route's. */
  at: (url: URL) => boolean;
  /** What the render reads from the request; may throw the 4xx of a bad request (then nothing is kept). */
  input: (url: URL) => I;
  /** Answers that depend on the caller's token are not shared: only anonymous calls are kept. */
  anonymousOnly?: true;
}

const route = <I>(r: Route<I>): Route<I> => r;

export const CACHED_ROUTES = {
  home: route({ at: (u) => u.pathname === '/', input: () => null }),
  sitemap: route({ at: (u) => u.pathname === '/sitemap.xml', input: () => null }),
  event: route({ at: (u) => eventId(u) !== null, input: (u) => ({ id: eventId(u) }) }),
  photographer: route({
    at: (u) => photographerId(u) !== null,
    input: (u) => ({ id: photographerId(u), events: photographerEventsQuery(u.searchParams) }),
  }),
  photographerReviews: route({
    at: (u) => reviewsOf(u) !== null,
    input: (u) => ({ id: reviewsOf(u), page: readPage(u.searchParams) }),
  }),
  events: route({ at: (u) => u.pathname === paths.events, input: (u) => listPageInput(u, 'promotion') }),
  photographers: route({
    at: (u) => u.pathname === paths.photographers,
    input: (u) => listPageInput(u, 'photographer'),
  }),
  search: route({ at: (u) => u.pathname === paths.search, input: searchInput }),
  /** What is typed, as looked up (`suggestionQuery`): the answer is the same for everyone. */
  suggestions: route({
    at: (u) => u.pathname === '/api/v1/search/suggestions',
    input: (u) => ({ q: suggestionQuery((u.searchParams.get('q') ?? '').slice(0, 100)) }),
  }),
  /** The most searched keywords of the last 7 days: nothing of the request is read. */
  popularSearches: route({ at: (u) => u.pathname === '/api/v1/search/popular', input: () => null }),
  promotionList: route({
    at: (u) => u.pathname === '/api/v1/promotions/list',
    input: apiListInput(parsePromotionFilter),
    anonymousOnly: true,
  }),
  photographerList: route({
    at: (u) => u.pathname === '/api/v1/photographers/list',
    input: apiListInput(parsePhotographerFilter),
    anonymousOnly: true,
  }),
};

export type CachedRouteName = keyof typeof CACHED_ROUTES;
export type RouteInput<N extends CachedRouteName> = ReturnType<(typeof CACHED_ROUTES)[N]['input']>;

/** What route `name`'s render reads from `url` (the same reading its cache key is made from). */
export function routeInput<N extends CachedRouteName>(name: N, url: URL): RouteInput<N> {
  return CACHED_ROUTES[name].input(url) as RouteInput<N>;
}

/** The cached route a URL is, if any. */
export function cachedRouteOf(url: URL): CachedRouteName | null {
  for (const name of Object.keys(CACHED_ROUTES) as CachedRouteName[]) if (CACHED_ROUTES[name].at(url)) return name;
  return null;
}

/** An input written canonically: object keys sorted, `undefined` members left out (as a render ignores them). */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The key of route `name`'s answer for an input: the route and the input, canonically. */
export function keyOf<N extends CachedRouteName>(name: N, input: RouteInput<N>): string {
  return `${name} ${canonical(input)}`;
}

/**
 * The cache key of a GET, or null when its answer is never shared: not a cached route, a request its
 * render refuses (a bad list query), or a list API call with a token (its `isSaved` is the caller's).
 */
export function cacheKey(url: URL, withAuthorization = false): string | null {
  const name = cachedRouteOf(url);
  if (name === null) return null;
  if (withAuthorization && 'anonymousOnly' in CACHED_ROUTES[name]) return null;
  return inputKey(name, url);
}

/** The key of route `name` at `url` whoever calls, or null when its render refuses the request. */
export function inputKey(name: CachedRouteName, url: URL): string | null {
  try {
    return keyOf(name, routeInput(name, url));
  } catch {
    return null;
  }
}

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
