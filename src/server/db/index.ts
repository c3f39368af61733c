/**
 * The process's one database handle. Opened at startup (scripts/server.mjs → startApp), migrated,
 * and closed on shutdown. Tests open their own in-memory instance with `openDatabase`.
 */
import { getConfig, type Config } from '#server/config';
import { openPglite, openPostgres, type Db, type DbTimeouts, type PoolStat } from './client';
import { migrate } from './migrate';

let current: Promise<Db> | null = null;

/**
 * Opens and migrates. `timeouts` bound every query (the server's handle); scripts that seed or migrate
 * large tables omit them. `npm run db:migrate` opens without migrating, to report what it applies itself.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'> & { timeouts?: DbTimeouts },
  options: { migrate?: boolean } = {},
): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.timeouts)
    : await openPglite(config.pgliteDir, config.timeouts);
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
  const config = getConfig();
  current ??= openDatabase({ ...config, timeouts: config.dbTimeouts }).catch((err: unknown) => {
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

/** `/healthz`: bounded by HEALTHZ_TIMEOUT_MS, on a connection of its own. */
export async function pingDb(timeoutMs = getConfig().dbTimeouts.healthMs): Promise<void> {
  const db = await getDb();
  await db.ping(timeoutMs);
}

/** The shared handle's pools (none before it is open, or on PGlite): the metrics read them. */
export async function dbPoolStats(): Promise<PoolStat[]> {
  const pending = current;
  if (!pending) return [];
  try {
    return (await pending).pools?.() ?? [];
  } catch {
    return [];
  }
}

export type { Db, DbTimeouts, PoolStat, Queryable } from './client';
