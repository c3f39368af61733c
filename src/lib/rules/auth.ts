/**
 * The bodies of the token calls (POST /auth/login, /auth/refresh, /auth/logout). Their shapes are in
 * lib/contract.ts, which the browser's client (lib/api.ts) sends and the auth endpoints read.
 */
import {
  LOGIN_TYPES,
  MAX_AUTH_KEY_LENGTH,
  MAX_REFRESH_TOKEN_LENGTH,
  type LoginRequest,
  type RefreshRequest,
} from '#lib/contract';
import { isOneOf } from '#lib/domain';
import type { PayloadResult } from './result';

const malformed = (field: string, message: string) => ({ ok: false, kind: 'BAD_REQUEST', field, message }) as const;

export function validateLoginRequest(body: Record<string, unknown>): PayloadResult<LoginRequest> {
  const loginType = body['loginType'];
  if (!isOneOf(LOGIN_TYPES, loginType)) return malformed('loginType', 'loginType 은 KAKAO 여야 합니다.');
  const authKey = body['authKey'];
  if (typeof authKey !== 'string' || authKey.trim() === '' || authKey.length > MAX_AUTH_KEY_LENGTH) {
    return malformed('authKey', 'authKey 가 필요합니다.');
  }
  return { ok: true, value: { loginType, authKey: authKey.trim() } };
}

/** The body's refresh token, or null when it carries none that could exist. */
export function refreshTokenOf(body: Record<string, unknown>): string | null {
  const token = body['refreshToken'];
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_REFRESH_TOKEN_LENGTH ? token : null;
}

export function validateRefreshRequest(body: Record<string, unknown>): PayloadResult<RefreshRequest> {
  const refreshToken = refreshTokenOf(body);
  if (refreshToken === null) return malformed('refreshToken', 'refreshToken 이 필요합니다.');
  return { ok: true, value: { refreshToken } };
}
