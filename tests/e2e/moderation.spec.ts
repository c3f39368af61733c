/**
 * Issue 22, reports and moderation, at 390×844: a member reports an event (or a photographer page), an
 * admin hides it from /admin, a visitor no longer finds it (list, search, its page), its author (owner)
 * sees it hidden and why, and the admin unhides it (after confirming); an admin dismisses a report
 * (신고 기각, after confirming) and the log says who and names the event;
 * my page links an admin to /admin.
 * Set MODERATION_SHOTS=/some/dir to keep 390 px screenshots of the owner's hidden page and my page.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { call, createEvent, newPhotographer } from '../support/api';
import { signInAs, skipFirstVisit, watchPage } from './support/browse';
import { registeredUser, useSession } from './support/member';

const shotsDir = process.env['MODERATION_SHOTS'];
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage: true });
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ko-KR' } as const;

async function person(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, baseURL, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await skipFirstVisit(page);
  return { context, page };
}

/** The demo admin on /admin, and the open report that names `match`. */
async function adminAtReport(browser: Browser, baseURL: string, match: string) {
  const admin = await person(browser, baseURL);
  await signInAs(admin.page, baseURL, 'demo-admin');
  await admin.page.goto('/admin');
  return { admin, item: admin.page.locator('[data-report]').filter({ hasText: match }) };
}

/** Hides a report's target from /admin with `reason`; the report leaves the queue. */
async function hideFromReport(page: Page, match: string, dialog: string, reason: string): Promise<void> {
  await page.locator('[data-report]').filter({ hasText: match }).getByRole('button', { name: '숨기기' }).click();
  const hide = page.getByRole('dialog', { name: dialog });
  await hide.getByLabel('숨김 사유').fill(reason);
  await hide.getByRole('button', { name: '숨기기' }).click();
  await expect(page.getByText('숨겼어요.')).toBeVisible();
  await expect(page.locator('[data-report]').filter({ hasText: match })).toHaveCount(0);
}

test('a member reports an event, an admin hides it, the public loses it, its author sees why, unhide', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const problems = watchPage(page);
  const photographer = await signIn(base, 'demo-photographer');
  const title = `신고 확인 스냅 ${Date.now().toString(36)}`;
  const { id } = await createEvent(base, photographer.accessToken.value, { title });

  // A member reports it from the event's options menu.
  await useSession(page, await registeredUser(base));
  await page.goto(`/event/${id}`);
  // The button is named for what its menu holds: a reporter's is 더보기, not 관리.
  await page.getByRole('button', { name: '더보기' }).click();
  await expect(page.getByRole('button', { name: '이벤트 관리 메뉴' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: '신고하기' }).click();
  const report = page.getByRole('dialog', { name: '신고하기' });
  await report.getByLabel('기타').check();
  // 기타 needs a reason: the button waits for it.
  await expect(report.getByRole('button', { name: '신고하기' })).toBeDisabled();
  await report.getByLabel('부적절한 사진').check();
  await report.getByLabel('자세한 사유').fill('다른 작가의 사진이에요.');
  await report.getByRole('button', { name: '신고하기' }).click();
  await expect(page.getByText('신고가 접수됐어요. 운영자가 확인할게요.')).toBeVisible();
  await expect(report).toHaveCount(0);

  // The admin hides it from /admin.
  const { admin, item } = await adminAtReport(browser, base, title);
  await expect(item).toContainText('부적절한 사진');
  await expect(item).toContainText('다른 작가의 사진이에요.');
  await hideFromReport(admin.page, title, '이 이벤트를 숨길까요?', '다른 작가의 사진을 허락 없이 썼어요.');
  const row = admin.page.locator(`[data-event="${id}"]`);
  await expect(row).toContainText('숨김');
  await expect(admin.page.getByRole('listitem').filter({ hasText: `이벤트 ‘${title}’ (#${id}) 숨김` })).toContainText(
    '신고 1건 처리',
  );

  // A visitor finds it nowhere.
  const visitor = await person(browser, base);
  await visitor.page.goto('/events');
  await expect(visitor.page.locator('main')).toBeVisible();
  await expect(visitor.page.getByText(title)).toHaveCount(0);
  await visitor.page.goto(`/search?${new URLSearchParams({ searchKeyword: title, state: 'PROMOTION' })}`);
  await expect(visitor.page.locator('main')).toBeVisible();
  await expect(visitor.page.locator(`a[href="/event/${id}"]`)).toHaveCount(0);
  await visitor.page.goto(`/event/${id}`);
  await expect(visitor.page).toHaveURL(new URL('/', base).href);
  await expect(visitor.page.getByText(title)).toHaveCount(0);

  // Its author sees it hidden, and why.
  const author = await person(browser, base);
  await useSession(author.page, photographer);
  await author.page.goto(`/event/${id}`);
  await expect(author.page.getByText('이 이벤트는 운영 정책에 따라 숨겨졌어요.', { exact: false })).toBeVisible();
  await expect(author.page.locator('[data-hidden-reason]')).toHaveText('다른 작가의 사진을 허락 없이 썼어요.');
  await expect(author.page.getByRole('heading', { name: title })).toBeVisible();

  // The admin unhides it; the visitor finds it again.
  await row.getByRole('button', { name: '숨김 해제' }).click();
  const unhide = admin.page.getByRole('alertdialog', { name: '숨김을 해제할까요?' });
  await expect(unhide).toContainText('누구나 다시 볼 수 있게 공개돼요.');
  await unhide.getByRole('button', { name: '숨김 해제' }).click();
  await expect(admin.page.getByText('다시 공개했어요.')).toBeVisible();
  await expect(row.getByRole('button', { name: '숨기기' })).toBeVisible();
  await visitor.page.goto(`/event/${id}`);
  await expect(visitor.page.getByRole('heading', { name: title })).toBeVisible();

  for (const c of [admin.context, visitor.context, author.context]) await c.close();
  expect(problems).toEqual([]);
});

test('/admin is for admins only: a member sees the denial', async ({ page, baseURL }) => {
  await useSession(page, await registeredUser(baseURL ?? ''));
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText('관리자만 볼 수 있는 페이지예요.');
});

test("/admin's JavaScript stays within 130 KB gzip", async ({ page, baseURL }) => {
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') {
      scripts.push(
        res.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      );
    }
  });
  await signInAs(page, baseURL ?? '', 'demo-admin');
  await page.goto('/admin', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: '처리할 신고' })).toBeVisible();
  const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  console.log(`/admin JavaScript: ${(total / 1024).toFixed(1)} KB gzip`);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(130 * 1024);
});

test("a member reports a photographer's page from its options menu; a second report is refused", async ({
  page,
  baseURL,
  request,
}) => {
  const list = (await (await request.get('/api/v1/photographers/list?pageSize=1')).json()) as {
    items: { id: number }[];
  };
  const target = list.items[0]?.id;
  if (!target) throw new Error('no photographer in the demo data');
  await useSession(page, await registeredUser(baseURL ?? ''));
  await page.goto(`/photographer/${target}`);
  const report = page.getByRole('dialog', { name: '신고하기' });
  for (const expected of [
    '신고가 접수됐어요. 운영자가 확인할게요.',
    '이미 신고한 대상이에요. 운영자가 확인하고 있어요.',
  ]) {
    await page.getByRole('button', { name: '더보기' }).click();
    await page.getByRole('menuitem', { name: '신고하기' }).click();
    await report.getByLabel('기타').check();
    await report.getByLabel('자세한 사유').fill('연락처가 사기 사이트로 연결돼요.');
    await report.getByRole('button', { name: '신고하기' }).click();
    await expect(page.getByText(expected)).toBeVisible();
  }
  // Refused: the dialog stays open with what the member typed.
  await expect(report.getByLabel('자세한 사유')).toHaveValue('연락처가 사기 사이트로 연결돼요.');
});

test('a member reports a photographer page, an admin hides it, the public loses it, its owner sees why, unhide', async ({
  page,
  browser,
  baseURL,
}) => {
  // Four people's pages in one journey: more than the default 30 s on a busy two-core machine.
  test.slow();
  const base = baseURL ?? '';
  const problems = watchPage(page);
  const owner = await newPhotographer(base, { withPage: true });
  const id = owner.user.id;
  const nickname = owner.user.nickname;
  const link = `a[href="/photographer/${id}"]`;
  const search = `/search?${new URLSearchParams({ searchKeyword: nickname, state: 'PHOTOGRAPHER' })}`;

  // A visitor finds the page by search before anything happens.
  const visitor = await person(browser, base);
  await visitor.page.goto(search);
  await expect(visitor.page.locator(link).first()).toBeVisible();

  // A member reports it from the page's options menu.
  await useSession(page, await registeredUser(base));
  await page.goto(`/photographer/${id}`);
  await page.getByRole('button', { name: '더보기' }).click();
  await page.getByRole('menuitem', { name: '신고하기' }).click();
  const report = page.getByRole('dialog', { name: '신고하기' });
  await report.getByLabel('사기 의심').check();
  await report.getByRole('button', { name: '신고하기' }).click();
  await expect(page.getByText('신고가 접수됐어요. 운영자가 확인할게요.')).toBeVisible();

  // The admin hides it from /admin.
  const { admin, item } = await adminAtReport(browser, base, nickname);
  await expect(item).toContainText('사진작가 · 사기 의심');
  await hideFromReport(admin.page, nickname, '이 사진작가 페이지를 숨길까요?', '다른 작가를 사칭한 페이지예요.');
  await expect(
    admin.page.getByRole('listitem').filter({ hasText: `사진작가 ‘${nickname}’ (#${id}) 숨김` }),
  ).toContainText('신고 1건 처리');

  // A visitor finds it nowhere: the list, search, its page (the Not Found behaviour, home).
  await visitor.page.goto('/photographers');
  await expect(visitor.page.locator('main')).toBeVisible();
  await expect(visitor.page.locator(link)).toHaveCount(0);
  await visitor.page.goto(search);
  await expect(visitor.page.locator('main')).toBeVisible();
  await expect(visitor.page.locator(link)).toHaveCount(0);
  await visitor.page.goto(`/photographer/${id}`);
  await expect(visitor.page).toHaveURL(new URL('/', base).href);
  await expect(visitor.page.getByText(nickname)).toHaveCount(0);

  // Its owner sees it hidden, and why, on a page that is a 404 no cache keeps.
  const mine = await person(browser, base);
  await useSession(mine.page, owner);
  const answer = await mine.page.goto(`/photographer/${id}`);
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()['cache-control'] ?? '').not.toMatch(/public|s-maxage/);
  await expect(
    mine.page.getByText('이 사진작가 페이지는 운영 정책에 따라 숨겨졌어요.', { exact: false }),
  ).toBeVisible();
  await expect(mine.page.locator('[data-hidden-reason]')).toHaveText('다른 작가를 사칭한 페이지예요.');
  await expect(mine.page.getByRole('heading', { name: nickname })).toBeVisible();
  await expect(mine.page.getByRole('button', { name: '숨김 해제' })).toHaveCount(0);
  await shot(mine.page, 'hidden-photographer-owner');

  // The admin opens the same page, sees the same view, and unhides it there.
  await admin.page.goto(`/photographer/${id}`);
  await expect(admin.page.locator('[data-hidden-reason]')).toHaveText('다른 작가를 사칭한 페이지예요.');
  await admin.page.getByRole('button', { name: '숨김 해제' }).click();
  await admin.page
    .getByRole('alertdialog', { name: '숨김을 해제할까요?' })
    .getByRole('button', { name: '숨김 해제' })
    .click();
  await expect(admin.page).toHaveURL(new URL(`/photographer/${id}`, base).href);
  await expect(admin.page.getByRole('heading', { name: nickname })).toBeVisible();
  await visitor.page.goto(`/photographer/${id}`);
  await expect(visitor.page.getByRole('heading', { name: nickname })).toBeVisible();

  for (const c of [admin.context, visitor.context, mine.context]) await c.close();
  expect(problems).toEqual([]);
});

test('an admin dismisses a report without acting; the log on /admin says who did what', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const photographer = await signIn(base, 'demo-photographer');
  const title = `닫을 신고 ${Date.now().toString(36)}`;
  const { id } = await createEvent(base, photographer.accessToken.value, { title });
  const reporter = await registeredUser(base);
  const made = await call(base, 'POST', '/api/v1/reports', {
    token: reporter.accessToken.value,
    body: { targetType: 'PROMOTION', targetId: id, reason: 'SPAM' },
  });
  expect(made.status).toBe(201);

  const me = await signInAs(page, base, 'demo-admin');
  await page.goto('/admin');
  const item = page.locator('[data-report]').filter({ hasText: title });
  await expect(item).toContainText('스팸·홍보');
  // 신고 기각 (not 닫기, which reads like closing a dialog) asks first; 취소 leaves the report open.
  await item.getByRole('button', { name: '신고 기각' }).click();
  const confirm = page.getByRole('alertdialog', { name: '이 신고를 기각할까요?' });
  await confirm.getByRole('button', { name: '취소' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: '신고 기각' }).click();
  await confirm.getByRole('button', { name: '기각' }).click();
  await expect(page.getByText('신고를 기각했어요.')).toBeVisible();
  await expect(page.locator('[data-report]').filter({ hasText: title })).toHaveCount(0);
  const entry = page.getByRole('listitem').filter({ hasText: `이벤트 ‘${title}’ (#${id}) 신고 기각` });
  await expect(entry).toContainText(`처리: ${me.user.nickname}`);
  // Dismissed, not hidden: the event is still public.
  expect((await call(base, 'GET', `/api/v1/promotions/${id}`)).status).toBe(200);
});

test('my page links an ADMIN to /admin, and no one else', async ({ page, browser, baseURL }) => {
  const base = baseURL ?? '';
  await signInAs(page, base, 'demo-admin');
  await page.goto('/mypage');
  const menu = page.getByRole('navigation', { name: '설정' });
  const row = menu.getByRole('link', { name: '신고·숨김 관리' });
  await expect(row).toHaveAttribute('href', '/admin');
  await shot(page, 'mypage-admin');
  await row.click();
  await expect(page).toHaveURL(new URL('/admin', base).href);
  await expect(page.getByRole('heading', { name: '처리할 신고' })).toBeVisible();

  const member = await person(browser, base);
  await useSession(member.page, await registeredUser(base));
  await member.page.goto('/mypage');
  // 내 정보 and 문의하기 only: no /admin row.
  await expect(member.page.getByRole('navigation', { name: '설정' }).getByRole('link')).toHaveText([
    /^내 정보/,
    /^문의하기/,
  ]);
  await expect(member.page.getByRole('link', { name: '신고·숨김 관리' })).toHaveCount(0);
  await member.context.close();
});
