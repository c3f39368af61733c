/**
 * Issue 42, Web Push at 390×844: a photographer turns push on in 알림 설정 and their "phone" (the push
 * stand-in under /dev/push, which decrypts what it receives) shows the new application; an applicant is
 * offered push once, right after their first application, turns it on and is told of the selection on
 * the phone; an iPhone outside the home screen is told how to get push. The browser's PushManager is
 * replaced by one that subscribes at the stand-in (headless Chromium reaches no real push service).
 * Set PUSH_SHOTS=/some/dir to keep 390 px screenshots.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { LoginAnswer } from '../support/auth';
import { call, createEvent, day, newPhotographer } from '../support/api';
import { registeredUser, useSession, watchPage } from './support/member';

const shotsDir = process.env['PUSH_SHOTS'];
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-390.png` });
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ko-KR' } as const;

/** A browser whose PushManager subscribes at the push stand-in and whose permission prompt says yes. */
function standInPush(): void {
  let permission: NotificationPermission = 'default';
  Object.defineProperty(Notification, 'permission', { get: () => permission });
  Notification.requestPermission = async () => (permission = 'granted');
  const KEY = 'e2e-push-subscription';
  const asSubscription = (json: { endpoint: string }) =>
    ({
      endpoint: json.endpoint,
      options: {},
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.getSubscription = async function () {
    const kept = localStorage.getItem(KEY);
    if (kept) permission = 'granted';
    return kept ? asSubscription(JSON.parse(kept) as { endpoint: string }) : null;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
    const applicationServerKey = btoa(String.fromCharCode(...key))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const res = await fetch('/dev/push/devices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey }),
    });
    const device = (await res.json()) as { id: string; subscription: { endpoint: string } };
    localStorage.setItem(KEY, JSON.stringify(device.subscription));
    return asSubscription(device.subscription);
  };
}

async function personPage(browser: Browser, baseURL: string, session: LoginAnswer): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL, timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.addInitScript(standInPush);
  await useSession(page, session);
  return page;
}

interface Shown {
  title: string;
  body: string;
  link: string;
}
/** What the page's stand-in "phone" has shown, once it shows `count`. */
async function phoneShows(page: Page, count: number): Promise<Shown[]> {
  const endpoint = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('e2e-push-subscription') ?? '{}') as { endpoint?: string }).endpoint,
  );
  expect(endpoint).toBeTruthy();
  let messages: Shown[] = [];
  await expect
    .poll(
      async () => {
        messages = ((await (await page.request.get(endpoint!)).json()) as { messages: Shown[] }).messages;
        return messages.length;
      },
      { timeout: 15_000 },
    )
    .toBe(count);
  return messages;
}

const shared = {
  photographer: null as (LoginAnswer & { token: string }) | null,
  eventId: 0,
  title: `푸시 스냅 ${Date.now().toString(36).slice(-4)}`,
};

test.describe.serial('web push', () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async ({ baseURL }) => {
    shared.photographer = await newPhotographer(baseURL ?? '');
    shared.eventId = (
      await createEvent(baseURL ?? '', shared.photographer.token, {
        title: shared.title,
        applyMode: 'IN_APP',
        externalLink: '',
        capacity: 3,
      })
    ).id;
  });

  test('a photographer turns push on in 알림 설정; the phone shows the new application', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    // A photographer of this test's own: signing out at the end ends their session.
    const author = await newPhotographer(base);
    const [first, other] = await Promise.all(
      [1, 2].map((n) =>
        createEvent(base, author.token, {
          title: `${shared.title} ${n}`,
          applyMode: 'IN_APP',
          externalLink: '',
          capacity: 3,
        }),
      ),
    );
    const page = await personPage(browser, base, author);
    const problems = watchPage(page);
    await page.goto('/my/notification-settings');
    const device = page.getByRole('region', { name: '이 기기에서 푸시 알림' });
    await expect(device).toContainText('꺼져 있어요');
    await shot(page, '01-settings-push-off');
    await device.getByRole('button', { name: '푸시 알림 켜기' }).click();
    await expect(device).toContainText('켜져 있어요');
    await expect(device.getByRole('button', { name: '이 기기에서 끄기' })).toBeVisible();
    await shot(page, '02-settings-push-on');
    await page.reload();
    await expect(page.getByRole('region', { name: '이 기기에서 푸시 알림' })).toContainText('켜져 있어요');

    const applicant = await registeredUser(base);
    const applied = await call(base, 'POST', `/api/v1/promotions/${first!.id}/applications`, {
      token: applicant.accessToken.value,
      body: { introduction: '푸시로 받아 보세요', preferredDates: [day(1)], consent: true },
    });
    expect(applied.status).toBe(201);
    const endpoint = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('e2e-push-subscription') ?? '{}') as { endpoint: string }).endpoint,
    );
    expect(await phoneShows(page, 1)).toEqual([
      expect.objectContaining({
        title: '새 신청 1건',
        body: `‘${shared.title} 1’에 새 신청이 들어왔어요. 신청자를 확인해 보세요.`,
        link: `/my/inbox/${first!.id}`,
      }),
    ]);

    // Signing out stops this browser: the next application (to another event) reaches no phone.
    await page.goto('/mypage');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
    const again = await call(base, 'POST', `/api/v1/promotions/${other!.id}/applications`, {
      token: applicant.accessToken.value,
      body: { introduction: '로그아웃 뒤', preferredDates: [day(1)], consent: true },
    });
    expect(again.status).toBe(201);
    await page.waitForTimeout(4_500);
    expect(((await (await page.request.get(endpoint)).json()) as { messages: unknown[] }).messages).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('an applicant is offered push after the first application and is told of the selection', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const session = await registeredUser(base);
    const page = await personPage(browser, base, session);
    const problems = watchPage(page);
    await page.goto(`/event/${shared.eventId}`);
    // Never on a visit alone.
    await expect(page.getByRole('button', { name: '담아봐로 신청하기' })).toBeEnabled();
    await expect(page.getByRole('complementary', { name: '결과를 바로 알려드릴까요?' })).toHaveCount(0);
    await page.getByRole('button', { name: '담아봐로 신청하기' }).click();
    const sheet = page.getByRole('dialog', { name: '담아봐로 신청하기' });
    await sheet.getByLabel('자기소개').fill('결과를 휴대폰으로 받고 싶어요.');
    await sheet.getByLabel('개인정보 제3자 제공에 동의해요').check();
    await sheet.getByRole('button', { name: '신청하기' }).click();
    await expect(page.getByText('신청했어요', { exact: true })).toBeVisible();
    const offer = page.getByRole('complementary', { name: '결과를 바로 알려드릴까요?' });
    await expect(offer).toBeVisible();
    await shot(page, '03-offer-after-application');
    await offer.getByRole('button', { name: '푸시 알림 켜기' }).click();
    await expect(offer).toHaveCount(0);
    // Asked once: not again on the next page.
    await page.goto('/events');
    await expect(page.getByRole('complementary', { name: '결과를 바로 알려드릴까요?' })).toHaveCount(0);

    const inbox = await call(base, 'GET', `/api/v1/promotions/${shared.eventId}/applications`, {
      token: shared.photographer!.token,
    });
    const mine = (inbox.body as { items: { id: number; applicant: { id: number } | null }[] }).items.find(
      (a) => a.applicant?.id === session.user.id,
    );
    expect(mine).toBeTruthy();
    const moved = await call(base, 'POST', `/api/v1/applications/${mine!.id}/transitions`, {
      token: shared.photographer!.token,
      body: { to: 'SELECTED', shootAt: '2026-12-05T06:00:00.000Z', place: '성수동 스튜디오', message: null },
    });
    expect(moved.status).toBe(200);
    const [selected] = await phoneShows(page, 1);
    expect(selected).toMatchObject({
      title: `‘${shared.title}’에 선정되었어요`,
      link: `/my/applications#application-${mine!.id}`,
    });
    expect(selected!.body).toContain('장소: 성수동 스튜디오');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('an iPhone outside the home screen is told how to get push', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      ...PHONE,
      baseURL: baseURL ?? '',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    // Safari in a tab has no PushManager.
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await useSession(page, await registeredUser(baseURL ?? ''));
    await page.goto('/my/notification-settings');
    const device = page.getByRole('region', { name: '이 기기에서 푸시 알림' });
    await expect(device).toContainText('‘홈 화면에 추가’');
    await expect(device.getByRole('button')).toHaveCount(0);
    await shot(page, '04-settings-iphone');
    await context.close();
  });
});
