/**
 * One small query interface over two drivers: embedded PGlite (demo, development, tests) and a real
 * PostgreSQL server (production, one CI pass). Both speak the same SQL; the repositories only see `Db`.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { acquireDirLock, type DirLock } from './lock';
import { isPlannedGeneric } from './plan-generic';
import { CACHED_PLAN_CHANGED, preparedQueries, statementName } from './statements';

export type SqlParam = string | number | boolean | null | Date | readonly string[] | readonly number[] | object;

export interface Queryable {
  /** Rows of one parameterised statement ($1, $2, …). */
  query<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
}

/** A transaction: queries, and scripts of several statements without parameters (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

/** Bounds on every statement of a connection (0 or absent: none). */
export interface DbTimeouts {
  statementMs: number;
  lockMs: number;
  /** How long `ping` may take, its connection included. */
  healthMs: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * `select 1` within `timeoutMs`, through a connection of its own where there is a pool, so a full
   * pool or a locked table does not hold it up; rejects on timeout.
   */
  ping(timeoutMs: number): Promise<void>;
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

const DATE_OID = 1082;

/** DATE columns stay `YYYY-MM-DD` strings: a JS Date would shift them by the server's time zone. */
const keepString = (v: string): string => v;

/** Rejects with a connection-timeout error (which the API answers 503) when `work` takes longer than `ms`. */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('connection timeout'), { code: 'ETIMEDOUT' })), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function openPglite(dir: string, _timeouts?: DbTimeouts): Promise<Db> {
  const { PGlite, protocol, types } = await import('@electric-sql/pglite');
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
    // Named statements are planned on every call, as unnamed ones were: a plan stays chosen for the
    // values it is given (a generic plan guesses a LIMIT's size and a filter's selectivity).
    await pg.exec('set plan_cache_mode = force_custom_plan');
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = pg;
  // Outside transactions (nearly every statement), named statements in one message each.
  const prepared = preparedQueries(db, protocol, types);
  // PGlite takes `statement_timeout` but cannot interrupt a running statement (no timers inside its
  // WebAssembly backend), and one connection never waits for a lock: `timeouts` only bound `ping`.
  const wrap = (q: { query: typeof db.query }): Queryable => ({
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
  });
  return {
    kind: 'pglite',
    query: (sql, params = []) => prepared.query(sql, params),
    async ping(timeoutMs) {
      await within(timeoutMs, db.query('select 1'));
    },
    // A transaction's statements are PGlite's own (unnamed), planned per call like every unmarked one.
    transaction: (fn) =>
      db.transaction(async (tx) => {
        const perCall = prepared.planPerCallInTransaction();
        if (perCall) await tx.exec(perCall);
        return fn({
          ...wrap(tx),
          async exec(sql) {
            await tx.exec(sql);
          },
        });
      }),
    exec: (sql) => prepared.exec(sql),
    async close() {
      try {
        if (!db.closed) await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Connections one instance opens to PostgreSQL: `POOL_MAX` for requests, `GENERIC_POOL_MAX` for the
 * statements planned once (short reads: the detail pages, list walks), one for `/healthz` and one
 * listening for other instances' changes (README, "Several instances").
 */
const POOL_MAX = 10;
const GENERIC_POOL_MAX = 4;

export async function openPostgres(url: string, timeouts?: DbTimeouts): Promise<Db> {
  const pgModule = await import('pg');
  const pgLib = pgModule.default;
  pgLib.types.setTypeParser(DATE_OID, keepString);
  // Every statement and every lock wait is bounded: a locked table answers 503, not a full pool.
  const openPool = (max: number, options: string) =>
    new pgLib.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      ...(timeouts ? { statement_timeout: timeouts.statementMs, lock_timeout: timeouts.lockMs } : {}),
      options,
    });
  // As on PGlite: statements are named (parsed once per connection) and planned on every call.
  const pool = openPool(POOL_MAX, '-c plan_cache_mode=force_custom_plan');
  // Statements marked to be planned once for any values (`plan-generic.ts`) run on connections of
  // their own whose every named statement keeps its generic plan: no round trip to switch the mode.
  // Without JIT: a generic plan takes a LIMIT parameter for a tenth of the rows, so at 1M events a
  // 10-row walk was costed past `jit_above_cost` and compiled on every call (0.25 → 175 ms).
  const genericPool = openPool(GENERIC_POOL_MAX, '-c plan_cache_mode=force_generic_plan -c jit=off');
  // The health check's own connection: never queued behind the requests that fill the pool.
  const healthMs = timeouts?.healthMs ?? 2_000;
  const healthPool = new pgLib.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: healthMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: healthMs,
    lock_timeout: healthMs,
  });
  // An idle client losing its connection (the server restarted) must not crash the process.
  pool.on('error', () => undefined);
  genericPool.on('error', () => undefined);
  healthPool.on('error', () => undefined);
  const run = async <T>(
    c: Pick<InstanceType<typeof pgLib.Pool>, 'query'>,
    sql: string,
    params: readonly SqlParam[],
  ) => {
    const name = statementName(sql);
    const values = params as unknown[];
    try {
      const res = await c.query(name ? { name, text: sql, values } : { text: sql, values });
      return res.rows as T[];
    } catch (err) {
      // A migration (another instance's) changed a table a kept `select *` reads: once more, unnamed.
      if (!name || (err as { code?: string }).code !== CACHED_PLAN_CHANGED) throw err;
      const res = await c.query(sql, values);
      return res.rows as T[];
    }
  };
  return {
    kind: 'postgres',
    query: (sql, params = []) => run(isPlannedGeneric(sql) ? genericPool : pool, sql, params),
    async ping(timeoutMs) {
      await within(timeoutMs, run(healthPool, 'select 1', []));
    },
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
      await Promise.all([pool.end(), genericPool.end(), healthPool.end()]);
    },
  };
}
