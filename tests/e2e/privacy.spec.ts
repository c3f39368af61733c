/**
 * Issue 41 at 390×844: a member opens 내 정보, sees their consents with dates, turns the promotional
 * one off, downloads their data and finds it in the file; the footer's policy links open our own pages
 * (older versions reachable by `?version=`); an account Kakao says is under 14 cannot register.
 * `PRIVACY_SHOTS=dir` saves screenshots.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { bearer, signIn, uniqueAccount } from '../support/auth';
import { skipFirstVisit, watchPage } from './support/browse';
import { freshNickname, hydrated, useSession } from './support/member';

const shots = process.env['PRIVACY_SHOTS'];

test('a member sees their consents, turns the promotional one off and downloads their data', async ({
  page,
  baseURL,
}) => {
  const problems = watchPage(page);
  const base = baseURL ?? '';
  const login = await signIn(base, uniqueAccount('privacy'));
  const nickname = freshNickname('정보');
  const registered = await fetch(`${base}/api/v1/users/me/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(login) },
    body: JSON.stringify({
      nickname,
      gender: 'FEMALE',
      instagramId: 'privacy.e2e',
      consents: ['AGE_14', 'SERVICE', 'PRIVACY', 'MARKETING'],
    }),
  });
  expect(registered.status).toBe(200);
  await useSession(page, { ...login, user: (await registered.json()) as typeof login.user });

  await page.goto('/my/privacy');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '내 정보', level: 1 })).toBeVisible();
  const history = page.getByRole('region', { name: '동의 내역' });
  for (const title of ['서비스 이용약관 동의', '개인정보 수집 및 이용 동의', '만 14세 이상 확인']) {
    await expect(history.getByText(title)).toBeVisible();
  }
  // Each with its date (Korea time) and version.
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '. ');
  await expect(history.locator('[data-kind="SERVICE"]')).toContainText(`${today}.`);
  await expect(history.locator('[data-kind="SERVICE"]')).toContainText('버전 1');

  const promo = page.getByRole('switch', { name: '이벤트·혜택 알림 수신 동의' });
  await expect(promo).toBeChecked();
  if (shots) await page.screenshot({ path: `${shots}/my-privacy-390.png`, fullPage: true });
  await promo.click();
  await expect(promo).not.toBeChecked();
  await expect(page.getByText('알림 수신 동의를 철회했어요.')).toBeVisible();
  const consents = (await (await fetch(`${base}/api/v1/users/me/consents`, { headers: bearer(login) })).json()) as {
    optional: { kind: string; agreed: boolean }[];
  };
  expect(consents.optional).toEqual([expect.objectContaining({ kind: 'MARKETING', agreed: false })]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '내 정보 내려받기' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^damabwa-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    profile: { nickname: string; instagramId: string };
    consents: { kind: string; withdrawnAt: string | null }[];
  };
  expect(data.profile).toMatchObject({ nickname, instagramId: 'privacy.e2e' });
  expect(data.consents).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'MARKETING', withdrawnAt: expect.any(String) })]),
  );
  expect(problems).toEqual([]);
});

test('the footer links open our own terms and privacy pages, older versions by ?version=', async ({ page }) => {
  await skipFirstVisit(page);
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).toContainText('통신판매중개자');
  await footer.getByRole('link', { name: '개인정보처리방침' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: '개인정보처리방침', level: 2 })).toBeVisible();
  await expect(page.getByText('운영자의 법률 검토')).toBeVisible();
  await expect(page.getByText(/버전 1 · 시행일/).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /이벤트 종료 후 90일/ }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/privacy-390.png` });

  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: '이용약관' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { name: '서비스 이용약관', level: 2 })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/terms-390.png` });

  const version = await page.goto('/partner-terms?version=1');
  expect(version?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '사진작가 파트너 약관', level: 2 })).toBeVisible();
  const unknown = await page.request.get('/terms?version=99', { maxRedirects: 0 });
  expect(unknown.status()).not.toBe(200);
});

test('an account Kakao says is under 14 cannot register', async ({ baseURL }) => {
  const base = baseURL ?? '';
  const child = await signIn(base, uniqueAccount('under14'));
  const res = await fetch(`${base}/api/v1/users/me/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(child) },
    body: JSON.stringify({ nickname: freshNickname('아이'), gender: 'MALE', instagramId: null }),
  });
  expect(res.status).toBe(403);
  expect(((await res.json()) as { message: string }).message).toMatch(/만 14세 미만은 담아봐에 가입할 수 없어요/);
  const me = await fetch(`${base}/api/v1/users/me`, { headers: bearer(child) });
  expect(((await me.json()) as { type: string }).type).toBe('UNDEFINED');
});

test('my page leads to 내 정보; a required document’s new version is agreed to before going on', async ({
  page,
  baseURL,
}) => {
  const problems = watchPage(page);
  const base = baseURL ?? '';
  const login = await signIn(base, uniqueAccount('reconsent'));
  const registered = await fetch(`${base}/api/v1/users/me/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(login) },
    body: JSON.stringify({ nickname: freshNickname('동의'), gender: 'MALE', instagramId: null }),
  });
  expect(registered.status).toBe(200);
  await useSession(page, { ...login, user: (await registered.json()) as typeof login.user });

  // Holding every version in force: my page stays, and its 내 정보 row opens the page.
  await page.goto('/mypage');
  await hydrated(page);
  await page.getByRole('link', { name: /내 정보/ }).click();
  await expect(page).toHaveURL(/\/my\/privacy$/);
  await expect(page.getByRole('heading', { name: '내 정보', level: 1 })).toBeVisible();

  const consents = (await (await fetch(`${base}/api/v1/users/me/consents`, { headers: bearer(login) })).json()) as {
    consents: { kind: string; version: string }[];
  };
  const privacy = consents.consents.find((c) => c.kind === 'PRIVACY');
  // The privacy policy gets a new version: until the member agrees, the server lists it (the consent
  // check on /events, then 내 정보 itself).
  let asked = 0;
  let posted = false;
  await page.route('**/api/v1/users/me/consents', async (route) => {
    if (route.request().method() === 'POST') posted = true;
    if (route.request().method() !== 'GET' || posted) return route.fallback();
    asked++;
    const real = await route.fetch();
    const body = (await real.json()) as Record<string, unknown>;
    await route.fulfill({
      response: real,
      json: {
        ...body,
        needsAgreement: [
          { kind: 'PRIVACY', title: '개인정보 수집 및 이용 동의', version: privacy?.version, documentPath: '/privacy' },
        ],
      },
    });
  });
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/events?page=1');
  await expect(page).toHaveURL(/\/my\/privacy\?next=%2Fevents%3Fpage%3D1$/);
  await expect(page.getByRole('heading', { name: '바뀐 약관에 동의해 주세요' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/reconsent-390.png` });
  const agreed = page.waitForRequest((r) => r.url().endsWith('/users/me/consents') && r.method() === 'POST');
  await page.getByRole('button', { name: '모두 확인했고 동의해요' }).click();
  expect((await agreed).postDataJSON()).toEqual({ consents: [{ kind: 'PRIVACY', version: privacy?.version }] });
  await expect(page).toHaveURL(/\/events\?page=1$/);
  // Agreed: the next pages of this tab do not ask again.
  await page.goto('/photographers');
  await expect(page).toHaveURL(/\/photographers$/);
  // Asked by the check on /events and by 내 정보 (which may ask again as it loads), never after agreeing.
  expect(asked).toBeGreaterThanOrEqual(2);
  expect(problems).toEqual([]);
});
