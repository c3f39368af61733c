/**
 * Sign-in and sign-up journeys through the real Kakao stand-in flow (demo mode): /login → stand-in
 * authorize page → /auth → /signup or /, then the welcome screen. Set SIGNUP_SHOTS=/some/dir to keep a
 * 390px screenshot of every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_CLIENT_ID, bearer, signIn, uniqueAccount } from '../support/auth';
import { hydrated } from './support/member';

const shotsDir = process.env['SIGNUP_SHOTS'];
async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

let counter = 0;
/** A fresh valid user nickname (2–7 characters). */
function freshNickname(prefix = '회원'): string {
  counter++;
  return `${prefix}${(Date.now() % 10_000).toString(36)}${counter}`.slice(0, 7);
}

/** Signs in through the UI with a stand-in account name; new names land on /signup. */
async function kakaoLogin(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: '카카오 로그인' }).click();
  await expect(page).toHaveURL(/\/dev\/kakao\/oauth\/authorize\?/);
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('client_id')).toBe(DEMO_CLIENT_ID);
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/auth$/);
  expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
  await page.getByLabel('새 계정 이름').fill(account);
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
}

async function session(page: Page) {
  return page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('sessionUser') ?? 'null') as { id: number; roles: string[] } | null,
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
}

/** Collects CSP violations and React hydration errors; the journeys expect none. */
function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Refused to|hydrat|Minified React error/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** Lands on the sign-up wizard, ready for input. */
async function onSignup(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/signup$/);
  await hydrated(page);
}

const next = (page: Page) => page.getByRole('button', { name: '다음', exact: true });

/** A nickname already taken: registered over HTTP before the journey starts. */
async function takenNickname(baseURL: string): Promise<string> {
  const nickname = freshNickname('선점');
  const login = await signIn(baseURL, uniqueAccount('taken'));
  const res = await fetch(`${baseURL}/api/v1/users/me/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(login) },
    body: JSON.stringify({ nickname, gender: 'MALE', instagramId: null }),
  });
  expect(res.status).toBe(200);
  return nickname;
}

test.describe('sign-in and sign-up', () => {
  test('the login page: Kakao button, policy links, the error message after a failed return', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7B35D3');
    await expect(page.getByRole('button', { name: '카카오 로그인' })).toBeVisible();
    await expect(page.getByRole('link', { name: /개인정보처리방침/ })).toHaveAttribute('target', '_blank');
    // Our own pages by default (`SITE_TERMS_URL` and `SITE_PRIVACY_URL` may name others).
    await expect(page.getByRole('link', { name: /이용약관/ })).toHaveAttribute('href', /terms/);
    await shot(page, '01-login');
    // A return with a state this tab never sent is refused and explained.
    await page.goto('/auth?code=whatever&state=forged');
    await expect(page).toHaveURL(/\/login\?error=state$/);
    await expect(page.getByRole('alert')).toHaveText('로그인 요청이 만료되었어요. 다시 로그인해 주세요.');
    await shot(page, '02-login-error');
  });

  test('a new visitor signs up as a USER, is welcomed and lands on / signed in', async ({ page, baseURL }) => {
    const problems = watchPage(page);
    const taken = await takenNickname(baseURL ?? '');
    await kakaoLogin(page, uniqueAccount('new-user'));
    await onSignup(page);
    expect((await session(page)).accessToken).toBeTruthy();

    // Role
    await expect(next(page)).toBeDisabled();
    await shot(page, '03-signup-role');
    await page.getByText('일반 회원으로 시작하기').click();
    await expect(next(page)).toBeEnabled();
    await next(page).click();

    // Basic info
    const nickname = page.getByLabel('닉네임');
    const check = page.getByRole('button', { name: '중복 확인' });
    const status = page.locator('#signup-nickname-status');
    await expect(check).toBeDisabled();
    await nickname.fill(' 가 나');
    await expect(nickname).toHaveValue('가 나');
    await expect(check).toBeDisabled();
    await expect(status).toHaveAttribute('data-tone', 'error');
    await nickname.fill(taken);
    await check.click();
    await expect(status).toHaveText('중복된 닉네임입니다.');
    await expect(status).toHaveAttribute('data-tone', 'error');
    await expect(status).toHaveCSS('color', 'rgb(217, 45, 32)');
    await page.getByText('여성', { exact: true }).click();
    await expect(next(page)).toBeDisabled();
    await shot(page, '04-signup-basic-duplicate');
    const mine = freshNickname();
    await nickname.fill(mine);
    await expect(status).toHaveText('닉네임 중복 확인을 해 주세요.');
    await check.click();
    await expect(status).toHaveText('사용 가능한 닉네임입니다.');
    await page.getByLabel(/인스타그램 아이디/).fill('Dama.Bwa!');
    await expect(page.getByLabel(/인스타그램 아이디/)).toHaveValue('dama.bwa');
    await expect(next(page)).toBeEnabled();
    await shot(page, '05-signup-basic-available');
    await next(page).click();

    // Survey (a USER has no profile step); progress survives a reload.
    await expect(page.getByRole('heading', { name: '담아봐를 어떻게 알게 되셨나요?' })).toBeFocused();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { name: '담아봐를 어떻게 알게 되셨나요?' })).toBeVisible();
    await expect(next(page)).toBeDisabled();
    await page.getByText('인스타그램', { exact: true }).click();
    await page.getByText('지인 소개').click();
    await shot(page, '06-signup-survey');
    await next(page).click();

    // Back keeps the values.
    await page.getByRole('button', { name: '이전 단계' }).click();
    await expect(page.getByLabel('인스타그램', { exact: true })).toBeChecked();
    await page.getByRole('button', { name: '이전 단계' }).click();
    await expect(nickname).toHaveValue(mine);
    await expect(status).toHaveText('사용 가능한 닉네임입니다.');
    await next(page).click();
    await next(page).click();

    // Terms: three items for a USER, all required.
    const submit = page.getByRole('button', { name: '가입 완료' });
    await expect(page.getByText('사진작가 파트너 약관 동의')).toHaveCount(0);
    await expect(submit).toBeDisabled();
    await page.getByLabel('전체 동의').check();
    await expect(submit).toBeEnabled();
    await page.getByLabel(/서비스 이용약관 동의/).uncheck();
    await expect(page.getByLabel('전체 동의')).not.toBeChecked();
    await expect(submit).toBeDisabled();
    await page.getByLabel(/서비스 이용약관 동의/).check();
    await expect(page.getByLabel('전체 동의')).toBeChecked();
    await shot(page, '07-signup-terms-user');
    await submit.click();

    // Welcome, then home, signed in; a reload keeps the session.
    await expect(page).toHaveURL(/\/success\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${mine}님, 환영해요!`);
    await expect(page.getByRole('link', { name: '작가 페이지 꾸미기' })).toHaveCount(0);
    await shot(page, '08-welcome-user');
    const signedUp = await session(page);
    expect(signedUp.user?.id).toBeGreaterThan(0);
    expect(signedUp.user?.roles).toEqual(['USER']);
    await page.getByRole('link', { name: '담아봐 시작하기' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    const afterReload = await session(page);
    expect(afterReload.user).toEqual(signedUp.user);
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/v1/users/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return { status: res.status, body: (await res.json()) as { nickname: string; instagramId: string | null } };
    });
    expect(me).toEqual({ status: 200, body: expect.objectContaining({ nickname: mine, instagramId: 'dama.bwa' }) });
    expect(problems).toEqual([]);
  });

  test('a new visitor signs up as a PHOTOGRAPHER with a profile image, types and regions', async ({ page }) => {
    const problems = watchPage(page);
    await kakaoLogin(page, uniqueAccount('new-photographer'));
    await onSignup(page);
    await page.getByText('사진작가로 시작하기').click();
    await next(page).click();

    const name = `스튜디오 담아봐 ${freshNickname('작')}`;
    const field = page.getByLabel('상호명 또는 활동명');
    await field.fill(`  ${name.replace(' ', '   ')}`);
    await expect(field).toHaveValue(name);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#signup-nickname-status')).toHaveText('사용 가능한 활동명입니다.');
    await page.getByText('남성', { exact: true }).click();
    await next(page).click();

    // Profile: image (generated PNG), 1–3 types, 1–5 regions.
    await expect(page.getByRole('heading', { name: '작가 프로필을 만들어 주세요' })).toBeVisible();
    await expect(next(page)).toBeDisabled();
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#7b35d3' } })
      .png()
      .toBuffer();
    await page.locator('#signup-image').setInputFiles({ name: 'profile.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('사진을 올렸어요.')).toBeVisible();
    await expect(page.getByRole('img', { name: '선택한 프로필 사진' })).toHaveAttribute('src', /\/media\//);
    for (const t of ['스냅', '프로필', '컨셉']) await page.getByText(t, { exact: true }).click();
    await expect(page.getByLabel('증명', { exact: true })).toBeDisabled();
    await page.getByText('강남구', { exact: true }).click();
    await page.getByText('부산', { exact: true }).click();
    await page.getByText('해운대구', { exact: true }).click();
    await expect(page.getByRole('button', { name: '서울 강남구 선택 해제' })).toBeVisible();
    await expect(next(page)).toBeEnabled();
    await shot(page, '09-signup-profile');
    await next(page).click();

    await page.getByText('촬영 이벤트', { exact: true }).click();
    await next(page).click();
    await expect(page.getByRole('checkbox', { name: /사진작가 파트너 약관 동의/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /사진작가 파트너 약관 동의/ })).toHaveAttribute('target', '_blank');
    for (const item of [/만 14세 이상/, /서비스 이용약관 동의/, /개인정보 수집 및 이용 동의/]) {
      await page.getByLabel(item).check();
    }
    await expect(page.getByRole('button', { name: '가입 완료' })).toBeDisabled();
    await page.getByLabel(/사진작가 파트너 약관 동의/).check();
    await expect(page.getByLabel('전체 동의')).toBeChecked();
    await shot(page, '10-signup-terms-photographer');
    await page.getByRole('button', { name: '가입 완료' }).click();

    await expect(page).toHaveURL(/\/success\/signup$/);
    // Cut at ten characters, between words (issue 44 item 21).
    const shown = name.slice(0, 10).replace(/\s+\S*$/, '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${shown}... 작가님, 환영해요!`);
    await expect(page.getByRole('link', { name: '작가 페이지 꾸미기' })).toHaveAttribute(
      'href',
      '/edit/photographer/detail',
    );
    await shot(page, '11-welcome-photographer');
    const { user, accessToken } = await session(page);
    expect(user?.roles).toEqual(['PHOTOGRAPHER', 'USER']);
    const profile = await page.request.get(`/api/v1/photographers/${user?.id ?? 0}`, {
      headers: { Authorization: `Bearer ${accessToken ?? ''}` },
    });
    expect(await profile.json()).toMatchObject({
      nickname: name,
      mainPhotographyTypes: ['CONCEPT', 'PROFILE', 'SNAP'],
      activeRegions: [
        { category: '서울', name: '강남구' },
        { category: '부산', name: '해운대구' },
      ],
    });
    expect(problems).toEqual([]);
  });

  test('a large picture is compressed before upload; a non-image is refused', async ({ page }) => {
    await kakaoLogin(page, uniqueAccount('big-image'));
    await onSignup(page);
    await page.getByText('사진작가로 시작하기').click();
    await next(page).click();
    await page.getByLabel('상호명 또는 활동명').fill(`큰사진 ${freshNickname('작')}`);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#signup-nickname-status')).toHaveText('사용 가능한 활동명입니다.');
    await page.getByText('여성', { exact: true }).click();
    await next(page).click();

    const input = page.locator('#signup-image');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    // The message, and 다른 사진 선택 (issue 44 item 17).
    await expect(page.getByRole('alert')).toContainText('이미지 파일이 아니에요.');

    const big = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: '#7b35d3',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(big.length).toBeGreaterThanOrEqual(3_145_728);
    // The server refuses files over 3 MB (413): an accepted upload is the compressed copy.
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/files') && r.request().method() === 'POST');
    await input.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
    expect((await uploaded).status()).toBe(201);
    await expect(page.getByText('사진을 올렸어요.')).toBeVisible({ timeout: 20_000 });
  });

  test('a returning member goes straight to /', async ({ page, baseURL }) => {
    const account = uniqueAccount('returning');
    const login = await signIn(baseURL ?? '', account);
    const nickname = freshNickname('돌아');
    const res = await fetch(`${baseURL ?? ''}/api/v1/users/me/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(login) },
      body: JSON.stringify({ nickname, gender: 'FEMALE', instagramId: null }),
    });
    expect(res.status).toBe(200);
    await kakaoLogin(page, account);
    await expect(page).toHaveURL(/\/$/);
    const { user, accessToken, refreshToken } = await session(page);
    expect(user).toEqual({ id: login.user.id, roles: ['USER'] });
    expect(accessToken).toBeTruthy();
    expect(refreshToken).toBeTruthy();
    // A registered member has nothing to do on /signup.
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a 401 from an API call signs the visitor out and lands on /', async ({ page }) => {
    await kakaoLogin(page, uniqueAccount('expired'));
    await onSignup(page);
    await page.getByText('사진작가로 시작하기').click();
    await next(page).click();
    await page.getByLabel('상호명 또는 활동명').fill(`만료 ${freshNickname('작')}`);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.locator('#signup-nickname-status')).toHaveText('사용 가능한 활동명입니다.');
    await page.getByText('여성', { exact: true }).click();
    await next(page).click();
    // The access token stops being valid (expired, revoked…): the upload answers 401.
    await page.evaluate(() => localStorage.setItem('accessToken', 'not-a-valid-token'));
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await page.locator('#signup-image').setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: png });
    await expect(page).toHaveURL(/\/$/);
    const after = await session(page);
    expect(after.user).toEqual({ id: -1, roles: [''] });
    expect(after.accessToken).toBeNull();
    expect(after.refreshToken).toBeTruthy();
  });
});
