/**
 * Member pages are private (issue 9): the server sends the same shell to everyone (no member data,
 * noindex, no caching); without a token the visitor goes to /login; an unregistered member to
 * /signup; the wrong role is sent away at once and reads why, in Korean, where it lands; only the
 * author edits an event.
 * Set MEMBER_SHOTS=/some/dir for screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueAccount } from '../support/auth';
import { hydrated, registeredUser, shade, solidPng, useSession, watchPage } from './support/member';

const shotsDir = process.env['MEMBER_SHOTS'];
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** The toast the page a member was sent to shows on arrival. */
const arrival = (page: Page, message: string) => page.getByRole('status').getByText(message);

const MEMBER_PAGES = [
  '/mypage',
  '/my/saved/promotion',
  '/my/saved/photographer',
  '/edit/user',
  '/edit/photographer',
  '/edit/photographer/detail',
  '/new/event',
];

test.describe('member pages without a token', () => {
  for (const path of MEMBER_PAGES) {
    test(`${path} sends the visitor to /login`, async ({ page }) => {
      const problems = watchPage(page);
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/')) apiCalls.push(r.url());
      });
      await page.addInitScript(() => sessionStorage.setItem('visited', 'true'));
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      expect(apiCalls).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('the server renders only a shell: no member data, noindex, not cached', async ({ request }) => {
    for (const path of MEMBER_PAGES) {
      const res = await request.get(path, { headers: { Authorization: 'Bearer whatever' } });
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex"');
      // Inline stylesheets may name classes such as `.nickname`; member data would be text or props.
      expect(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')).not.toMatch(/담아봐유저|nickname/);
    }
  });

  test('an unknown saved list type is Not Found (to home)', async ({ request }) => {
    const res = await request.get('/my/saved/other', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toBe('/');
  });
});

test.describe('member pages for the wrong member', () => {
  test('an unregistered member is sent to /signup and stays there', async ({ page, baseURL }) => {
    const login = await signIn(baseURL ?? '', uniqueAccount('unregistered'));
    // The stored session still names the member (as one kept from before a withdrawal would).
    await useSession(page, login, ['']);
    await page.goto('/mypage');
    await expect(page).toHaveURL(/\/signup$/);
    // The wizard takes the member (it sends a visitor it thinks signed in on to /, Next disabled).
    await hydrated(page);
    await page.getByText('일반 회원으로 시작하기').click();
    await expect(page.getByRole('button', { name: '다음', exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a USER cannot open the photographer editors or the event form', async ({ page, baseURL }) => {
    const user = await registeredUser(baseURL ?? '');
    await useSession(page, user);
    for (const path of ['/edit/photographer', '/edit/photographer/detail']) {
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/mypage$/, { timeout: 5000 });
      await expect(arrival(page, '사진작가 회원만 이용할 수 있는 페이지예요.')).toBeVisible();
    }
    await page.goto('/new/event', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/events$/, { timeout: 5000 });
    await expect(arrival(page, '사진작가 회원만 이벤트를 등록할 수 있어요.')).toBeVisible();
    await shot(page, '20-event-form-denied');
  });

  test('a PHOTOGRAPHER cannot open the user editor, nor edit another author’s event', async ({
    page,
    baseURL,
    request,
  }) => {
    const photographer = await signIn(baseURL ?? '', 'demo-photographer');
    await useSession(page, photographer);
    await page.goto('/edit/user', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/mypage$/, { timeout: 5000 });
    await expect(arrival(page, '일반 회원만 이용할 수 있는 페이지예요.')).toBeVisible();

    const list = (await (await request.get('/api/v1/promotions/list?pageSize=100')).json()) as {
      items: { id: number; author: { id: number } | null }[];
    };
    const other = list.items.find((e) => e.author && e.author.id !== photographer.user.id);
    if (!other) throw new Error('no event of another author in the demo data');
    await page.goto(`/new/event?edit=${other.id}`, { waitUntil: 'commit' });
    await expect(page).toHaveURL(new RegExp(`/event/${other.id}$`), { timeout: 5000 });
    await expect(arrival(page, '내가 등록한 이벤트만 수정할 수 있어요.')).toBeVisible();
  });

  test('an ADMIN may open the event form; a missing event to edit sends it to /events', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL ?? '', 'demo-admin');
    await useSession(page, admin);
    await page.goto('/new/event');
    await expect(page.getByLabel('상호명 또는 활동명')).toHaveValue(admin.user.nickname);
    await page.goto('/new/event?edit=99999999', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/events$/, { timeout: 5000 });
    await expect(arrival(page, '이벤트를 찾을 수 없어요.')).toBeVisible();
  });
});

test.describe('limits of the event form', () => {
  test('the 11th banner photo opens the limit modal', async ({ page, baseURL }) => {
    const photographer = await signIn(baseURL ?? '', 'demo-photographer');
    await useSession(page, photographer);
    await page.goto('/new/event');
    await expect(page.getByLabel('이벤트 제목')).toBeVisible();
    const tiny = {
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    };
    // Eleven different pictures: the same one twice is dropped as a duplicate (issue 44).
    const distinct = await Promise.all(Array.from({ length: 11 }, (_, i) => solidPng(8, shade(i))));
    await page
      .locator('#event-banner')
      .setInputFiles(distinct.map((buffer, i) => ({ name: `b${i}.png`, mimeType: tiny.mimeType, buffer })));
    await expect(page.getByRole('alertdialog')).toContainText('배너 사진은 최대 10장까지 첨부할 수 있어요.');
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    await expect(page.getByRole('img', { name: /^배너 사진 \d+$/ })).toHaveCount(10);
    await expect(page.getByText('대표', { exact: true })).toHaveCount(1);
    await shot(page, '21-event-form-ten-banners');
  });
});
