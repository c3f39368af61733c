/**
 * A client on another origin (issue 18), in Chromium: a small page served by a static server this test
 * starts on port E2E_PORT+10 calls the API of the server under test. As `http://localhost:<port>` (listed
 * in CORS_ORIGINS by playwright.config.ts) it lists events, signs in through the Kakao stand-in (authorize
 * page → its own /auth → token endpoint → login), registers (saves a profile), uploads a picture, saves an
 * event and creates one. As `http://127.0.0.1:<port>` (the same page, an origin not listed) the browser
 * blocks every one of those calls, and the stand-in refuses to return to it.
 */
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';

const apiPort = Number(process.env['E2E_PORT'] ?? 4399);
const clientPort = apiPort + 10;
const API = `http://localhost:${apiPort}`;
const LISTED = `http://localhost:${clientPort}`;
const UNLISTED = `http://127.0.0.1:${clientPort}`;

/**
 * The other origin's page: on /auth it finishes the Kakao sign-in as our own client does (token
 * endpoint, then POST /auth/login) and keeps the access token in `window.session`.
 */
const CLIENT_PAGE = `<!doctype html>
<html lang="ko"><meta charset="utf-8"><title>다른 출처의 클라이언트</title>
<a id="login" href="#">카카오로 로그인</a>
<output id="status">ready</output>
<script>
  const API = ${JSON.stringify(API)};
  const redirectUri = location.origin + '/auth';
  document.getElementById('login').href = API + '/dev/kakao/oauth/authorize?' + new URLSearchParams({
    response_type: 'code', client_id: 'demo-rest-api-key', redirect_uri: redirectUri, state: 'other-origin',
  });
  window.api = async (method, path, body, token) => {
    const headers = {};
    if (token) headers.Authorization = 'Bearer ' + token;
    if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
    const res = await fetch(API + path, {
      method, headers, body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, location: res.headers.get('Location') };
  };
  window.signIn = (async () => {
    if (location.pathname !== '/auth') return null;
    const params = new URLSearchParams(location.search);
    const token = await fetch(API + '/dev/kakao/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code', client_id: 'demo-rest-api-key', redirect_uri: redirectUri,
        code: params.get('code') || '',
      }),
    }).then((r) => r.json());
    const login = await window.api('POST', '/api/v1/auth/login', { loginType: 'KAKAO', authKey: token.access_token });
    window.session = login.body;
    document.getElementById('status').textContent = 'signed-in ' + login.status;
    return login;
  })().catch((e) => { document.getElementById('status').textContent = 'failed ' + e; throw e; });
</script>
</html>`;

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let client: http.Server;

test.beforeAll(async () => {
  client = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(CLIENT_PAGE);
  });
  await new Promise<void>((resolve) => client.listen(clientPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => client.close(() => resolve()));
});

/** Uploads a picture from the page (multipart with a bearer header: a preflighted request). */
function uploadFrom(page: Page, token: string, fileType: string) {
  return page.evaluate(
    async ([t, type, png]) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('fileType', type);
      form.append('files', new Blob([bytes], { type: 'image/png' }), 'photo.png');
      const w = window as unknown as { api: (...a: unknown[]) => Promise<{ status: number; body: unknown }> };
      return w.api('POST', '/api/v1/files', form, t);
    },
    [token, fileType, PNG] as const,
  );
}

const call = (page: Page, method: string, path: string, body?: unknown, token?: string) =>
  page.evaluate(
    ([m, p, b, t]) => {
      const w = window as unknown as {
        api: (...a: unknown[]) => Promise<{ status: number; body: unknown; location: string | null }>;
      };
      return w.api(m, p, b ?? undefined, t ?? undefined);
    },
    [method, path, body ?? null, token ?? null] as const,
  );

const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

test('a listed origin lists, signs in through the stand-in, saves, uploads and creates an event', async ({ page }) => {
  await page.goto(`${LISTED}/`);
  const list = await call(page, 'GET', '/api/v1/promotions/list?pageSize=5');
  expect(list.status).toBe(200);
  const items = (list.body as { items: { id: number }[] }).items;
  expect(items.length).toBeGreaterThan(0);

  await page.locator('#login').click();
  await expect(page).toHaveURL(/\/dev\/kakao\/oauth\/authorize\?/);
  await page.getByLabel('새 계정 이름').fill(`다른출처-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await expect(page).toHaveURL(new RegExp(`^${LISTED}/auth\\?code=`));
  await expect(page.locator('#status')).toHaveText(/^signed-in 20[01]$/);
  const token = await page.evaluate(
    () => (window as unknown as { session: { accessToken: { value: string } } }).session.accessToken.value,
  );

  const profile = await uploadFrom(page, token, 'USER_PROFILE_IMAGE');
  expect(profile.status).toBe(201);
  const profileImage = (profile.body as { files: { name: string; url: string }[] }).files[0];
  const registered = await call(
    page,
    'POST',
    '/api/v1/photographers/me/registration',
    {
      nickname: `출처작가${Date.now().toString(36).slice(-3)}`,
      gender: 'FEMALE',
      instagramId: null,
      profileImage,
      mainPhotographyTypes: ['SNAP'],
      activeRegions: [{ category: '서울', name: '마포구' }],
    },
    token,
  );
  expect(registered.status).toBe(200);

  const saved = await call(page, 'POST', `/api/v1/promotions/${items[0]?.id}/save`, undefined, token);
  expect(saved.status).toBe(204);

  const banner = await uploadFrom(page, token, 'PROMOTION_IMAGE');
  expect(banner.status).toBe(201);
  const created = await call(
    page,
    'POST',
    '/api/v1/promotions',
    {
      promotionType: 'FREE',
      title: '다른 출처에서 올린 이벤트',
      content: '다른 출처의 클라이언트가 만든 이벤트입니다.',
      externalLink: 'open.kakao.com/o/other-origin',
      startedAt: today(),
      endedAt: today(),
      photographyTypes: ['SNAP'],
      images: (banner.body as { files: unknown[] }).files,
      activeRegions: [{ category: '서울', name: '마포구' }],
      hashtags: ['다른출처'],
    },
    token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body).toMatchObject({ externalLink: 'https://open.kakao.com/o/other-origin' });
  // Location is exposed to the other origin.
  expect(created.location).toMatch(/\/promotions\/\d+$/);
});

test('an unlisted origin is blocked by the browser, and the stand-in does not return to it', async ({ page }) => {
  // A token made on the listed origin, to show the calls fail for the origin, not for the token.
  await page.goto(`${LISTED}/`);
  await page.locator('#login').click();
  await page.getByLabel('새 계정 이름').fill(`막힌출처-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await expect(page.locator('#status')).toHaveText(/^signed-in 20[01]$/);
  const token = await page.evaluate(
    () => (window as unknown as { session: { accessToken: { value: string } } }).session.accessToken.value,
  );

  await page.goto(`${UNLISTED}/`);
  const blocked = (p: Promise<unknown>) =>
    p.then(
      () => 'answered',
      (e: unknown) => String(e),
    );
  expect(await blocked(call(page, 'GET', '/api/v1/promotions/list?pageSize=5'))).toMatch(/Failed to fetch/);
  expect(await blocked(call(page, 'GET', '/api/v1/users/me', undefined, token))).toMatch(/Failed to fetch/);
  expect(await blocked(call(page, 'POST', '/api/v1/promotions/1/save', undefined, token))).toMatch(/Failed to fetch/);
  expect(await blocked(uploadFrom(page, token, 'PROMOTION_IMAGE'))).toMatch(/Failed to fetch/);
  expect(await blocked(call(page, 'POST', '/api/v1/promotions', { title: 'x' }, token))).toMatch(/Failed to fetch/);

  await page.locator('#login').click();
  await page.getByRole('button', { name: /demo-user/ }).click();
  await expect(page.locator('body')).toContainText('redirect_uri');
  expect(page.url()).toContain(`${API}/dev/kakao/oauth/authorize`);
});
