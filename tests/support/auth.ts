/**
 * Signing in for HTTP tests, through the real Kakao stand-in flow:
 * authorize form → code → token endpoint → POST /api/v1/auth/login.
 */
export interface TokenValue {
  value: string;
  expiresAt: string;
}

export interface LoginAnswer {
  status: number;
  isRegistrationCompleted: boolean;
  user: { id: number; type: string; roles: string[]; nickname: string };
  accessToken: TokenValue;
  refreshToken: TokenValue;
}

export const DEMO_CLIENT_ID = 'demo-rest-api-key';

export async function kakaoAccessToken(base: string, account: string): Promise<string> {
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
  return ((await token.json()) as { access_token: string }).access_token;
}

export async function signIn(base: string, account: string): Promise<LoginAnswer> {
  const authKey = await kakaoAccessToken(base, account);
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 'KAKAO', authKey }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return { status: res.status, ...((await res.json()) as Omit<LoginAnswer, 'status'>) };
}

export function bearer(token: string | { accessToken: TokenValue }): Record<string, string> {
  return { authorization: `Bearer ${typeof token === 'string' ? token : token.accessToken.value}` };
}

let counter = 0;
/** A unique account name per call (tests share one database). */
export function uniqueAccount(prefix = 'tester'): string {
  counter++;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** A unique valid user nickname (2–7 chars of Hangul/Latin/digits). */
export function uniqueNickname(): string {
  counter++;
  return `t${((Date.now() % 46_656) + counter * 7919).toString(36).slice(-4)}${counter % 10}`.slice(0, 7);
}
