/**
 * Issue 43, a photographer's statistics at 390×844 in Korean: a reader opens an event (a view), follows
 * its apply link (a click, counted on the way to the external form) and applies on 담아봐 (an
 * application); the photographer's 통계, reached from my page, shows all three, in the totals, the
 * table for screen readers and the event's own numbers. The operator's numbers open from /admin.
 * Set STATS_SHOTS=/some/dir to keep 390 px screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { createEvent, newPhotographer, type Session } from '../support/api';
import { registeredUser, useSession, watchPage } from './support/member';
import type { LoginAnswer } from '../support/auth';

const shotsDir = process.env['STATS_SHOTS'];
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage });
}

const shared = {
  photographer: null as Session | null,
  reader: null as LoginAnswer | null,
  eventId: 0,
  title: `통계 스냅 ${Date.now().toString(36).slice(-5)}`,
};
const need = <T>(v: T | null): T => {
  if (v === null) throw new Error('setup missing');
  return v;
};

test.describe.serial("a photographer's statistics", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    const photographer = await newPhotographer(base, { withPage: true });
    const event = await createEvent(base, photographer.token, {
      applyMode: 'BOTH',
      capacity: 3,
      // The "external" form: a page of this server, so the journey runs offline.
      externalLink: `${base}/photographers?from=apply`,
      title: shared.title,
    });
    Object.assign(shared, { photographer, reader: await registeredUser(base), eventId: event.id });
  });

  test('a reader views the event, follows its apply link and applies on 담아봐', async ({ page, context }) => {
    const problems = watchPage(page);
    await useSession(page, need(shared.reader));
    await page.goto(`/event/${shared.eventId}`);
    await expect(page.getByRole('heading', { name: shared.title })).toBeVisible();
    // The link goes through the counting address and still opens the external form, in a new tab.
    const link = page.getByRole('link', { name: /링크로 신청/ });
    await expect(link).toHaveAttribute('href', `/api/v1/promotions/${shared.eventId}/apply`);
    const [form] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await form.waitForLoadState();
    expect(form.url()).toContain('/photographers?from=apply');
    await form.close();

    await page.getByRole('button', { name: '담아봐로 신청하기' }).click();
    const sheet = page.getByRole('dialog', { name: '담아봐로 신청하기' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('자기소개').fill('통계에 잡히는 신청이에요. 주말이 좋아요.');
    await sheet.getByLabel('개인정보 제3자 제공에 동의해요').check();
    await sheet.getByRole('button', { name: '신청하기' }).click();
    await expect(page.getByText('신청했어요', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the photographer opens 통계 from my page and sees the view, the click and the application', async ({
    page,
  }) => {
    const problems = watchPage(page);
    await useSession(page, need(shared.photographer));
    await page.goto('/mypage');
    await page.getByRole('link', { name: '통계' }).click();
    await expect(page).toHaveURL(/\/my\/stats$/);
    await expect(page.getByRole('heading', { name: '합계' })).toBeVisible();
    const total = (key: string) => page.locator(`[data-stat="${key}"]`);
    await expect(total('views').getByText('1', { exact: true })).toBeVisible();
    await expect(total('clicks').getByText('1', { exact: true })).toBeVisible();
    await expect(total('applications').getByText('1', { exact: true })).toBeVisible();
    await expect(total('clicks')).toContainText('이전 30일 0');
    // The chart is the server's SVG; the table says the same for screen readers (today is its last row).
    await expect(page.locator('figure svg')).toHaveCount(1);
    const table = page.getByRole('table', { name: '최근 30일 날짜별 숫자' });
    await expect(table.getByRole('row')).toHaveCount(31);
    const today = table.getByRole('row').last();
    await expect(today.getByRole('cell')).toHaveText(['1', '0', '1', '1', '0', '0']);
    // The event's own numbers.
    const event = page.locator(`[data-stats-event="${shared.eventId}"]`);
    await expect(event.getByRole('link', { name: shared.title })).toBeVisible();
    await expect(event).toContainText('조회1');
    await expect(event).toContainText('신청 링크 클릭1');
    await expect(event).toContainText('담아봐 신청1');
    // Nothing wider than the phone (the screen readers' table included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, '01-stats');
    await shot(page, '02-stats-full', true);
    expect(problems).toEqual([]);
  });

  test("the operator's numbers open from /admin", async ({ page, baseURL }) => {
    const problems = watchPage(page);
    await useSession(page, await signIn(baseURL ?? '', 'demo-admin'));
    await page.goto('/admin');
    await page.getByRole('link', { name: '운영 통계' }).click();
    await expect(page).toHaveURL(/\/admin\/stats$/);
    await expect(page.locator('[data-stat="members"]')).toBeVisible();
    await expect(page.locator('[data-stat="applications"]')).toBeVisible();
    await expect(page.getByRole('table', { name: '최근 30일 날짜별 숫자' }).getByRole('row')).toHaveCount(31);
    await shot(page, '03-admin-stats', true);
    expect(problems).toEqual([]);
  });
});
