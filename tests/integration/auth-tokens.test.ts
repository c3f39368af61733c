/**
 * Token service on the database (PGlite, or PostgreSQL with DATABASE_URL): idempotent rotation within
 * the grace window, replay detection after it, and access tokens ending with their session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { setDbForTests } from '#server/db/index';
import { resolvePrincipal } from '#server/auth/principal';
import {
  REFRESH_GRACE_ANSWERS,
  REFRESH_REUSE_GRACE_SECONDS,
  issueTokenPair,
  revokeRefreshToken,
  rotateRefreshToken,
} from '#server/auth/tokens';
import { insertMember, openTestDb } from '../support/db';

process.env['JWT_SECRET'] ??= 'auth-tokens-test-secret-0123456789abcdef-0123456789';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  setDbForTests(db);
});
afterAll(async () => {
  setDbForTests(null);
  await db.close();
});

const sha = async (token: string) => {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(token).digest('hex');
};

/** Makes a spent token look spent `seconds` ago. */
async function spentAgo(token: string, seconds: number): Promise<void> {
  await db.query(`update refresh_tokens set used_at = now() - make_interval(secs => $2) where token_hash = $1`, [
    await sha(token),
    seconds,
  ]);
}

describe('refresh token rotation', () => {
  it('answers a just-spent token with the same successor (two tabs refreshing at once)', async () => {
    const m = await insertMember(db);
    const first = await issueTokenPair(db, m.id, m.roles);
    const a = await rotateRefreshToken(db, first.refreshToken.value);
    const b = await rotateRefreshToken(db, first.refreshToken.value);
    expect(b.refreshToken.value).toBe(a.refreshToken.value);
    expect(b.refreshToken.expiresAt).toBe(a.refreshToken.expiresAt);
    // Both tabs stay signed in: both access tokens work and the successor rotates on.
    expect(await resolvePrincipal(`Bearer ${a.accessToken.value}`)).toMatchObject({ id: m.id });
    expect(await resolvePrincipal(`Bearer ${b.accessToken.value}`)).toMatchObject({ id: m.id });
    const next = await rotateRefreshToken(db, b.refreshToken.value);
    expect(next.refreshToken.value).not.toBe(b.refreshToken.value);
  });

  it('gives concurrent rotations of one token one successor', async () => {
    const m = await insertMember(db);
    const first = await issueTokenPair(db, m.id, m.roles);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => rotateRefreshToken(db, first.refreshToken.value)),
    );
    expect(new Set(answers.map((x) => x.refreshToken.value)).size).toBe(1);
    const rows = await db.query<{ n: number }>(
      'select count(*)::int as n from refresh_tokens where member_id = $1 and revoked_at is null',
      [m.id],
    );
    expect(rows[0]?.n).toBe(2);
  });

  it(`revokes the chain and its access tokens when a token is replayed after ${REFRESH_REUSE_GRACE_SECONDS} s`, async () => {
    const m = await insertMember(db);
    const first = await issueTokenPair(db, m.id, m.roles);
    const second = await rotateRefreshToken(db, first.refreshToken.value);
    await spentAgo(first.refreshToken.value, REFRESH_REUSE_GRACE_SECONDS + 1);
    await expect(rotateRefreshToken(db, first.refreshToken.value)).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_REFRESH_TOKEN',
    });
    await expect(rotateRefreshToken(db, second.refreshToken.value)).rejects.toMatchObject({ status: 401 });
    expect(await resolvePrincipal(`Bearer ${second.accessToken.value}`)).toBeNull();
    // Within the window after revocation nothing comes back either.
    await expect(rotateRefreshToken(db, second.refreshToken.value)).rejects.toMatchObject({ status: 401 });
  });

  it('answers a just-spent token only while its successor is unspent, and only a few times', async () => {
    const m = await insertMember(db);
    const first = await issueTokenPair(db, m.id, m.roles);
    const a = await rotateRefreshToken(db, first.refreshToken.value);
    const b = await rotateRefreshToken(db, a.refreshToken.value);
    // The successor was spent already: a stolen first token cannot walk the chain to the live one.
    await expect(rotateRefreshToken(db, first.refreshToken.value)).rejects.toMatchObject({ status: 401 });
    await expect(rotateRefreshToken(db, b.refreshToken.value)).rejects.toMatchObject({ status: 401 });

    const m2 = await insertMember(db);
    const start = await issueTokenPair(db, m2.id, m2.roles);
    await rotateRefreshToken(db, start.refreshToken.value);
    for (let i = 0; i < REFRESH_GRACE_ANSWERS; i++) await rotateRefreshToken(db, start.refreshToken.value);
    await expect(rotateRefreshToken(db, start.refreshToken.value)).rejects.toMatchObject({ status: 401 });
  });

  it('does not answer a grace retry once the chain is logged out', async () => {
    const m = await insertMember(db);
    const first = await issueTokenPair(db, m.id, m.roles);
    const second = await rotateRefreshToken(db, first.refreshToken.value);
    await revokeRefreshToken(db, second.refreshToken.value);
    await expect(rotateRefreshToken(db, first.refreshToken.value)).rejects.toMatchObject({ status: 401 });
  });
});

describe('access tokens end with their session', () => {
  it('logout ends the access tokens of that session at once, not of the member’s others', async () => {
    const m = await insertMember(db);
    const phone = await issueTokenPair(db, m.id, m.roles);
    const laptop = await issueTokenPair(db, m.id, m.roles);
    expect(await resolvePrincipal(`Bearer ${phone.accessToken.value}`)).toMatchObject({ id: m.id });
    await revokeRefreshToken(db, phone.refreshToken.value);
    expect(await resolvePrincipal(`Bearer ${phone.accessToken.value}`)).toBeNull();
    expect(await resolvePrincipal(`Bearer ${laptop.accessToken.value}`)).toMatchObject({ id: m.id });
  });

  it('an access token of a rotated-away pair keeps working while its chain lives', async () => {
    const m = await insertMember(db);
    const first = await issueTokenPair(db, m.id, m.roles);
    await rotateRefreshToken(db, first.refreshToken.value);
    expect(await resolvePrincipal(`Bearer ${first.accessToken.value}`)).toMatchObject({ id: m.id });
  });
});
