/**
 * Issue 22 at 390×844 on the demo data: a photographer's events on their page (with the 지난 이벤트
 * tab), sharing (the share sheet where there is one, the copied link where there is none, the link
 * preview's large picture), my page's saved events closing tomorrow, and the installable manifest.
 * Set FEATURE_SHOTS=/some/dir to keep screenshots at 390 px and at a desktop width.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { call, createEvent, day } from '../support/api';
import { shareReady, signInAs, skipFirstVisit, watchPage } from './support/browse';

const shotsDir = process.env['FEATURE_SHOTS'];

async function shots(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shotsDir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

interface Item {
  id: number;
  title: string;
}
interface Answer {
  items: Item[];
  totalPage: number;
}

test("a visitor sees a photographer's events on their page, ended ones behind 지난 이벤트", async ({
  page,
  request,
}) => {
  await skipFirstVisit(page);
  const problems = watchPage(page);
  const list = (await (await request.get('/api/v1/photographers/list?pageSize=100')).json()) as { items: Item[] };
  let target: { id: number; current: Item[]; ended: Item[] } | null = null;
  for (const p of list.items) {
    const get = async (status: string) =>
      ((await (await request.get(`/api/v1/photographers/${p.id}/promotions?status=${status}`)).json()) as Answer).items;
    const [current, ended] = [await get('CURRENT'), await get('ENDED')];
    if (current.length > 0 && ended.length > 0) {
      target = { id: p.id, current, ended };
      break;
    }
  }
  if (!target) throw new Error('no photographer with current and ended events in the demo data');

  await page.goto(`/photographer/${target.id}`);
  const section = page.locator('#events');
  await expect(section.getByRole('heading', { name: '이벤트' })).toBeVisible();
  const currentTab = section.getByRole('link', { name: /진행 중·예정/ });
  await expect(currentTab).toHaveAttribute('aria-current', 'page');
  // Newest first: the first card is the API's first item.
  const first = target.current[0] as Item;
  await expect(section.locator('article a').first()).toHaveAttribute('href', `/event/${first.id}`);
  for (const e of target.current) await expect(section.locator(`a[href="/event/${e.id}"]`)).toBeVisible();
  for (const e of target.ended) await expect(section.locator(`a[href="/event/${e.id}"]`)).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'photographer-events');

  await section.getByRole('link', { name: /지난 이벤트/ }).click();
  await expect(page).toHaveURL(new RegExp(`/photographer/${target.id}\\?events=ended#events$`));
  const ended = page.locator('#events');
  await expect(ended.getByRole('link', { name: /지난 이벤트/ })).toHaveAttribute('aria-current', 'page');
  for (const e of target.ended) await expect(ended.locator(`a[href="/event/${e.id}"]`)).toBeVisible();
  await expect(ended.getByText('마감된 이벤트').first()).toBeVisible();
  await shots(page, 'photographer-ended-events');
  expect(problems).toEqual([]);
});

test('share falls back to copying the link where the share sheet is missing; the preview picture is large', async ({
  page,
  context,
  request,
}) => {
  await skipFirstVisit(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // No Web Share API here, as in a desktop browser.
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
    delete (Navigator.prototype as { canShare?: unknown }).canShare;
  });
  const problems = watchPage(page);
  const events = (await (await request.get('/api/v1/promotions/list?pageSize=20')).json()) as { items: Item[] };
  const event = events.items[0] as Item;
  await page.goto(`/event/${event.id}`);
  await shareReady(page);
  await page.getByRole('button', { name: '공유하기' }).click();
  await expect(page.getByText('URL이 복사되었어요!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/event/${event.id}$`));
  await shots(page, 'event-share-copied');

  // The link preview: a 1200×630 JPEG of the event's picture, with its size, and a Korean description.
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/\/media\/[0-9a-f]{2}\/[0-9a-f]{64}_og\.jpg$/);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /촬영 이벤트 · /);
  const picture = await request.get(image ?? '');
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  expect(problems).toEqual([]);
});

test('share opens the share sheet where there is one, with the title and link', async ({ page, request }) => {
  await skipFirstVisit(page);
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: unknown) => {
        shared.push(data);
      },
    });
  });
  const list = (await (await request.get('/api/v1/photographers/list?pageSize=1')).json()) as {
    items: { id: number; nickname: string }[];
  };
  const photographer = list.items[0];
  if (!photographer) throw new Error('no photographer');
  await page.goto(`/photographer/${photographer.id}`);
  await shareReady(page);
  await page.getByRole('button', { name: '공유하기' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: { title: string; url: string }[] }).shared))
    .toEqual([
      { title: photographer.nickname, url: expect.stringMatching(new RegExp(`/photographer/${photographer.id}$`)) },
    ]);
  await expect(page.getByText('URL이 복사되었어요!')).toHaveCount(0);
});

test('my page lists a saved event closing tomorrow, with its D-day label', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const photographer = await signIn(base, 'demo-photographer');
  const title = `내일 마감 ${Date.now() % 100000}`;
  const event = await createEvent(base, photographer.accessToken.value, {
    title,
    startedAt: day(0),
    endedAt: day(1),
  });
  const member = await signInAs(page, base, 'demo-user');
  expect(
    (await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: member.accessToken.value })).status,
  ).toBe(204);
  const problems = watchPage(page);
  await page.goto('/mypage');
  const section = page.getByRole('region', { name: '곧 마감되는 저장한 이벤트' });
  await expect(section).toBeVisible();
  const card = section.locator(`a[href="/event/${event.id}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('마감까지 D-1');
  // Above the counts.
  const soonBox = await section.boundingBox();
  const countsBox = await page.getByRole('region', { name: '저장 목록' }).boundingBox();
  expect((soonBox?.y ?? 0) < (countsBox?.y ?? 0)).toBe(true);
  await shots(page, 'mypage-closing-soon');
  expect(problems).toEqual([]);
});

test('the app can be put on the home screen: the manifest passes the browser’s installability checks', async ({
  page,
  context,
}) => {
  await skipFirstVisit(page);
  await page.goto('/');
  // Linked from the head of the HTML as served (issue 39).
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ short_name: '담아봐', display: 'standalone' });
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito, where Chrome never offers to install; nothing else may be missing.
  expect(installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});
