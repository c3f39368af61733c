/**
 * What each public page inlines as CSS (decision 019: the first paint's CSS is in the page). The build
 * inlines every stylesheet reachable from a page's islands, the code they load after paint included: the
 * push offer's import once put the notifications and application-list sheets in every page, and every
 * page carried the detail pages' menus, application sheet, viewer and review forms through the layout's
 * `AfterPaint` (/login 26 KB of CSS, 19 of them unused). Those parts are `DetailAfterPaint`'s now, which
 * only the detail pages render. A page's inlined CSS stays within its budget below.
 */
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
/** Bytes of CSS inlined in a page without the detail parts (measured 2026-11-28: 7.5–20 KB, /search the largest). */
const PAGE_BUDGET = 24 * 1024;
/** In an event's or a photographer's page, with their menus, sheet, viewer and review forms (36–38 KB). */
const DETAIL_BUDGET = 40 * 1024;

const inlinedCss = (html: string) =>
  [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1] ?? ''), 0);

async function firstIds(): Promise<{ event: number; photographer: number }> {
  const get = async (path: string) =>
    ((await (await fetch(`${base}${path}?pageSize=1`)).json()) as { items: { id: number }[] }).items[0]?.id ?? 1;
  return { event: await get('/api/v1/promotions/list'), photographer: await get('/api/v1/photographers/list') };
}

describe('inlined CSS', () => {
  it(`stays within ${PAGE_BUDGET / 1024} KB on every public page, ${DETAIL_BUDGET / 1024} KB on the detail pages`, async () => {
    const ids = await firstIds();
    const budgets: [string, number][] = [
      ...['/', '/events', '/photographers', '/search', '/login', '/terms'].map((path): [string, number] => [
        path,
        PAGE_BUDGET,
      ]),
      [`/event/${ids.event}`, DETAIL_BUDGET],
      [`/photographer/${ids.photographer}`, DETAIL_BUDGET],
      [`/photographer/${ids.photographer}/reviews`, DETAIL_BUDGET],
    ];
    for (const [path, budget] of budgets) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(inlinedCss(html), path).toBeGreaterThan(1_000);
      expect(inlinedCss(html), path).toBeLessThanOrEqual(budget);
    }
  });
});
