/**
 * Token pairs. Access: HS256 JWT, `ACCESS_TOKEN_TTL_SECONDS` (30 minutes by default), claims sub/roles/type ACCESS. Refresh: random, stored as a
 * SHA-256 hash, 30 days, rotated on every use; presenting a spent one revokes its whole chain.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index';
import { ApiError } from '../http/errors';
import { signJwt } from './jwt';
import { getJwtSecret } from './secret';
import { getConfig } from '../config';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenValue {
  value: string;
  expiresAt: string;
}

export interface TokenPair {
  accessToken: TokenValue;
  refreshToken: TokenValue;
}

export const invalidRefreshToken = () =>
  new ApiError(401, 'INVALID_REFRESH_TOKEN', '로그인 정보가 만료되었어요. 다시 로그인해 주세요.');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** ISO-8601 in Korea time with its offset, e.g. 2026-11-22T18:30:00+09:00. */
export function isoKst(ms: number): string {
  return `${new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
}

export function issueAccessToken(
  memberId: number,
  roles: readonly string[],
  now = Date.now(),
  ttlSeconds = getConfig().accessTokenTtlSeconds,
): TokenValue {
  return {
    value: signJwt({ sub: String(memberId), roles: [...roles], type: 'ACCESS' }, getJwtSecret(), ttlSeconds, now),
    expiresAt: isoKst(now + ttlSeconds * 1000),
  };
}

async function insertRefresh(db: Queryable, memberId: number, chainId: string, now: number): Promise<TokenValue> {
  const value = randomBytes(32).toString('base64url');
  const expires = now + REFRESH_TTL_SECONDS * 1000;
  await db.query('insert into refresh_tokens (member_id, token_hash, chain_id, expires_at) values ($1, $2, $3, $4)', [
    memberId,
    hashToken(value),
    chainId,
    new Date(expires),
  ]);
  return { value, expiresAt: isoKst(expires) };
}

export async function issueTokenPair(
  db: Queryable,
  memberId: number,
  roles: readonly string[],
  now = Date.now(),
): Promise<TokenPair> {
  return {
    accessToken: issueAccessToken(memberId, roles, now),
    refreshToken: await insertRefresh(db, memberId, randomUUID(), now),
  };
}

/**
 * Spends a refresh token and issues the next pair of its chain. Unknown, expired or revoked → 401.
 * A token that was already spent is a replay: the whole chain is revoked, then 401.
 */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  now = Date.now(),
): Promise<TokenPair & { memberId: number }> {
  const hash = hashToken(token);
  const spent = await db.query<{ member_id: number; chain_id: string; expires_at: Date }>(
    `update refresh_tokens set used_at = now()
      where token_hash = $1 and used_at is null and revoked_at is null
      returning member_id, chain_id, expires_at`,
    [hash],
  );
  const row = spent[0];
  if (!row) {
    const known = await db.query<{ chain_id: string }>('select chain_id from refresh_tokens where token_hash = $1', [
      hash,
    ]);
    if (known[0]) {
      await db.query('update refresh_tokens set revoked_at = now() where chain_id = $1 and revoked_at is null', [
        known[0].chain_id,
      ]);
    }
    throw invalidRefreshToken();
  }
  if (new Date(row.expires_at).getTime() <= now) throw invalidRefreshToken();
  const member = await db.query<{ roles: string[] }>('select roles from members where id = $1', [row.member_id]);
  if (!member[0]) throw invalidRefreshToken();
  return {
    memberId: row.member_id,
    accessToken: issueAccessToken(row.member_id, member[0].roles, now),
    refreshToken: await insertRefresh(db, row.member_id, row.chain_id, now),
  };
}

/** Logout: revokes the token's chain. Unknown tokens are ignored (idempotent). */
export async function revokeRefreshToken(db: Queryable, token: string): Promise<void> {
  await db.query(
    `update refresh_tokens set revoked_at = now()
      where chain_id = (select chain_id from refresh_tokens where token_hash = $1) and revoked_at is null`,
    [hashToken(token)],
  );
}
