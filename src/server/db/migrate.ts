import type { Db } from './client';
import { migrations, type Migration } from './migrations';

/** Applies every migration not yet applied, each in its own transaction, in order. */
export async function migrate(db: Db, list: readonly Migration[] = migrations): Promise<number[]> {
  await db.exec(`create table if not exists schema_migrations (
    id integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  // On PostgreSQL two starting servers could race; an advisory lock serialises them.
  if (db.kind === 'postgres') await db.query('select pg_advisory_lock(727274)');
  try {
    const applied = new Set((await db.query<{ id: number }>('select id from schema_migrations')).map((r) => r.id));
    const done: number[] = [];
    for (const m of [...list].sort((a, b) => a.id - b.id)) {
      if (applied.has(m.id)) continue;
      await db.transaction(async (tx) => {
        for (const statement of splitStatements(m.sql)) await tx.query(statement);
        await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [m.id, m.name]);
      });
      done.push(m.id);
    }
    return done;
  } finally {
    if (db.kind === 'postgres') await db.query('select pg_advisory_unlock(727274)');
  }
}

/** Our migrations hold no functions or string literals with semicolons, so `;` at a line end splits. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
