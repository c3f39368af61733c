/**
 * Issue 43, reviews at 390×844 in Korean: after a completed shoot (made over HTTP; the applications
 * journey walks those screens) the applicant is asked for a review on 내 신청, writes it with a photo,
 * and it shows on the photographer page with the rating and the completed shoots; the photographer
 * answers it there, and the applicant reads the answer.
 * Set REVIEWS_SHOTS=/some/dir to keep 390 px screenshots of each new screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueAccount, type LoginAnswer } from '../support/auth';
import { call, createEvent, freshNickname } from '../support/api';
import { solidPng, useSession, watchPage } from './support/member';

const shotsDir = process.env['REVIEWS_SHOTS'];
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage });
}

const TEXT = '작가님이 긴장을 잘 풀어 주셔서 자연스러운 가족사진을 남겼어요. 보정도 꼼꼼해요!';
const REPLY = '소중한 후기 감사합니다. 또 뵈어요!';

const shared = {
  photographer: null as LoginAnswer | null,
  applicant: null as LoginAnswer | null,
  title: `후기 스냅 ${Date.now().toString(36).slice(-5)}`,
  applicationId: 0,
};
const need = <T>(v: T | null): T => {
  if (v === null) throw new Error('setup missing');
  return v;
};

test.describe.serial('reviews of completed shoots', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    const photographer = await signIn(base, 'demo-photographer');
    const login = await signIn(base, uniqueAccount('review-user'));
    const reg = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: login.accessToken.value,
      body: { nickname: freshNickname('후'), gender: 'FEMALE', instagramId: null },
    });
    expect(reg.status).toBe(200);
    const applicant = { ...login, user: reg.body as LoginAnswer['user'] };
    const p = photographer.accessToken.value;
    const u = applicant.accessToken.value;
    const event = await createEvent(base, p, {
      applyMode: 'IN_APP',
      externalLink: '',
      capacity: 3,
      title: shared.title,
    });
    const applied = await call(base, 'POST', `/api/v1/promotions/${event.id}/applications`, {
      token: u,
      body: { introduction: '가족사진을 찍고 싶어요.', consent: true },
    });
    expect(applied.status).toBe(201);
    const id = (applied.body as { id: number }).id;
    const move = (token: string, body: Record<string, unknown>) =>
      call(base, 'POST', `/api/v1/applications/${id}/transitions`, { token, body });
    expect((await move(p, { to: 'SELECTED', shootAt: new Date().toISOString(), place: '서울숲' })).status).toBe(200);
    expect((await move(u, { to: 'CONFIRMED' })).status).toBe(200);
    expect((await move(p, { to: 'COMPLETED' })).status).toBe(200);
    Object.assign(shared, { photographer, applicant, applicationId: id });
  });

  test('the applicant is asked for a review on 내 신청 and writes it with a photo', async ({ page }) => {
    const problems = watchPage(page);
    await useSession(page, need(shared.applicant));
    await page.goto('/my/applications');
    const card = page.locator(`[data-application="${shared.applicationId}"]`);
    await expect(card).toContainText('촬영 완료');
    await expect(card.getByText('촬영은 어떠셨나요? 후기를 남겨 주세요.')).toBeVisible();
    await shot(page, '01-review-ask');
    await card.getByRole('button', { name: '후기 쓰기' }).click();

    const sheet = page.getByRole('dialog', { name: '후기 쓰기' });
    await expect(sheet).toBeVisible();
    // Nothing is sent while a rule is broken: the sheet says which.
    await sheet.getByRole('button', { name: '후기 올리기' }).click();
    await expect(sheet.getByText('별점을 1점에서 5점 사이로 골라 주세요.')).toBeVisible();
    await sheet.getByRole('radio', { name: '5점' }).click();
    await expect(sheet.getByRole('radio', { name: '5점' })).toHaveAttribute('aria-checked', 'true');
    await sheet.locator('#review-text').fill(TEXT);
    await sheet
      .locator('#review-photos')
      .setInputFiles({ name: 'shoot.png', mimeType: 'image/png', buffer: await solidPng(600, '#e9b6c8') });
    await expect(sheet.getByRole('img', { name: '촬영 사진 1' })).toBeVisible();
    await expect(sheet.locator('[data-phase="done"]')).toHaveCount(1, { timeout: 15_000 });
    await shot(page, '02-review-sheet');
    await sheet.getByRole('button', { name: '후기 올리기' }).click();
    await expect(page.getByText('후기를 올렸어요. 감사합니다!')).toBeVisible();
    await expect(sheet).toHaveCount(0);

    const mine = card.locator('[data-my-review]');
    await expect(mine).toContainText(TEXT);
    await expect(mine.getByRole('img', { name: '별점 5점' })).toBeVisible();
    await expect(mine.getByRole('img', { name: '촬영 사진 1' })).toBeVisible();
    await expect(card.getByRole('button', { name: '후기 쓰기' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: '후기 고치기' })).toBeVisible();
    await shot(page, '03-my-review', true);
    expect(problems).toEqual([]);
  });

  test('it shows on the photographer page with the rating and the completed shoots', async ({ page }) => {
    const problems = watchPage(page);
    const photographerId = need(shared.photographer).user.id;
    await page.goto(`/photographer/${photographerId}`);
    await expect(page.getByText(/담아봐에서 완료한 촬영 \d+회/)).toBeVisible();
    await expect(page.locator('.profile').getByText('별점 5.0점, 후기 1개')).toBeAttached();
    const review = page.locator('[data-review]').first();
    await expect(review).toContainText(TEXT);
    await expect(review).toContainText(need(shared.applicant).user.nickname);
    await expect(review.getByRole('img', { name: '별점 5점' })).toBeVisible();
    await expect(review.getByRole('img', { name: '후기 사진 1/1' })).toBeVisible();
    await expect(review).toContainText(shared.title);
    // A visitor gets no answer form and no report button.
    await page.waitForTimeout(500);
    await expect(review.getByRole('button')).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld.aggregateRating).toMatchObject({ ratingValue: '5.0', reviewCount: 1 });
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await shot(page, '04-photographer-reviews');
    await page.goto(`/photographer/${photographerId}/reviews`);
    await expect(page.locator('[data-review]').first()).toContainText(TEXT);
    await shot(page, '05-all-reviews');
    expect(problems).toEqual([]);
  });

  test('the photographer answers it on their page; the applicant reads the answer', async ({ page, browser }) => {
    const problems = watchPage(page);
    const photographer = need(shared.photographer);
    await useSession(page, photographer);
    await page.goto(`/photographer/${photographer.user.id}`);
    const review = page.locator('[data-review]').first();
    await expect(review).toContainText(TEXT);
    await review.getByRole('button', { name: '답글 쓰기' }).click();
    await review.getByLabel('답글').fill(REPLY);
    await shot(page, '06-reply-form');
    await review.getByRole('button', { name: '답글 남기기' }).click();
    await expect(page.getByText('답글을 남겼어요.')).toBeVisible();
    await expect(review).toContainText(REPLY);
    await expect(review.getByRole('button', { name: '답글 쓰기' })).toHaveCount(0);
    // The page the photographer gets next is rendered after the answer.
    await page.reload();
    await expect(page.locator('[data-review]').first()).toContainText(REPLY);
    await expect(page.locator('[data-review]').first().getByRole('button', { name: '답글 쓰기' })).toHaveCount(0);
    await shot(page, '07-replied');
    expect(problems).toEqual([]);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
      baseURL: page.url().replace(/\/photographer\/.*$/, ''),
    });
    const mine = await context.newPage();
    await useSession(mine, need(shared.applicant));
    await mine.goto('/my/applications');
    const card = mine.locator(`[data-application="${shared.applicationId}"]`);
    await expect(card.locator('[data-my-review]')).toContainText(REPLY);
    await context.close();
  });
});
