/**
 * Clients on other origins (issue 18): CORS by CORS_ORIGINS on every API answer — the app's, the page
 * cache's and the ones the server makes before the app — and on the Kakao stand-in's token endpoint,
 * whose authorize page returns only to /auth of our origin or a listed one. Also the answers made before
 * the app (raw UTF-8 in the URL, unknown methods) and ACCESS_TOKEN_TTL_SECONDS.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, newUser, type Session } from '../support/api';
import { uniqueAccount } from '../support/auth';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, isErrorEnvelope, parseJson, rawRequest } from '../security/lib';

const LISTED = 'http://localhost:4412';
const ALSO_LISTED = 'https://app.damabwa.example';
const UNLISTED = 'http://evil.example';
const TTL = 7200;

let server: RunningServer;
let base = '';
let user: Session;

beforeAll(async () => {
  server = await startServer({
    CORS_ORIGINS: `${LISTED}, ${ALSO_LISTED}/`,
    ACCESS_TOKEN_TTL_SECONDS: String(TTL),
    BODY_LIMIT_BYTES: '4096',
  });
  base = server.url;
  user = await newUser(base);
}, 60_000);

afterAll(async () => {
  if (server) {
    closeAgent(server.url);
    await server.stop();
  }
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${base}${path}`, { method, headers });

function expectCors(res: Response, origin: string): void {
  expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  expect(res.headers.get('access-control-expose-headers')).toBe('Location, Retry-After, X-Request-Id');
  expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  expect(res.headers.get('vary') ?? '').toMatch(/\bOrigin\b/);
}

function expectNoCors(res: Response): void {
  for (const name of res.headers.keys()) expect(name).not.toMatch(/^access-control-/);
}

describe('preflight', () => {
  it('answers a listed origin 204 with the methods, headers and max age', async () => {
    const res = await get(
      '/api/v1/promotions',
      { origin: LISTED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      'OPTIONS',
    );
    expect(res.status).toBe(204);
    expectCors(res, LISTED);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives an unlisted origin no CORS header (the browser blocks the call)', async () => {
    const res = await get(
      '/api/v1/promotions',
      { origin: UNLISTED, 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(res.status).toBe(405);
    expectNoCors(res);
    expect(isErrorEnvelope(await res.json())).toBe(true);
  });
});

describe('answers', () => {
  it('name the listed origin; an unlisted origin gets none, and Vary: Origin', async () => {
    const read = await get('/api/v1/users/me', { origin: LISTED, authorization: `Bearer ${user.token}` });
    expect(read.status).toBe(200);
    expectCors(read, LISTED);
    const other1 = await fetch(`${base}/api/v1/users/nicknames/existence?nickname=abc`, {
      headers: { origin: ALSO_LISTED },
    });
    expectCors(other1, ALSO_LISTED);
    const other = await get('/api/v1/users/me', { origin: UNLISTED, authorization: `Bearer ${user.token}` });
    expect(other.status).toBe(200);
    expectNoCors(other);
    expect(other.headers.get('vary') ?? '').toMatch(/\bOrigin\b/);
  });

  it("on the page cache's answers, each caller gets its own origin (the stored copy keeps none)", async () => {
    const path = `/api/v1/promotions/list?pageSize=7&q=${Date.now()}`;
    const first = await get(path, { origin: LISTED, 'accept-encoding': 'gzip' });
    expectCors(first, LISTED);
    const hitOther = await get(path, { origin: ALSO_LISTED, 'accept-encoding': 'gzip' });
    expect(hitOther.headers.get('x-page-cache')).toBe('hit');
    expectCors(hitOther, ALSO_LISTED);
    expect(hitOther.headers.get('vary')).toMatch(/Accept-Encoding/);
    const hitUnlisted = await get(path, { origin: UNLISTED });
    expect(hitUnlisted.headers.get('x-page-cache')).toBe('hit');
    expectNoCors(hitUnlisted);
    const hitNone = await get(path);
    expectNoCors(hitNone);
  });

  it('on errors: 401, 404, 413 made before the app, 405 for TRACE', async () => {
    const unauthorized = await get('/api/v1/users/me', { origin: LISTED });
    expect(unauthorized.status).toBe(401);
    expectCors(unauthorized, LISTED);
    const missing = await get('/api/v1/no/such', { origin: LISTED });
    expect(missing.status).toBe(404);
    expectCors(missing, LISTED);
    const tooLarge = await fetch(`${base}/api/v1/users/me/profile`, {
      method: 'PUT',
      headers: { origin: LISTED, 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ nickname: 'x'.repeat(10_000) }),
    });
    expect(tooLarge.status).toBe(413);
    expectCors(tooLarge, LISTED);
    const trace = await rawRequest(base, {
      method: 'TRACE',
      path: '/api/v1/promotions/list',
      headers: { origin: LISTED },
    });
    expect(trace.status).toBe(405);
    expect(trace.headers['access-control-allow-origin']).toBe(LISTED);
  });

  it('never on pages or files', async () => {
    const page = await get('/', { origin: LISTED });
    expectNoCors(page);
  });
});

describe('the Kakao stand-in', () => {
  const authorize = (redirectUri: string) =>
    fetch(`${base}/dev/kakao/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: uniqueAccount('cors'), redirect_uri: redirectUri, state: 's' }),
    });

  it('returns only to /auth of our origin or a listed one', async () => {
    for (const ok of [`${base}/auth`, `${LISTED}/auth`, `${ALSO_LISTED}/auth?from=app`]) {
      const res = await authorize(ok);
      expect(res.status, ok).toBe(302);
      expect(new URL(res.headers.get('location') ?? '').origin).toBe(new URL(ok).origin);
    }
    for (const bad of [
      `${UNLISTED}/auth`,
      `${base}/login`,
      `${LISTED}/auth/elsewhere`,
      `http://user:pw@localhost:4412/auth`,
      'javascript:alert(1)//auth',
      '/auth',
    ]) {
      const res = await authorize(bad);
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it("answers a listed origin's token request with its origin, an unlisted one without", async () => {
    const redirectUri = `${LISTED}/auth`;
    const code = new URL((await authorize(redirectUri)).headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchange = (origin: string, c: string) =>
      fetch(`${base}/dev/kakao/oauth/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'demo-rest-api-key',
          redirect_uri: redirectUri,
          code: c,
        }),
      });
    const ok = await exchange(LISTED, code);
    expect(ok.status).toBe(200);
    expectCors(ok, LISTED);
    const spent = await exchange(UNLISTED, code);
    expect(spent.status).toBe(400);
    expectNoCors(spent);
  });
});

describe('answers made before the app', () => {
  it('raw UTF-8 in the query string: 400 envelope with the security headers', async () => {
    const raw = Buffer.from('/api/v1/users/nicknames/existence?nickname=담아봐유저').toString('latin1');
    const res = await rawRequest(base, { method: 'GET', path: raw });
    expect(res.status).toBe(400);
    expect(isErrorEnvelope(parseJson(res.text))).toBe(true);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const head = await rawRequest(base, { method: 'HEAD', path: raw });
    expect(head.status).toBe(400);
    expect(head.body.length).toBe(0);
    // …and the server goes on answering.
    expect((await get('/api/v1/users/nicknames/existence?nickname=%EB%8B%B4%EC%95%84')).status).toBe(200);
  });

  it('TRACE and other methods no route takes: 405 envelope with Allow and the security headers', async () => {
    for (const [method, path] of [
      ['TRACE', '/api/v1/promotions/list'],
      ['TRACE', '/'],
      ['PROPFIND', '/events'],
    ] as const) {
      const res = await rawRequest(base, { method, path });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(isErrorEnvelope(parseJson(res.text))).toBe(true);
      expect(res.headers['allow']).toContain('GET');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('ACCESS_TOKEN_TTL_SECONDS', () => {
  it('sets the access token lifetime (expiresAt and the JWT exp)', async () => {
    const before = Date.now();
    const res = await call(base, 'GET', '/api/v1/users/me', { token: user.token });
    expect(res.status).toBe(200);
    const [, payload = ''] = user.accessToken.value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(TTL);
    const expires = Date.parse(user.accessToken.expiresAt);
    expect(Math.abs(expires - (before + TTL * 1000))).toBeLessThan(120_000);
  });
});

describe('without CORS_ORIGINS (the default)', () => {
  it('answers no CORS header to any origin, and a preflight is 405', async () => {
    const sameOnly = inject('baseUrl');
    const res = await fetch(`${sameOnly}/api/v1/promotions/list`, { headers: { origin: LISTED } });
    expectNoCors(res);
    const pre = await fetch(`${sameOnly}/api/v1/promotions`, {
      method: 'OPTIONS',
      headers: { origin: LISTED, 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(405);
    expectNoCors(pre);
  });
});
