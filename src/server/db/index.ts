/**
 * The process's one database handle. Opened at startup (scripts/server.mjs → startApp), migrated,
 * and closed on shutdown. Tests open their own in-memory instance with `openDatabase`.
 */
import { getConfig, type Config } from '../config';
import { openPglite, openPostgres, type Db } from './client';
import { migrate } from './migrate';

let current: Promise<Db> | null = null;

/** Opens and migrates; `npm run db:migrate` opens without migrating, to report what it applies itself. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  options: { migrate?: boolean } = {},
): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.pgliteDir);
  if (options.migrate === false) return db;
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}

/** The shared handle; the first call opens and migrates. */
export function getDb(): Promise<Db> {
  current ??= openDatabase(getConfig()).catch((err: unknown) => {
    current = null;
    throw err;
  });
  return current;
}

/** Tests inject their own database. */
export function setDbForTests(db: Db | null): void {
  current = db ? Promise.resolve(db) : null;
}

export async function closeDb(): Promise<void> {
  const pending = current;
  current = null;
  if (pending) await (await pending).close();
}

export async function pingDb(): Promise<void> {
  const db = await getDb();
  await db.query('select 1');
}

export type { Db, Queryable } from './client';
