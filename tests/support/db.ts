/**
 * A migrated database for service tests: PGlite in memory by default, the PostgreSQL server of
 * DATABASE_URL in the PostgreSQL pass (shared: tests create their own rows and never assume an empty table).
 */
import { openDatabase, type Db } from '#server/db/index';

export async function openTestDb(): Promise<Db> {
  return openDatabase({ databaseUrl: process.env['DATABASE_URL'] || null, pgliteDir: 'memory://' });
}

let seq = 0;
/** Inserts a registered member directly (service tests do not need the sign-in flow). */
export async function insertMember(
  db: Db,
  opts: { roles?: string[]; type?: string; nickname?: string } = {},
): Promise<{ id: number; type: string; roles: string[]; nickname: string }> {
  seq++;
  const nickname = opts.nickname ?? `m${process.pid % 1000}${Date.now() % 100000}${seq}`.slice(0, 18);
  const roles = opts.roles ?? ['USER'];
  const type = opts.type ?? (roles.includes('PHOTOGRAPHER') ? 'PHOTOGRAPHER' : 'USER');
  const rows = await db.query<{ id: number }>(
    `insert into members (kakao_id, type, roles, nickname, gender, registered_at)
     values ($1, $2, $3, $4, 'FEMALE', now()) returning id`,
    [`test-${process.pid}-${Date.now()}-${seq}-${Math.random()}`, type, roles, nickname],
  );
  return { id: (rows[0] as { id: number }).id, type, roles, nickname };
}
