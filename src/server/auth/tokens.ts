/**
 * Token pairs. Access: HS256 JWT, `ACCESS_TOKEN_TTL_SECONDS` (30 minutes by default), claims sub/roles/type ACCESS and `sid`, the refresh chain it
 * belongs to (revoking the chain ends its access tokens at once: see principal.ts). Refresh: random,
 * stored as a SHA-256 hash, 30 days, rotated on every use. A spent token presented again within
 * REFRESH_REUSE_GRACE_SECONDS (two tabs refreshing at once) gets the same successor; later, it is a replay
 * and revokes its whole chain.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair, TokenValue } from '#lib/contract';
import type { Queryable } from '#server/db/index';
import { ApiError } from '#server/http/errors';
import { signJwt } from './jwt';
import { getJwtSecret } from './secret';
import { getConfig } from '#server/config';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** How long a just-spent refresh token still answers with its successor (idempotent rotation). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** How many times a just-spent refresh token is answered again within the grace window (other tabs). */
export const REFRESH_GRACE_ANSWERS = 3;

export type { TokenPair, TokenValue };

export const invalidRefreshToken = () =>
  new ApiError(401, 'INVALID_REFRESH_TOKEN', '로그인 정보가 만료되었어요. 다시 로그인해 주세요.');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** ISO-8601 in Korea time with its offset, e.g. 2026-11-22T18:30:00+09:00. */
export function isoKst(ms: number): string {
  return `${new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
}

export async function issueAccessToken(
  memberId: number,
  roles: readonly string[],
  sessionId: string,
  now = Date.now(),
  ttlSeconds = getConfig().accessTokenTtlSeconds,
): Promise<TokenValue> {
  return {
    value: await signJwt(
      { sub: String(memberId), roles: [...roles], type: 'ACCESS', sid: sessionId },
      getJwtSecret(),
      ttlSeconds,
      now,
    ),
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
  const chainId = randomUUID();
  return {
    accessToken: await issueAccessToken(memberId, roles, chainId, now),
    refreshToken: await insertRefresh(db, memberId, chainId, now),
  };
}

/**
 * The successor of a refresh token: derived from the token itself and a random salt kept on its row, so
 * a grace-window retry can be answered with the same value although only hashes are stored. Knowing a
 * token alone (without the database and the secret) does not tell its successor.
 */
function successorOf(token: string, salt: string): string {
  return createHmac('sha256', getJwtSecret()).update(`refresh-successor\n${salt}\n${token}`).digest('base64url');
}

interface SpentRow {
  member_id: number;
  chain_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  successor_salt: string | null;
  in_grace: boolean;
}

async function pairFor(
  db: Queryable,
  memberId: number,
  chainId: string,
  refreshToken: TokenValue,
  now: number,
): Promise<TokenPair & { memberId: number }> {
  const member = await db.query<{ roles: string[] }>('select roles from members where id = $1', [memberId]);
  if (!member[0]) throw invalidRefreshToken();
  return { memberId, accessToken: await issueAccessToken(memberId, member[0].roles, chainId, now), refreshToken };
}

/**
 * Spends a refresh token and issues the next pair of its chain. Unknown, expired or revoked → 401.
 * A token spent less than REFRESH_REUSE_GRACE_SECONDS ago answers with the successor it already got (a
 * second tab refreshing at the same moment), at most REFRESH_GRACE_ANSWERS times and only while that
 * successor is unspent; otherwise it is a replay: the whole chain is revoked (which also ends its access
 * tokens), then 401.
 */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  now = Date.now(),
): Promise<TokenPair & { memberId: number }> {
  const hash = hashToken(token);
  const salt = randomBytes(16).toString('base64url');
  const successorExpires = now + REFRESH_TTL_SECONDS * 1000;
  // Spending the token and storing its successor in one statement: a concurrent retry that finds the
  // token spent always finds the successor too.
  const spent = await db.query<{ member_id: number; chain_id: string }>(
    `with spent as (
       update refresh_tokens set used_at = now(), successor_salt = $2
        where token_hash = $1 and used_at is null and revoked_at is null and expires_at > $4
        returning member_id, chain_id),
     successor as (
       insert into refresh_tokens (member_id, token_hash, chain_id, expires_at)
       select member_id, $3, chain_id, $5 from spent returning id)
     select member_id, chain_id from spent`,
    [hash, salt, hashToken(successorOf(token, salt)), new Date(now), new Date(successorExpires)],
  );
  const row = spent[0];
  if (row) {
    const refreshToken = { value: successorOf(token, salt), expiresAt: isoKst(successorExpires) };
    return pairFor(db, row.member_id, row.chain_id, refreshToken, now);
  }
  const known = await db.query<SpentRow>(
    `select member_id, chain_id, expires_at, used_at, revoked_at, successor_salt,
            coalesce(used_at > now() - make_interval(secs => $2), false) as in_grace
       from refresh_tokens where token_hash = $1`,
    [hash, REFRESH_REUSE_GRACE_SECONDS],
  );
  const old = known[0];
  if (!old || old.revoked_at) throw invalidRefreshToken();
  if (!old.used_at) throw invalidRefreshToken(); // unspent but expired
  if (old.in_grace && old.successor_salt) {
    const value = successorOf(token, old.successor_salt);
    // Only while the successor is unspent (a second tab racing the first), and at most a few times.
    const next = await db.query<{ expires_at: Date }>(
      `with counted as (
         update refresh_tokens set grace_answers = grace_answers + 1
          where token_hash = $3 and grace_answers < $4 returning id)
       select s.expires_at from refresh_tokens s, counted
        where s.token_hash = $1 and s.revoked_at is null and s.used_at is null and s.expires_at > $2`,
      [hashToken(value), new Date(now), hash, REFRESH_GRACE_ANSWERS],
    );
    if (next[0]) {
      const refreshToken = { value, expiresAt: isoKst(new Date(next[0].expires_at).getTime()) };
      return pairFor(db, old.member_id, old.chain_id, refreshToken, now);
    }
  }
  await revokeChain(db, old.chain_id);
  throw invalidRefreshToken();
}

async function revokeChain(db: Queryable, chainId: string): Promise<void> {
  await db.query('update refresh_tokens set revoked_at = now() where chain_id = $1 and revoked_at is null', [chainId]);
}

/**
 * Logout: revokes the token's chain. Unknown tokens are ignored (idempotent). Its access tokens stop
 * working at the next request on every instance: each request reads the chain (`auth/principal.ts`).
 */
export async function revokeRefreshToken(db: Queryable, token: string): Promise<void> {
  await db.query(
    `update refresh_tokens set revoked_at = now()
      where chain_id = (select chain_id from refresh_tokens where token_hash = $1) and revoked_at is null`,
    [hashToken(token)],
  );
}

/** Expired refresh tokens are kept this long past their expiry, then deleted (the scheduled cleanup). */
export const EXPIRED_REFRESH_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the refresh tokens expired more than a day ago (issue 41: nothing kept past its use). An
 * expired token is refused whether its row is there or not; a chain still in use keeps its newest row,
 * which expires 30 days after the last rotation, so no signed-in member loses their session.
 */
export async function purgeExpiredRefreshTokens(db: Queryable, now: number = Date.now()): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `with gone as (delete from refresh_tokens where expires_at < $1 returning 1) select count(*)::int as n from gone`,
    [new Date(now - EXPIRED_REFRESH_KEPT_MS)],
  );
  return rows[0]?.n ?? 0;
}
