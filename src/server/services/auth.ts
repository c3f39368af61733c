/**
 * Sign-in with Kakao and the token lifecycle.
 */
import { getDb } from '../db/index';
import { badRequest } from '../http/errors';
import { fetchKakaoAccount } from '../kakao/client';
import { issueTokenPair, revokeRefreshToken, rotateRefreshToken, type TokenPair } from '../auth/tokens';
import type { UserResponse } from '../../lib/contract';
import { findOrCreateByKakaoId, toUserResponse } from './members';

export interface LoginResult extends TokenPair {
  isRegistrationCompleted: boolean;
  user: UserResponse;
}

export function parseLoginBody(body: Record<string, unknown>): { authKey: string } {
  if (body['loginType'] !== 'KAKAO') throw badRequest('loginType 은 KAKAO 여야 합니다.');
  const authKey = body['authKey'];
  if (typeof authKey !== 'string' || authKey.trim() === '' || authKey.length > 4096) {
    throw badRequest('authKey 가 필요합니다.');
  }
  return { authKey: authKey.trim() };
}

/** Verifies the Kakao token, finds or creates the member, issues a token pair. */
export async function login(authKey: string): Promise<{ result: LoginResult; created: boolean }> {
  const account = await fetchKakaoAccount(authKey);
  const db = await getDb();
  const { member, created } = await findOrCreateByKakaoId(db, account.id);
  const tokens = await issueTokenPair(db, member.id, member.roles);
  return {
    created,
    result: { isRegistrationCompleted: member.type !== 'UNDEFINED', user: toUserResponse(member), ...tokens },
  };
}

function refreshTokenFrom(body: Record<string, unknown>): string {
  const token = body['refreshToken'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 512)
    throw badRequest('refreshToken 이 필요합니다.');
  return token;
}

export async function refresh(
  body: Record<string, unknown>,
): Promise<TokenPair & { isRegistrationCompleted: boolean }> {
  const db = await getDb();
  // Not in a transaction: revoking a replayed token's chain must persist even though the call fails.
  const pair = await rotateRefreshToken(db, refreshTokenFrom(body));
  const member = await db.query<{ type: string }>('select type from members where id = $1', [pair.memberId]);
  return {
    isRegistrationCompleted: member[0]?.type !== 'UNDEFINED',
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
  };
}

export async function logout(body: Record<string, unknown>): Promise<void> {
  const token = body['refreshToken'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) return;
  await revokeRefreshToken(await getDb(), token);
}
