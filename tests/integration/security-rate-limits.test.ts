/**
 * Rate limits on a server of its own with small limits and a 6-second window (RATE_LIMIT_WINDOW_MS):
 * sign-in and refresh per client address (behind a proxy: the hop the proxy appended, not one the
 * client made up), uploads and every write endpoint per member. Past the limit: 429
 * TOO_MANY_REQUESTS with an honest Retry-After; after it, the caller is served again; other callers
 * are never affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, picture, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { apiEndpointFiles, closeAgent, isErrorEnvelope, parseJson, signInWith, sleep } from '../security/lib';

const LIMIT = { auth: 3, upload: 2, write: 3 };
const WINDOW_MS = 6_000;
const WINDOW_S = Math.ceil(WINDOW_MS / 1000);

let server: RunningServer;
let base = '';
let ip = 0;
/** A distinct client address per sign-in, so setting up members never spends the tested budget. */
const nextIp = () => `203.0.113.${++ip}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function send(
  method: string,
  path: string,
  init: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers['authorization'] = `Bearer ${init.token}`;
  let body: BodyInit | null = null;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: parseJson(text) };
}

/** The answer is the 429 of the contract: envelope, code, Retry-After within the window. */
function expectLimited(a: Answer, label: string): number {
  expect(a.status, label).toBe(429);
  expect(isErrorEnvelope(a.body) && a.body.code, label).toBe('TOO_MANY_REQUESTS');
  expect(a.retryAfter, label).toMatch(/^\d+$/);
  const seconds = Number(a.retryAfter);
  expect(seconds, label).toBeGreaterThanOrEqual(1);
  expect(seconds, label).toBeLessThanOrEqual(WINDOW_S);
  return seconds;
}

async function member(): Promise<Session> {
  const s = await signInWith(base, { 'x-forwarded-for': nextIp() });
  return { ...s, token: s.accessToken.value };
}

async function registered(kind: 'USER' | 'PHOTOGRAPHER'): Promise<Session> {
  const s = await member();
  const nickname = `u${Math.random().toString(36).slice(2, 8)}`;
  if (kind === 'USER') {
    const res = await send('POST', '/api/v1/users/me/registration', {
      token: s.token,
      json: { nickname, gender: 'FEMALE', instagramId: null },
    });
    expect(res.status).toBe(200);
    return s;
  }
  const form = new FormData();
  form.append('fileType', 'USER_PROFILE_IMAGE');
  form.append('files', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'me.png');
  const up = await send('POST', '/api/v1/files', { token: s.token, form });
  expect(up.status).toBe(201);
  const [profileImage] = (up.body as { files: { name: string; url: string }[] }).files;
  const res = await send('POST', '/api/v1/photographers/me/registration', {
    token: s.token,
    json: {
      nickname: `한도 작가 ${Math.random().toString(36).slice(2, 8)}`,
      gender: 'MALE',
      instagramId: null,
      profileImage,
      mainPhotographyTypes: ['SNAP'],
      activeRegions: [{ category: '서울', name: '강남구' }],
    },
  });
  expect(res.status).toBe(200);
  return s;
}

/**
 * Every write endpoint and who may call it. Bodies and ids may be invalid: the limit is counted before
 * the body is read, so a flood of bad requests is limited too. Exempt, with the reason:
 */
const EXEMPT: Record<string, string> = {
  'POST /api/v1/auth/login': 'per client address (tested below)',
  'POST /api/v1/auth/refresh': 'per client address (tested below)',
  'POST /api/v1/auth/logout': 'only revokes a token the caller holds; idempotent',
  'DELETE /api/v1/users/me': 'withdrawal happens once per member',
  'POST /api/v1/files': 'the upload limit (tested below)',
  'POST /api/v1/search/popular': 'per client address; past it a search is not counted, still 204 (tested below)',
  // ADMIN only: everyone else gets 403 before any limit; an admin's moderation counts in their write budget.
  'POST /api/v1/admin/promotions/{id}/hide': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/promotions/{id}/unhide': 'ADMIN only (limitWrite after requireAdmin)',
  'DELETE /api/v1/admin/promotions/{id}': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/photographers/{id}/hide': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/photographers/{id}/unhide': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/reports/{id}/dismiss': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/reports/dismiss-by-reporter': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/reviews/{id}/hide': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/reviews/{id}/unhide': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/promotions/{id}/keep-hidden': 'ADMIN only (limitWrite after requireAdmin)',
  'POST /api/v1/admin/photographers/{id}/keep-hidden': 'ADMIN only (limitWrite after requireAdmin)',
};
const MISSING = 2_000_000_000;
// Saving and event edits need a finished registration (403 REGISTRATION_REQUIRED before any limit).
const WRITES: { key: string; who: 'member' | 'USER' | 'PHOTOGRAPHER'; path?: string; json?: unknown }[] = [
  { key: 'POST /api/v1/users/me/registration', who: 'member', json: {} },
  { key: 'PUT /api/v1/users/me/profile', who: 'USER', json: {} },
  { key: 'PATCH /api/v1/users/me/profile', who: 'USER', json: {} },
  { key: 'POST /api/v1/photographers/me/registration', who: 'member', json: {} },
  { key: 'PUT /api/v1/photographers/me/profile', who: 'PHOTOGRAPHER', json: {} },
  { key: 'PATCH /api/v1/photographers/me/profile', who: 'PHOTOGRAPHER', json: {} },
  { key: 'PUT /api/v1/photographers/me/page', who: 'PHOTOGRAPHER', json: {} },
  { key: 'PATCH /api/v1/photographers/me/page', who: 'PHOTOGRAPHER', json: {} },
  { key: 'POST /api/v1/photographers/{id}/save', who: 'USER' },
  { key: 'DELETE /api/v1/photographers/{id}/unsave', who: 'USER' },
  { key: 'POST /api/v1/promotions', who: 'PHOTOGRAPHER', json: {} },
  { key: 'PUT /api/v1/promotions/{id}', who: 'USER', json: {} },
  { key: 'PATCH /api/v1/promotions/{id}', who: 'USER', json: {} },
  { key: 'DELETE /api/v1/promotions/{id}', who: 'USER' },
  { key: 'POST /api/v1/promotions/{id}/save', who: 'USER' },
  { key: 'DELETE /api/v1/promotions/{id}/unsave', who: 'USER' },
  { key: 'POST /api/v1/reports', who: 'USER', json: {} },
  { key: 'POST /api/v1/promotions/{id}/applications', who: 'USER', json: {} },
  { key: 'PUT /api/v1/applications/{id}', who: 'USER', json: {} },
  { key: 'PATCH /api/v1/applications/{id}', who: 'USER', json: {} },
  { key: 'POST /api/v1/applications/{id}/transitions', who: 'USER', json: {} },
  { key: 'POST /api/v1/applications/{id}/review', who: 'USER', json: {} },
  { key: 'PATCH /api/v1/reviews/{id}', who: 'USER', json: {} },
  { key: 'DELETE /api/v1/reviews/{id}', who: 'USER' },
  { key: 'POST /api/v1/reviews/{id}/reply', who: 'PHOTOGRAPHER', json: {} },
  { key: 'POST /api/v1/users/me/consents', who: 'USER', json: {} },
  { key: 'DELETE /api/v1/users/me/consents/{kind}', who: 'USER' },
  { key: 'POST /api/v1/users/me/notifications/read', who: 'USER', json: {} },
  { key: 'PUT /api/v1/users/me/notification-settings', who: 'USER', json: {} },
  { key: 'POST /api/v1/users/me/push-subscriptions', who: 'USER', json: {} },
  { key: 'DELETE /api/v1/users/me/push-subscriptions', who: 'USER', json: {} },
  { key: 'POST /api/v1/promotions/{id}/review-request', who: 'USER' },
  { key: 'POST /api/v1/photographers/me/review-request', who: 'USER' },
];

beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT_AUTH: String(LIMIT.auth),
    RATE_LIMIT_UPLOAD: String(LIMIT.upload),
    RATE_LIMIT_WRITE: String(LIMIT.write),
    RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
    TRUST_PROXY: 'true',
  });
  base = server.url;
}, 120_000);

afterAll(async () => {
  if (server) {
    closeAgent(server.url);
    await server.stop();
  }
});

// Nothing here depends on the database: the PostgreSQL pass skips it (the fuzzer and tests/load run there).
describe.skipIf(process.env['TEST_DATABASE'] === 'postgres')('rate limits', () => {
  it('lists every write endpoint as limited or exempt (a new write endpoint must choose)', () => {
    const writes = apiEndpointFiles().flatMap((f) =>
      f.methods.filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)).map((m) => `${m} ${f.route}`),
    );
    const listed = new Set([...WRITES.map((w) => w.key), ...Object.keys(EXEMPT)]);
    expect(writes.filter((w) => !listed.has(w))).toEqual([]);
    expect([...listed].filter((w) => !writes.includes(w))).toEqual([]);
  });

  it('limits sign-in and refresh per client address, not per made-up X-Forwarded-For hop, and recovers', async () => {
    const login = (xff: string) =>
      send('POST', '/api/v1/auth/login', {
        headers: { 'x-forwarded-for': xff },
        json: { loginType: 'KAKAO', authKey: 'not-a-kakao-token' },
      });
    const a = '198.51.100.7';
    for (let i = 0; i < LIMIT.auth; i++) expect((await login(a)).status).toBe(400);
    expectLimited(await login(a), 'login past the limit');
    // The proxy appends the real address last; whatever the client put before it changes nothing.
    for (let i = 0; i < 5; i++) expectLimited(await login(`10.${i}.0.1, 172.16.${i}.9, ${a}`), 'spoofed first hop');
    // Another address is not affected.
    expect((await login('198.51.100.8')).status).toBe(400);

    const refresh = (xff: string) =>
      send('POST', '/api/v1/auth/refresh', { headers: { 'x-forwarded-for': xff }, json: { refreshToken: 'unknown' } });
    const b = '198.51.100.9';
    for (let i = 0; i < LIMIT.auth; i++) expect((await refresh(b)).status).toBe(401);
    const wait = expectLimited(await refresh(b), 'refresh past the limit');

    await sleep(wait * 1000 + 150);
    expect((await login(a)).status).toBe(400);
    expect((await refresh(b)).status).toBe(401);
  }, 60_000);

  it('counts at most the limit of one address’s searches toward the popular list', async () => {
    // Only searches that find something are counted: one event for both keywords.
    const author = await registered('PHOTOGRAPHER');
    await createEvent(base, author.token, { title: '한도시험 가족 스냅' });
    const count = (keyword: string, xff: string) =>
      send('POST', '/api/v1/search/popular', { headers: { 'x-forwarded-for': xff }, json: { keyword } });
    // One address repeats 한도시험 ten times; 가족 스냅 is searched once each from four addresses.
    for (let i = 0; i < 10; i++) expect((await count('한도시험', '198.51.100.20')).status).toBe(204);
    for (let i = 0; i < 4; i++) expect((await count('가족 스냅', `198.51.100.${30 + i}`)).status).toBe(204);
    const popular = await send('GET', '/api/v1/search/popular');
    expect(popular.status).toBe(200);
    // 한도시험 counted LIMIT.write times (3), 가족 스냅 four: the one address did not push its keyword first.
    expect((popular.body as { keywords: string[] }).keywords.slice(0, 2)).toEqual(['가족 스냅', '한도시험']);
  }, 60_000);

  it('limits uploads per member and recovers', async () => {
    const [one, two] = await Promise.all([member(), member()]);
    const uploadAs = async (s: Session) => {
      const form = new FormData();
      // Members who have not registered may upload their profile picture (one file) only.
      form.append('fileType', 'USER_PROFILE_IMAGE');
      form.append('files', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'p.png');
      return send('POST', '/api/v1/files', { token: s.token, form });
    };
    for (let i = 0; i < LIMIT.upload; i++) expect((await uploadAs(one)).status).toBe(201);
    const wait = expectLimited(await uploadAs(one), 'upload past the limit');
    expect((await uploadAs(two)).status).toBe(201);
    await sleep(wait * 1000 + 150);
    expect((await uploadAs(one)).status).toBe(201);
  }, 60_000);

  it('limits every write endpoint per member, leaves other members alone, and recovers', async () => {
    const callers = await Promise.all(
      WRITES.map(async (w) => ({
        w,
        s: w.who === 'member' ? await member() : await registered(w.who),
        other: await member(),
      })),
    );
    // Setting up spent some writes (registration); start every member on a fresh window.
    await sleep(WINDOW_MS + 200);
    const call = (w: (typeof WRITES)[number], s: Session) => {
      const [method, route] = w.key.split(' ') as [string, string];
      return send(method, route.replace('{id}', String(MISSING)), { token: s.token, json: w.json });
    };
    const waits = await Promise.all(
      callers.map(async ({ w, s, other }) => {
        for (let i = 0; i < LIMIT.write; i++) {
          const a = await call(w, s);
          expect(a.status, `${w.key} #${i + 1}`).not.toBe(429);
          expect(a.status, `${w.key} #${i + 1}`).toBeLessThan(500);
        }
        const wait = expectLimited(await call(w, s), `${w.key} past the limit`);
        expect((await call(w, other)).status, `${w.key} by another member`).not.toBe(429);
        return wait;
      }),
    );
    await sleep(Math.max(...waits) * 1000 + 150);
    for (const { w, s } of callers) expect((await call(w, s)).status, `${w.key} after the window`).not.toBe(429);
  }, 120_000);
});
