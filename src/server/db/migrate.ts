import type { Db } from './client';
import { loadMigrations, type Migration } from './migrations';

const MIGRATION_LOCK = 727274;

/**
 * Applies every migration not yet applied, each file whole in its own transaction, in order, and returns
 * the ones it applied. On PostgreSQL each
 * transaction takes a transaction-level advisory lock and re-checks what is applied, so servers starting
 * together never apply one twice (a session lock through a pool could be released on another connection).
 */
export async function migrate(db: Db, list: readonly Migration[] = loadMigrations()): Promise<Migration[]> {
  await createLedger(db);
  const done: Migration[] = [];
  for (const m of [...list].sort((a, b) => a.id - b.id)) {
    const applied = await db.transaction(async (tx) => {
      // An index on a large table may take longer than a request's bounds, and a second server
      // starting at once waits for the first one's migration.
      await tx.query('set local statement_timeout = 0');
      await tx.query('set local lock_timeout = 0');
      if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query<{ id: number }>('select id from schema_migrations where id = $1', [m.id]);
      if (seen.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [m.id, m.name]);
      return true;
    });
    if (applied) done.push(m);
  }
  return done;
}

async function createLedger(db: Db): Promise<void> {
  const ddl = `create table if not exists schema_migrations (
    id integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`;
  if (db.kind !== 'postgres') {
    await db.exec(ddl);
    return;
  }
  // Two servers creating the table at once would race on the catalog; the lock serialises them.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(ddl);
  });
}
