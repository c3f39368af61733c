/**
 * One small query interface over two drivers: embedded PGlite (demo, development, tests) and a real
 * PostgreSQL server (production, one CI pass). Both speak the same SQL; the repositories only see `Db`.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { acquireDirLock, type DirLock } from './lock';

export type SqlParam = string | number | boolean | null | Date | readonly string[] | readonly number[] | object;

export interface Queryable {
  /** Rows of one parameterised statement ($1, $2, …). */
  query<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
}

/** A transaction: queries, and scripts of several statements without parameters (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

const DATE_OID = 1082;

/** DATE columns stay `YYYY-MM-DD` strings: a JS Date would shift them by the server's time zone. */
const keepString = (v: string): string => v;

export async function openPglite(dir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  let lock: DirLock | null = null;
  if (!dir.startsWith('memory://')) {
    mkdirSync(dirname(dir), { recursive: true });
    lock = acquireDirLock(dir);
  }
  let pg;
  try {
    pg = await PGlite.create(dir.startsWith('memory://') ? undefined : dir, {
      parsers: { [DATE_OID]: keepString },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = pg;
  const wrap = (q: { query: typeof db.query }): Queryable => ({
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          ...wrap(tx),
          async exec(sql) {
            await tx.exec(sql);
          },
        }),
      ),
    async exec(sql) {
      await db.exec(sql);
    },
    async close() {
      try {
        if (!db.closed) await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pgModule = await import('pg');
  const pgLib = pgModule.default;
  pgLib.types.setTypeParser(DATE_OID, keepString);
  const pool = new pgLib.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (the server restarted) must not crash the process.
  pool.on('error', () => undefined);
  const run = async <T>(
    c: Pick<InstanceType<typeof pgLib.Pool>, 'query'>,
    sql: string,
    params: readonly SqlParam[],
  ) => {
    const res = await c.query(sql, params as unknown[]);
    return res.rows as T[];
  };
  return {
    kind: 'postgres',
    query: (sql, params = []) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (sql, params = []) => run(client, sql, params),
          // No parameters: the simple query protocol, which runs several statements.
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
