/**
 * Sign-in with Kakao and the token lifecycle. The request and answer shapes are the contract's
 * (lib/contract.ts), shared with the browser's client.
 */
import type { LoginResponse, RefreshResponse } from '#lib/contract';
import { getDb } from '#server/db/index';
import { fetchKakaoAccount } from '#server/kakao/client';
import { issueTokenPair, revokeRefreshToken, rotateRefreshToken } from '#server/auth/tokens';
import { findOrCreateByKakaoId, toUserResponse } from './members';

/** Verifies the Kakao token, finds or creates the member (noting Kakao's age range), issues a token pair. */
export async function login(authKey: string): Promise<{ result: LoginResponse; created: boolean }> {
  const account = await fetchKakaoAccount(authKey);
  const db = await getDb();
  const { member, created } = await findOrCreateByKakaoId(db, account.id);
  // Registration refuses an account Kakao says may be under 14 (services/registration.ts).
  if (account.ageRange !== null) {
    await db.query('update members set kakao_age_range = $2 where id = $1 and kakao_age_range is distinct from $2', [
      member.id,
      account.ageRange,
    ]);
  }
  const tokens = await issueTokenPair(db, member.id, member.roles);
  return {
    created,
    result: { isRegistrationCompleted: member.type !== 'UNDEFINED', user: toUserResponse(member), ...tokens },
  };
}

/** Spends a refresh token for the next pair of its chain. */
export async function refresh(refreshToken: string): Promise<RefreshResponse> {
  const db = await getDb();
  // Not in a transaction: revoking a replayed token's chain must persist even though the call fails.
  const pair = await rotateRefreshToken(db, refreshToken);
  const member = await db.query<{ type: string }>('select type from members where id = $1', [pair.memberId]);
  return {
    isRegistrationCompleted: member[0]?.type !== 'UNDEFINED',
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
  };
}

/** Revokes the chain of a refresh token; nothing to do without one. */
export async function logout(refreshToken: string | null): Promise<void> {
  if (refreshToken === null) return;
  await revokeRefreshToken(await getDb(), refreshToken);
}
