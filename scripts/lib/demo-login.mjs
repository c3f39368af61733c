/**
 * Signing in through the Kakao stand-in of demo mode, as a browser would: authorize form → code → token
 * endpoint → POST /api/v1/auth/login. Used by the HTTP tests (tests/support/auth.ts) and the bench.
 */
import { URLSearchParams } from 'node:url';

export const DEMO_CLIENT_ID = 'demo-rest-api-key';

/**
 * The stand-in's Kakao access token for an account name (any name makes a new Kakao account).
 * @param {string} base the server's origin
 * @param {string} account
 * @returns {Promise<string>}
 */
export async function kakaoAccessToken(base, account) {
  const redirectUri = `${base}/auth`;
  const authorize = await fetch(`${base}/dev/kakao/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, redirect_uri: redirectUri, state: 'test-state' }),
  });
  if (authorize.status !== 302) throw new Error(`authorize answered ${authorize.status}`);
  const location = new URL(authorize.headers.get('location') ?? '');
  const code = location.searchParams.get('code');
  if (!code || location.searchParams.get('state') !== 'test-state') throw new Error(`bad redirect ${location.href}`);
  const token = await fetch(`${base}/dev/kakao/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: DEMO_CLIENT_ID,
      redirect_uri: redirectUri,
      code,
    }),
  });
  if (token.status !== 200) throw new Error(`token answered ${token.status}: ${await token.text()}`);
  const answer = /** @type {{ access_token: string }} */ (await token.json());
  return answer.access_token;
}

/**
 * POST /api/v1/auth/login with the stand-in's token: the login answer and its HTTP status.
 * @param {string} base
 * @param {string} account
 * @returns {Promise<{ status: number } & Record<string, unknown>>}
 */
export async function demoLogin(base, account) {
  const authKey = await kakaoAccessToken(base, account);
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 'KAKAO', authKey }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return { status: res.status, .../** @type {Record<string, unknown>} */ (await res.json()) };
}
