/**
 * /admin's report queue at 390×844 (issue 46 item 9, issue 44 item 18): one account files 55 reports and
 * a real fraud report is still reachable (a second page, the reason filter); the admin shows only that
 * reporter's reports and dismisses them all after a confirmation that says how many; the log names
 * what was acted on by its title, a deleted event too, with four-digit years.
 * Set ADMIN_SHOTS=/some/dir to keep screenshots of the queue at 390 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { call, createEvent, day, newPhotographer, upload, type Session } from '../support/api';
import { shotsAt, signInAs, watchPage } from './support/browse';
import { registeredUser, useSession } from './support/member';

const FLOOD = 55;
const shotsDir = process.env['ADMIN_SHOTS'];

async function report(base: string, token: string, targetId: number, reason: string): Promise<void> {
  const made = await call(base, 'POST', '/api/v1/reports', {
    token,
    body: { targetType: 'PROMOTION', targetId, reason, ...(reason === 'OTHER' ? { detail: '기타' } : {}) },
  });
  expect(made.status).toBe(201);
}

/** `count` events of `author` titled `prefix 1…count`, created a few at a time, in title order. */
async function events(base: string, author: Session, prefix: string, count: number): Promise<number[]> {
  // One banner for all of them (one upload): the test is about reports, not pictures.
  const images = await upload(base, author.token, 'PROMOTION_IMAGE');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, async (_, k) => {
      const res = await call(base, 'POST', '/api/v1/promotions', {
        token: author.token,
        body: {
          promotionType: 'FREE',
          title: `${prefix} ${i + k + 1}`,
          content: '무료로 촬영해 드려요.',
          externalLink: 'https://forms.gle/apply',
          startedAt: day(0),
          endedAt: day(7),
          photographyTypes: ['SNAP'],
          images,
          activeRegions: [{ category: '서울', name: '마포구' }],
          hashtags: ['신고'],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: number }).id;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

const queue = (page: Page) => page.locator('section[aria-labelledby="admin-reports"]');

test('a flood of reports buries nothing: pages, filters, and all of one reporter dismissed after confirming', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const problems = watchPage(page);
  const tag = Date.now().toString(36);
  const author = await newPhotographer(base);
  const [fraud] = await events(base, author, `입금 요구 ${tag}`, 1);
  const flood = await events(base, author, `홍수 ${tag}`, FLOOD);
  const honest = await registeredUser(base);
  const flooder = await registeredUser(base);
  // The real report first: the flood that follows pushes it past the first 50.
  await report(base, honest.accessToken.value, fraud ?? 0, 'FRAUD');
  for (const id of flood) await report(base, flooder.accessToken.value, id, 'SPAM');

  await signInAs(page, base, 'demo-admin');
  await page.goto('/admin');
  const reports = queue(page).locator('[data-report]');
  const real = reports.filter({ hasText: `입금 요구 ${tag}` });
  await expect(reports).toHaveCount(50);
  await expect(real).toHaveCount(0);
  const status = queue(page).getByRole('navigation', { name: '신고 목록 페이지' });
  await expect(status).toContainText(/\d+건 중 1–50/);
  await expect(status.getByRole('button', { name: '이전' })).toBeDisabled();

  // The next page reaches it; the address keeps the page.
  await status.getByRole('button', { name: '다음' }).click();
  await expect(real).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]page=1\b/);
  await expect(status).toContainText(/건 중 51–/);
  // Four-digit years.
  await expect(real.locator('p').first()).toContainText(/사기 의심 · 20\d\d\.\d\d\.\d\d \d\d:\d\d/);

  // The reason filter finds it on the first page.
  await queue(page).getByLabel('사유').selectOption({ label: '사기 의심' });
  await expect(real).toHaveCount(1);
  await expect(reports.filter({ hasText: `홍수 ${tag}` })).toHaveCount(0);
  await queue(page).getByLabel('사유').selectOption({ label: '전체' });
  await queue(page).getByLabel('대상').selectOption({ label: '후기' });
  await expect(reports.filter({ hasText: tag })).toHaveCount(0);
  await queue(page).getByLabel('대상').selectOption({ label: '이벤트' });

  // Only the flooder's reports: 55 of them, two pages.
  const flooded = reports.filter({ hasText: `홍수 ${tag} ${FLOOD}` });
  await expect(flooded).toContainText(`신고한 회원: ${flooder.user.nickname}`);
  await flooded.getByRole('button', { name: '이 신고자의 신고만 보기' }).click();
  const bar = queue(page).locator(`[data-reporter-filter="${flooder.user.id}"]`);
  await expect(bar).toContainText(`${flooder.user.nickname} 님의 신고`);
  await expect(page.getByRole('heading', { name: '처리할 신고' })).toContainText(String(FLOOD));
  await expect(status).toContainText(`${FLOOD}건 중 1–50`);
  await expect(real).toHaveCount(0);
  await shotsAt(shotsDir, page, 'admin-reports-reporter');

  // Dismiss them all: the confirmation says how many; 취소 changes nothing.
  await bar.getByRole('button', { name: '이 신고자의 신고 모두 기각' }).click();
  const confirm = page.getByRole('alertdialog', { name: `${flooder.user.nickname} 님의 신고를 모두 기각할까요?` });
  await expect(confirm).toContainText(`처리 전 신고 ${FLOOD}건을 한 번에 기각해요.`);
  await shotsAt(shotsDir, page, 'admin-reports-dismiss-all');
  await confirm.getByRole('button', { name: '취소' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(reports).toHaveCount(50);
  await bar.getByRole('button', { name: '이 신고자의 신고 모두 기각' }).click();
  await confirm.getByRole('button', { name: `${FLOOD}건 기각` }).click();
  await expect(page.getByText(`신고 ${FLOOD}건을 기각했어요.`)).toBeVisible();

  // The queue shows everyone's again, the real report on the first page, the flood gone.
  await expect(bar).toHaveCount(0);
  await expect(real).toHaveCount(1);
  await expect(reports.filter({ hasText: `홍수 ${tag}` })).toHaveCount(0);
  // The log (its 30 newest) names each dismissed report's event.
  const logged = page
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`이벤트 ‘홍수 ${tag} \\d+’ \\(#\\d+\\) 신고 기각`) });
  await expect(logged).toHaveCount(30);
  await shotsAt(shotsDir, page, 'admin-reports-after');
  expect(problems).toEqual([]);
});

test('the log names a deleted event by its title; deleting and dismissing ask first', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const author = await newPhotographer(base);
  const title = `지운 이벤트 ${Date.now().toString(36)}`;
  const { id } = await createEvent(base, author.token, { title });
  const reporter = await registeredUser(base);
  await report(base, reporter.accessToken.value, id, 'INAPPROPRIATE_PHOTO');

  await signInAs(page, base, 'demo-admin');
  await page.goto('/admin');
  const item = queue(page).locator('[data-report]').filter({ hasText: title });
  await item.getByRole('button', { name: '삭제하기' }).click();
  await page.getByRole('alertdialog', { name: '이벤트를 삭제할까요?' }).getByRole('button', { name: '삭제' }).click();
  await expect(page.getByText('삭제했어요.')).toBeVisible();
  await expect(item).toHaveCount(0);
  const entry = page.getByRole('listitem').filter({ hasText: `이벤트 ‘${title}’ (#${id}) 삭제` });
  await expect(entry).toContainText('신고 1건 처리');
  await expect(entry).toContainText(/20\d\d\.\d\d\.\d\d \d\d:\d\d · 처리: /);
  // Gone for the public, still named in the log.
  expect((await call(base, 'GET', `/api/v1/promotions/${id}`)).status).toBe(404);
  await page.reload();
  await entry.scrollIntoViewIfNeeded();
  await expect(entry).toBeVisible();
  await shotsAt(shotsDir, page, 'admin-log');
});

test('an author reports an application from the inbox; the admin reads it, photos included, in the queue', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const author = await newPhotographer(base, { withPage: true });
  const applicant = await newPhotographer(base);
  const title = `신고 신청 이벤트 ${Date.now().toString(36)}`;
  const event = await createEvent(base, author.token, { title, applyMode: 'IN_APP', externalLink: '', capacity: 2 });
  const photos = await upload(base, applicant.token, 'APPLICATION_IMAGE');
  const applied = await call(base, 'POST', `/api/v1/promotions/${event.id}/applications`, {
    token: applicant.token,
    body: {
      introduction: '광고 링크가 들어간 소개예요.',
      preferredDates: [day(1)],
      photos,
      contact: '',
      consent: true,
    },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  const applicationId = (applied.body as { id: number }).id;

  await useSession(page, author);
  await page.goto(`/my/inbox/${event.id}`);
  const card = page.locator(`[data-application="${applicationId}"]`);
  await card.getByRole('button', { name: '이 신청 신고하기' }).click();
  const dialog = page.getByRole('dialog', { name: '신고하기' });
  await dialog.getByText('스팸·홍보').click();
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await expect(page.getByRole('status').getByText(/신고/)).toBeVisible();

  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, base, 'demo-admin');
  await adminPage.goto('/admin?targetType=APPLICATION');
  const item = queue(adminPage).locator('[data-report]').filter({ hasText: title });
  await expect(item).toContainText('신청');
  await item.getByRole('button', { name: '신청 내용 보기' }).click();
  const evidence = item.locator(`[data-application="${applicationId}"]`);
  await expect(evidence).toContainText('광고 링크가 들어간 소개예요.');
  await expect(evidence.locator('img')).toHaveJSProperty('complete', true);
  await expect(item.getByRole('button', { name: '숨기기' })).toHaveCount(0);
  await shotsAt(shotsDir, adminPage, 'admin-application-report');
  await adminContext.close();
});
