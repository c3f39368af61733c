import type { MemberType, Role } from '#lib/domain';
import { getDb } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { getJwtSecret } from './secret';
import { verifyJwt } from './jwt';

/** The token of an `Authorization: Bearer …` header, or null (missing or malformed). */
export function bearerToken(authorization: string | null | undefined): string | null {
  if (!authorization) return null;
  return /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] ?? null;
}

/** Who is calling: resolved from the access token and re-checked against the database per request. */
export interface Principal {
  id: number;
  type: MemberType;
  roles: Role[];
  nickname: string;
}

/**
 * The member behind an `Authorization: Bearer …` header, or null: a missing, malformed, expired or
 * otherwise invalid token (including `Bearer null`) makes the request anonymous. Roles and existence
 * come from the database, so a withdrawn or demoted member loses access at once; so does the session
 * (refresh chain) named by the token's `sid`: after logout or a detected replay its access tokens stop
 * working at once, on every instance. The check is joined into the member read: one indexed statement
 * per authenticated request, and nothing about a member is kept between requests.
 */
export async function resolvePrincipal(authorization: string | null): Promise<Principal | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await verifyJwt(token, getJwtSecret());
  if (!claims || !/^[1-9]\d{0,9}$/.test(claims.sub)) return null;
  const db = await getDb();
  const rows = await db.query<Principal>(
    planGeneric(`select m.id, m.type, m.roles, m.nickname from members m
      where m.id = $1
        and ($2::text is null or exists (select 1 from refresh_tokens r
                                          where r.chain_id = $2 and r.member_id = m.id and r.revoked_at is null))`),
    [Number(claims.sub), claims.sid ?? null],
  );
  return rows[0] ?? null;
}
