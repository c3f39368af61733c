/**
 * The page cache's keys are made from the reading of the request that the render uses
 * (`cache/routes.ts`): two requests share a cached answer exactly when their renders get the same input.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CACHED_ROUTES, cacheKey, cachedRouteOf, routeInput, type CachedRouteName } from '#server/cache/routes';

const u = (path: string) => new URL(path, 'http://localhost');
const key = (path: string) => cacheKey(u(path));

/** A path of each cached route. */
const ROUTE_PATHS: Record<CachedRouteName, string> = {
  home: '/',
  sitemap: '/sitemap.xml',
  event: '/event/12',
  photographer: '/photographer/3',
  photographerReviews: '/photographer/3/reviews',
  events: '/events',
  photographers: '/photographers',
  search: '/search',
  suggestions: '/api/v1/search/suggestions',
  popularSearches: '/api/v1/search/popular',
  promotionList: '/api/v1/promotions/list',
  photographerList: '/api/v1/photographers/list',
};

/** The render's input at a URL, or the refusal it throws (then nothing is kept). */
function inputAt(path: string): unknown {
  const url = u(path);
  const name = cachedRouteOf(url);
  if (name === null) return 'not cached';
  try {
    return routeInput(name, url);
  } catch {
    return 'refused';
  }
}

describe('cache keys: what shares an answer', () => {
  it.each([
    // The urgent poisoning: a keyword the list pages do not show, and the photographers API's two spellings.
    ['/events?searchKeyword=없는zz', '/events'],
    ['/photographers?searchKeyword=zzqq', '/photographers'],
    ['/api/v1/photographers/list?sort=LATEST&sortType=POPULAR', '/api/v1/photographers/list'],
    ['/api/v1/photographers/list?sortType=POPULAR&sort=LATEST&x=1', '/api/v1/photographers/list?sort=LATEST'],
    ['/?utm_source=kakao', '/'],
    ['/event/12?x=1&y=2', '/event/12'],
    ['/photographer/3?ref=share', '/photographer/3'],
    ['/photographer/3/reviews?page=0&ref=share', '/photographer/3/reviews'],
    ['/photographer/3?events=current&page=0', '/photographer/3'],
    ['/photographer/3?page=2&events=ended&x=1', '/photographer/3?events=ended&page=2'],
    ['/events?page=0&sortType=LATEST&progressStatus=ALL', '/events'],
    ['/events?utm_campaign=a&type=FREE', '/events?type=FREE'],
    [
      '/events?photographyTypes=SELF,SNAP&type=FREE&page=2',
      '/events?page=2&photographyTypes=SNAP&photographyTypes=SELF&type=FREE',
    ],
    ['/search?state=OVERVIEW&searchKeyword=%20스냅%20', '/search?searchKeyword=스냅'],
    ['/search?searchKeyword=스냅&type=FREE&page=3', '/search?searchKeyword=스냅'],
    ['/sitemap.xml?x=1', '/sitemap.xml'],
    ['/api/v1/promotions/list?pageSize=10&page=0&utm=x', '/api/v1/promotions/list'],
    // Suggestions: only what is typed, as looked up (a jamo being composed left out).
    ['/api/v1/search/suggestions?q=%20가족ㅅ&x=1', '/api/v1/search/suggestions?q=가족'],
    [`/api/v1/search/suggestions?q=${'가'.repeat(31)}`, '/api/v1/search/suggestions'],
    ['/api/v1/search/popular?q=스냅', '/api/v1/search/popular'],
  ])('%s answers as %s', (a, b) => {
    expect(key(a)).not.toBeNull();
    expect(key(a)).toBe(key(b));
    expect(inputAt(a)).toEqual(inputAt(b));
  });

  it.each([
    ['/api/v1/photographers/list?sort=LATEST&sortType=POPULAR', '/api/v1/photographers/list?sortType=POPULAR'],
    ['/api/v1/photographers/list?sort=POPULAR', '/api/v1/photographers/list'],
    ['/search?searchKeyword=a', '/search?searchKeyword=b'],
    ['/search?searchKeyword=a&state=PROMOTION&type=FREE', '/search?searchKeyword=a&state=PROMOTION'],
    ['/api/v1/promotions/list?searchKeyword=a', '/api/v1/promotions/list'],
    ['/events?type=FREE', '/events'],
    ['/event/12', '/event/13'],
    ['/photographer/3?events=ended', '/photographer/3'],
    ['/api/v1/search/suggestions?q=가족', '/api/v1/search/suggestions?q=가을'],
    ['/api/v1/search/suggestions?q=ㄱㅈ', '/api/v1/search/suggestions?q=ㄱ'],
  ])('%s and %s are different answers', (a, b) => {
    expect(key(a)).not.toBe(key(b));
    expect(inputAt(a)).not.toEqual(inputAt(b));
  });

  it('keeps no answer a render refuses, no member page and no list asked with a token', () => {
    for (const path of [
      '/api/v1/promotions/list?pageSize=0',
      '/api/v1/promotions/list?sortType=NEWEST',
      '/api/v1/photographers/list?page=x',
      '/event/abc',
      '/event/0',
      '/photographer/99999999999',
      '/mypage',
      '/media/ab/x.webp',
    ])
      expect(key(path), path).toBeNull();
    expect(cacheKey(u('/api/v1/photographers/list'), true)).toBeNull();
    expect(cacheKey(u('/events'), true)).toBe(key('/events'));
  });
});

// --- the property: over generated query strings, one key ⇔ one render input ---

const KNOWN = [
  'type',
  'progressStatus',
  'sortType',
  'sort',
  'regions',
  'photographyTypes',
  'searchKeyword',
  'page',
  'pageSize',
  'state',
  'events',
  'q',
];
const VALUES = [
  '',
  ' ',
  'FREE',
  'DISCOUNT',
  'free',
  'ALL',
  'ONGOING',
  'UPCOMING',
  'ENDED',
  'ended',
  'current',
  'LATEST',
  'POPULAR',
  'popular',
  'PROMOTION',
  'PHOTOGRAPHER',
  'OVERVIEW',
  'SNAP',
  'SELF',
  'SNAP,SELF',
  'SELF, SNAP',
  ',',
  '서울',
  '서울 강남구',
  '서울,부산',
  '없는지역',
  '스냅',
  ' 스냅 ',
  '없는zz',
  '%',
  '_',
  '0',
  '1',
  '2',
  '01',
  '-1',
  '-0',
  '00',
  '10',
  '100',
  '101',
  '999999999999',
  '1e3',
  'x',
  '\u0000',
  '\u200b',
  '가족ㅅ',
  'ㄱㅈ',
  '가'.repeat(120),
];

const pair = fc.tuple(
  fc.oneof(fc.constantFrom(...KNOWN), fc.constantFrom('utm_source', 'x', 'Sort', 'searchkeyword', 'page[]')),
  fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 6 })),
);
const query = fc.array(pair, { maxLength: 6 });
const qs = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

describe('cache keys: the property', () => {
  for (const [name, path] of Object.entries(ROUTE_PATHS)) {
    it(`${name}: two query strings share a key exactly when the render reads the same input`, () => {
      fc.assert(
        fc.property(query, query, fc.boolean(), (a, b, reorder) => {
          // Half the time the second is the first reordered with noise added: keys then often collide.
          const second = reorder ? [...b.filter(([k]) => !KNOWN.includes(k)), ...[...a].reverse()] : b;
          const ua = `${path}?${qs(a)}`;
          const ub = `${path}?${qs(second)}`;
          const [ka, kb] = [key(ua), key(ub)];
          const [ia, ib] = [inputAt(ua), inputAt(ub)];
          if (ia === 'refused' || ib === 'refused') {
            if (ia === 'refused') expect(ka).toBeNull();
            if (ib === 'refused') expect(kb).toBeNull();
            return;
          }
          expect(ka).not.toBeNull();
          if (ka === kb) expect(ia).toEqual(ib);
          else expect(ia).not.toEqual(ib);
        }),
        { numRuns: 400 },
      );
    });
  }
});

// --- every cached route reads its request only through routeInput ---

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/**
 * What of a file runs on the server for the render: an `.astro` file's frontmatter and template (not
 * its `<script>`s, which run in the browser after the page is served), a module whole.
 */
function serverPart(file: string): string {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.astro') ? text.replace(/<script[\s\S]*?<\/script>/g, '') : text;
}

/** Reading the request other than through `routeInput`: the query, route params, cookies, headers. */
const OWN_READING = /searchParams|Astro\.params|Astro\.cookies|Astro\.request|\bparams\[|request\.headers/;

describe('cache keys: one reading of the request', () => {
  const sources = [...filesUnder('src/pages'), ...filesUnder('src/server/http')].filter((f) => /\.(astro|ts)$/.test(f));
  const cached = sources.filter((f) => readFileSync(f, 'utf8').includes('publicCache('));

  it('knows every route that asks to be cached', () => {
    expect(cached.sort()).toEqual(
      [
        'src/pages/index.astro',
        'src/pages/sitemap.xml.ts',
        'src/pages/event/[id].astro',
        'src/pages/photographer/[id].astro',
        'src/pages/photographer/[id]/reviews.astro',
        'src/pages/events.astro',
        'src/pages/photographers.astro',
        'src/pages/search.astro',
        'src/pages/api/v1/search/suggestions.ts',
        'src/pages/api/v1/search/popular.ts',
        'src/server/http/list-endpoint.ts',
      ].sort(),
    );
    expect(Object.keys(CACHED_ROUTES).sort()).toEqual(Object.keys(ROUTE_PATHS).sort());
  });

  it.each(cached.map((f) => [f]))('%s reads its request only through routeInput', (file) => {
    expect(serverPart(file)).not.toMatch(OWN_READING);
  });

  it('no layout or component a cached page renders reads the query or the route params', () => {
    for (const f of [...filesUnder('src/components'), ...filesUnder('src/layouts')]) {
      const text = serverPart(f);
      expect(text, f).not.toMatch(/Astro\.url\.search|searchParams|Astro\.params|Astro\.cookies|Astro\.request/);
    }
  });
});
