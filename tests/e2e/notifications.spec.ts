/**
 * Issue 42, notifications at 390×844 in Korean: a photographer's bell counts a new application (filled
 * in after paint, never in the shared page), the notification opens the applicant in 신청 관리; the
 * applicant's bell tells of the selection with its date, time and place and opens 내 신청; the
 * promotional kind is switched on (recording the consent's date) and off in 알림 설정.
 * Set NOTIFICATIONS_SHOTS=/some/dir to keep 390 px screenshots.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { LoginAnswer } from '../support/auth';
import { call, createEvent, newPhotographer } from '../support/api';
import { registeredUser, useSession, watchPage } from './support/member';

const shotsDir = process.env['NOTIFICATIONS_SHOTS'];
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-390.png` });
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ko-KR' } as const;

async function personPage(browser: Browser, baseURL: string, session: LoginAnswer): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await useSession(page, session);
  return page;
}

const shared = {
  photographer: null as (LoginAnswer & { token: string }) | null,
  applicant: null as LoginAnswer | null,
  eventId: 0,
  applicationId: 0,
  title: `알림 스냅 ${Date.now().toString(36).slice(-4)}`,
};

const bell = (page: Page) => page.locator('a[data-bell]');

test.describe.serial('notifications', () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    shared.photographer = await newPhotographer(base);
    shared.applicant = await registeredUser(base);
    shared.eventId = (
      await createEvent(base, shared.photographer.token, {
        title: shared.title,
        applyMode: 'IN_APP',
        externalLink: '',
        capacity: 3,
      })
    ).id;
  });

  test('the photographer’s bell counts a new application and opens the applicant', async ({ browser, baseURL }) => {
    const author = await personPage(browser, baseURL ?? '', shared.photographer!);
    const problems = watchPage(author);
    await author.goto('/');
    // Shown after paint, with no count yet; the shared page itself has it hidden.
    await expect(bell(author)).toBeVisible();
    await expect(bell(author).locator('[data-bell-count]')).toBeHidden();
    const html = await (await author.request.get('/')).text();
    expect(html).toMatch(/data-bell[^>]*hidden/);

    // A member applies on the event page.
    const member = await personPage(browser, baseURL ?? '', shared.applicant!);
    await member.goto(`/event/${shared.eventId}`);
    await member.getByRole('button', { name: '담아봐로 신청하기' }).click();
    const sheet = member.getByRole('dialog', { name: '담아봐로 신청하기' });
    await sheet.getByLabel('자기소개').fill('알림으로 결과를 받고 싶어요.');
    await sheet.getByLabel('개인정보 제3자 제공에 동의해요').check();
    await sheet.getByRole('button', { name: '신청하기' }).click();
    await expect(member.getByText('신청했어요', { exact: true })).toBeVisible();
    await member.context().close();

    // The count rises (the tab coming back, or a reload).
    await author.reload();
    await expect(bell(author).locator('[data-bell-count]')).toHaveText('1');
    await expect(bell(author)).toHaveAttribute('aria-label', '알림, 읽지 않은 알림 1개');
    await shot(author, '01-bell-unread');
    await bell(author).click();
    await expect(author).toHaveURL(/\/notifications$/);
    const item = author.getByRole('button', { name: /새 신청 1건/ });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(author.getByRole('heading', { name: '오늘' })).toBeVisible();
    await expect(author.getByText(`‘${shared.title}’에 새 신청이 들어왔어요.`, { exact: false })).toBeVisible();
    await shot(author, '02-notifications-author');
    await item.click();
    await expect(author).toHaveURL(new RegExp(`/my/inbox/${shared.eventId}$`));
    const card = author.locator('[data-application]');
    await expect(card).toHaveCount(1);
    await expect(card.getByText(shared.applicant!.user.nickname)).toBeVisible();
    await expect(card.getByText('알림으로 결과를 받고 싶어요.')).toBeVisible();
    shared.applicationId = Number(await card.getAttribute('data-application'));
    await shot(author, '03-inbox-applicant');
    // Read now: the bell has no count.
    await author.goto('/events');
    await expect(bell(author)).toBeVisible();
    await expect(bell(author).locator('[data-bell-count]')).toBeHidden();
    expect(problems).toEqual([]);
    await author.context().close();
  });

  test('the applicant is told of the selection and lands on it', async ({ browser, baseURL }) => {
    const base = baseURL ?? '';
    const moved = await call(base, 'POST', `/api/v1/applications/${shared.applicationId}/transitions`, {
      token: shared.photographer!.token,
      // 2026-12-05 15:00 KST
      body: { to: 'SELECTED', shootAt: '2026-12-05T06:00:00.000Z', place: '성수동 스튜디오', message: '뵙겠습니다' },
    });
    expect(moved.status).toBe(200);
    const page = await personPage(browser, base, shared.applicant!);
    const problems = watchPage(page);
    await page.goto('/events');
    await expect(bell(page).locator('[data-bell-count]')).toHaveText('1');
    await bell(page).click();
    const item = page.getByRole('button', { name: new RegExp(`‘${shared.title}’에 선정되었어요`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('촬영 일정: 12월 5일 (토) 오후 3:00');
    await expect(item).toContainText('장소: 성수동 스튜디오');
    await shot(page, '04-notifications-applicant');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/my/applications#application-${shared.applicationId}$`));
    const card = page.locator(`#application-${shared.applicationId}`);
    await expect(card).toHaveAttribute('data-status', 'SELECTED');
    await expect(card).toBeInViewport();
    await shot(page, '05-my-application-selected');
    // Back on the list: read, and 모두 읽음 has nothing left to do.
    await page.goto('/notifications');
    await expect(page.getByRole('button', { name: new RegExp('선정되었어요') })).toHaveAttribute('data-read', 'true');
    await expect(page.getByRole('button', { name: '모두 읽음' })).toBeDisabled();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('알림 설정 switches the promotional kind on (with the consent date) and off', async ({ browser, baseURL }) => {
    const page = await personPage(browser, baseURL ?? '', shared.applicant!);
    const problems = watchPage(page);
    await page.goto('/mypage');
    await page.getByRole('link', { name: '알림 설정' }).click();
    await expect(page).toHaveURL(/\/my\/notification-settings$/);
    const promo = page.locator('[data-setting="PROMOTIONAL"]');
    const inApp = promo.getByRole('checkbox', { name: '앱 알림' });
    await expect(inApp).not.toBeChecked();
    await expect(
      page.locator('[data-setting="APPLICATION_SELECTED"]').getByRole('checkbox', { name: '앱 알림' }),
    ).toBeChecked();
    await inApp.check();
    await expect(promo.getByText(/수신 동의일: \d+월 \d+일/)).toBeVisible();
    await shot(page, '06-settings-promotional-on');
    await page.reload();
    await expect(inApp).toBeChecked();
    await inApp.uncheck();
    await expect(promo.getByText(/수신 동의일/)).toHaveCount(0);
    await page.reload();
    await expect(inApp).not.toBeChecked();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
