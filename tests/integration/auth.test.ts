import { describe, expect, inject, it } from 'vitest';
import { bearer, kakaoAccessToken, signIn, uniqueAccount } from '../support/auth';

const base = inject('baseUrl');

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('Kakao stand-in', () => {
  it('shows a Korean authorize page listing demo accounts', async () => {
    const res = await fetch(
      `${base}/dev/kakao/oauth/authorize?client_id=x&redirect_uri=${base}/auth&response_type=code&state=s`,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('카카오');
    expect(html).toContain('demo-user');
  });

  it('maps the same account name to the same id, and a code works once', async () => {
    const redirect = `${base}/auth`;
    const first = await fetch(`${base}/dev/kakao/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: 'same-name', redirect_uri: redirect, state: 'abc' }),
    });
    const code = new URL(first.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchange = (c: string, r = redirect) =>
      fetch(`${base}/dev/kakao/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'demo-rest-api-key',
          redirect_uri: r,
          code: c,
        }),
      });
    const ok = await exchange(code);
    expect(ok.status).toBe(200);
    const token = (await ok.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token.token_type).toBe('bearer');
    expect((await exchange(code)).status).toBe(400);
    const me1 = await (await fetch(`${base}/dev/kakao/v2/user/me`, { headers: bearer(token.access_token) })).json();
    const me2 = await (
      await fetch(`${base}/dev/kakao/v2/user/me`, { headers: bearer(await kakaoAccessToken(base, 'same-name')) })
    ).json();
    expect((me1 as { id: number }).id).toBe((me2 as { id: number }).id);
    expect(me1).toMatchObject({ kakao_account: { profile: { nickname: 'same-name' } } });
    const unknown = await fetch(`${base}/dev/kakao/v2/user/me`, { headers: bearer('nope') });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: -401 });
  });

  it('rejects a code presented with another redirect URI', async () => {
    const res = await fetch(`${base}/dev/kakao/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: 'x', redirect_uri: `${base}/auth`, state: '' }),
    });
    const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const token = await fetch(`${base}/dev/kakao/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'demo-rest-api-key',
        redirect_uri: 'http://evil.example/auth',
        code,
      }),
    });
    expect(token.status).toBe(400);
  });
});

describe('POST /auth/login', () => {
  it('creates a new member (201, not registered), then answers 200', async () => {
    const account = uniqueAccount();
    const first = await signIn(base, account);
    expect(first.status).toBe(201);
    expect(first.isRegistrationCompleted).toBe(false);
    expect(first.user).toMatchObject({ type: 'UNDEFINED', roles: [], loginType: 'KAKAO' });
    expect(first.accessToken.value.split('.')).toHaveLength(3);
    expect(first.accessToken.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    const again = await signIn(base, account);
    expect(again.status).toBe(200);
    expect(again.user.id).toBe(first.user.id);
  });

  it('is 400 KAKAO_API for a token Kakao rejects, 400 BAD_REQUEST for a bad body', async () => {
    const bad = await post('/api/v1/auth/login', { loginType: 'KAKAO', authKey: 'forged' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'KAKAO_API' });
    for (const body of [{}, { loginType: 'NAVER', authKey: 'x' }, { loginType: 'KAKAO', authKey: 5 }]) {
      const res = await post('/api/v1/auth/login', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    const malformed = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"loginType":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const wrongMethod = await fetch(`${base}/api/v1/auth/login`);
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });
});

describe('tokens', () => {
  it('GET /users/me needs a valid access token; Bearer null is anonymous', async () => {
    const session = await signIn(base, uniqueAccount());
    const ok = await fetch(`${base}/api/v1/users/me`, { headers: bearer(session) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: session.user.id, loginType: 'KAKAO' });
    for (const header of [
      'Bearer null',
      'Bearer ',
      'Basic abc',
      `Bearer ${session.refreshToken.value}`,
      'Bearer a.b.c',
    ]) {
      const res = await fetch(`${base}/api/v1/users/me`, { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'INVALID_AUTH_CREDENTIALS' });
    }
  });

  it('rotates refresh tokens; a second tab presenting the just-spent one gets the same successor', async () => {
    const session = await signIn(base, uniqueAccount());
    type Pair = { accessToken: { value: string }; refreshToken: { value: string } };
    const [r1, r2] = await Promise.all([
      post('/api/v1/auth/refresh', { refreshToken: session.refreshToken.value }),
      post('/api/v1/auth/refresh', { refreshToken: session.refreshToken.value }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const [pair, twin] = [(await r1.json()) as Pair, (await r2.json()) as Pair];
    expect(pair.refreshToken.value).not.toBe(session.refreshToken.value);
    expect(twin.refreshToken.value).toBe(pair.refreshToken.value);
    for (const p of [pair, twin])
      expect((await fetch(`${base}/api/v1/users/me`, { headers: bearer(p.accessToken.value) })).status).toBe(200);
    const next = await post('/api/v1/auth/refresh', { refreshToken: pair.refreshToken.value });
    expect(next.status).toBe(200);
    // (A replay after the grace window revokes the chain: tests/integration/auth-tokens.test.ts.)
  });

  it('logout revokes the refresh token, ends its access token at once and is idempotent', async () => {
    const account = uniqueAccount();
    const session = await signIn(base, account);
    const other = await signIn(base, account);
    expect((await fetch(`${base}/api/v1/users/me`, { headers: bearer(session) })).status).toBe(200);
    expect((await post('/api/v1/auth/logout', { refreshToken: session.refreshToken.value })).status).toBe(204);
    const after = await fetch(`${base}/api/v1/users/me`, { headers: bearer(session) });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: 'INVALID_AUTH_CREDENTIALS' });
    expect((await fetch(`${base}/api/v1/users/me`, { headers: bearer(other) })).status).toBe(200);
    expect((await post('/api/v1/auth/logout', { refreshToken: session.refreshToken.value })).status).toBe(204);
    expect((await post('/api/v1/auth/logout', { refreshToken: session.refreshToken.value })).status).toBe(204);
    expect((await post('/api/v1/auth/refresh', { refreshToken: session.refreshToken.value })).status).toBe(401);
  });
});

describe('withdrawal', () => {
  it('deletes the member: the old token is 401 and signing in again creates a new member', async () => {
    const account = uniqueAccount();
    const session = await signIn(base, account);
    const del = await fetch(`${base}/api/v1/users/me`, { method: 'DELETE', headers: bearer(session) });
    expect(del.status).toBe(200);
    expect(await del.text()).toBe('');
    expect((await fetch(`${base}/api/v1/users/me`, { headers: bearer(session) })).status).toBe(401);
    const again = await signIn(base, account);
    expect(again.status).toBe(201);
    expect(again.user.id).not.toBe(session.user.id);
  });
});
