/**
 * The event and photographer pages' share button, options menu and portfolio grid without islands
 * (issue 17, decision 008 round 9): the server renders plain markup (the share button disabled, the
 * options slot empty, the grid as links to the full pictures) and the page's `DetailAfterPaint` makes them
 * live after the largest paint, so no React renders on the server for them.
 */
import { expect, test } from '@playwright/test';
import {
  events,
  optionsMenuReady,
  photographers,
  portfolioReady,
  shareReady,
  signInAs,
  skipFirstVisit,
  watchPage,
} from './support/browse';

const islands = (html: string) => [...html.matchAll(/<astro-island[^>]*component-export="(\w+)"/g)].map((m) => m[1]);

test.describe('detail page controls', () => {
  test('are markup: no island for the share button, the options menu or the portfolio', async ({ request }) => {
    const [event] = await events(request);
    const [photographer] = await photographers(request);
    const pages = [
      { path: `/event/${event?.id}`, kind: 'event', id: event?.id, tasks: ['share', 'options'] },
      {
        path: `/photographer/${photographer?.id}`,
        kind: 'photographer',
        id: photographer?.id,
        tasks: ['share', 'options', 'portfolio'],
      },
    ];
    for (const p of pages) {
      const html = await (await request.get(p.path)).text();
      // The layout's two (DialogHost, AfterPaint) and the detail parts' DetailAfterPaint (the event
      // gallery's too), nothing else.
      expect(new Set(islands(html)), p.path).toEqual(new Set(['DialogHost', 'AfterPaint', 'DetailAfterPaint']));
      const share = /<button[^>]*data-share-url="([^"]+)"[^>]*>/.exec(html);
      expect(share?.[0], p.path).toMatch(/ disabled[ >]/);
      expect(share?.[0], p.path).toMatch(/aria-label="공유하기"/);
      expect(share?.[1], p.path).toMatch(new RegExp(`${p.path}$`));
      expect(html, p.path).toMatch(
        new RegExp(`<span[^>]*data-options-menu="${p.kind}" data-options-id="${p.id}"[^>]*></span>`),
      );
      for (const task of p.tasks) expect(html, p.path).toContain(`&quot;${task}&quot;`);
    }
    const html = await (await request.get(`/photographer/${photographer?.id}`)).text();
    const tiles = [
      ...html.matchAll(/<a href="([^"]+)"[^>]*aria-label="포트폴리오 (\d+)\/(\d+) 크게 보기"[^>]*data-portfolio-tile/g),
    ];
    expect(tiles.length).toBeGreaterThan(1);
    expect(tiles.map((t) => Number(t[2]))).toEqual(tiles.map((_, i) => i + 1));
    for (const t of tiles) expect(t[1]).toMatch(/\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.\w+$/);
  });

  test('a tile tapped before the page is live opens the picture itself; after, the viewer', async ({
    page,
    request,
  }) => {
    await skipFirstVisit(page);
    const problems = watchPage(page);
    const [photographer] = await photographers(request);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/portfolio-grid\.[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`/photographer/${photographer?.id}`);
    const tile = page.getByRole('link', { name: /크게 보기/ }).first();
    const href = await tile.getAttribute('href');
    await tile.click();
    await expect(page).toHaveURL(href ?? '');
    await page.goBack();
    release();
    await portfolioReady(page);
    await page
      .getByRole('link', { name: /크게 보기/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').locator('img')).toHaveAttribute('src', href ?? '');
    expect(problems).toEqual([]);
  });

  test('a signed-in member gets the menu after the paint; a visitor none', async ({ page, request, baseURL }) => {
    const [event] = await events(request);
    await skipFirstVisit(page);
    await page.goto(`/event/${event?.id}`);
    await shareReady(page);
    await optionsMenuReady(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: /이벤트 관리 메뉴|더보기/ })).toHaveCount(0);

    await signInAs(page, baseURL ?? '', 'demo-user');
    const [photographer] = await photographers(request);
    await page.goto(`/photographer/${photographer?.id}`);
    await optionsMenuReady(page);
    await page.getByRole('button', { name: '더보기' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['신고하기']);
  });
});
