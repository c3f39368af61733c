/**
 * Signing in for HTTP tests, through the real Kakao stand-in flow (scripts/lib/demo-login.mjs):
 * authorize form → code → token endpoint → POST /api/v1/auth/login.
 */
import { demoLogin } from '../../scripts/lib/demo-login.mjs';

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

export { DEMO_CLIENT_ID, kakaoAccessToken } from '../../scripts/lib/demo-login.mjs';

export async function signIn(base: string, account: string): Promise<LoginAnswer> {
  return (await demoLogin(base, account)) as unknown as LoginAnswer;
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
