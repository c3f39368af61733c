/**
 * Operator commands:
 *   npm run admin -- grant-admin <memberId|nickname>
 *   npm run admin -- revoke-admin <memberId|nickname>
 *   npm run admin -- list-admins
 *   npm run admin -- signup-sources      where members say they found us
 */
import { getConfig } from '#server/config';
import { openDatabase, type Db } from '#server/db/index';
import { publishThrough } from '#server/cache/bus';
import { setAdminRole } from '#server/services/members';
import { SIGNUP_SOURCE_LABELS, type SignupSource } from '#lib/domain';
import { runDbCommand, usage } from './lib/db-command';

async function findMember(db: Db, ref: string): Promise<{ id: number; nickname: string; roles: string[] }> {
  const rows = /^\d+$/.test(ref)
    ? await db.query<{ id: number; nickname: string; roles: string[] }>(
        'select id, nickname, roles from members where id = $1',
        [Number(ref)],
      )
    : await db.query<{ id: number; nickname: string; roles: string[] }>(
        'select id, nickname, roles from members where nickname = $1',
        [ref],
      );
  if (!rows[0]) throw new Error(`no member ${ref}`);
  return rows[0];
}

const [command, ref] = process.argv.slice(2);
runDbCommand(
  () => openDatabase(getConfig()),
  async (db) => {
    if ((command === 'grant-admin' || command === 'revoke-admin') && ref) {
      const m = await findMember(db, ref);
      // Servers read roles on every request; the pages that show the member are renewed on every
      // server on this PostgreSQL (with PGlite no server runs while this does).
      if (getConfig().databaseUrl) publishThrough(db);
      const after = await setAdminRole(db, m.id, command === 'grant-admin');
      console.log(`${after.nickname} (#${after.id}): ${after.roles.join(', ') || '(no roles)'}`);
    } else if (command === 'list-admins') {
      const rows = await db.query<{ id: number; nickname: string }>(
        "select id, nickname from members where 'ADMIN' = any(roles) order by id",
      );
      for (const r of rows) console.log(`#${r.id}\t${r.nickname}`);
      if (rows.length === 0) console.log('(no admins)');
    } else if (command === 'signup-sources') {
      const rows = await db.query<{ source: string; members: number }>(
        `select s as source, count(*)::int as members from members, unnest(signup_sources) as s
          group by s order by members desc, s`,
      );
      const total = await db.query<{ n: number }>("select count(*)::int as n from members where type <> 'UNDEFINED'");
      console.log(`registered members: ${total[0]?.n ?? 0}`);
      for (const r of rows) {
        console.log(`${SIGNUP_SOURCE_LABELS[r.source as SignupSource] ?? r.source}\t${r.members}`);
      }
    } else {
      usage(
        'usage: npm run admin -- grant-admin <id|nickname> | revoke-admin <id|nickname> | list-admins | signup-sources',
      );
    }
  },
);
