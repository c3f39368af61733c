/**
 * One small query interface over two drivers: embedded PGlite (demo, development, tests) and a real
 * PostgreSQL server (production, one CI pass). Both speak the same SQL; the repositories only see `Db`.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { acquireDirLock, type DirLock } from './lock';
import { isPlannedGeneric } from './plan-generic';
import { CACHED_PLAN_CHANGED, statementName } from './statement-names';

/** A statement's parameter; both drivers send it as node-postgres does (`asSent`). */
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
  /** The connection pools and their use, for the metrics (PostgreSQL; the embedded PGlite has none). */
  pools?(): PoolStat[];
}

/** One PostgreSQL pool: requests (`main`), reads planned for any values (`generic`), or `/healthz`. */
export interface PoolStat {
  pool: 'main' | 'generic' | 'health';
  /** Open connections, idle ones, and queries queued for a connection. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
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

/** `n` as at least `width` digits. */
const digits = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A date as node-postgres sends it: the process's local time with its offset (`2026-11-27T09:00:00.000+09:00`),
 * so a `date` or `timestamp` parameter reads the same calendar day and time on both drivers.
 */
function localTimestamp(d: Date): string {
  let year = d.getFullYear();
  const bc = year < 1;
  if (bc) year = 1 - year;
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${digits(year, 4)}-${digits(d.getMonth() + 1)}-${digits(d.getDate())}` +
    `T${digits(d.getHours())}:${digits(d.getMinutes())}:${digits(d.getSeconds())}.${digits(d.getMilliseconds(), 3)}` +
    `${sign}${digits(Math.floor(abs / 60))}:${digits(abs % 60)}${bc ? ' BC' : ''}`
  );
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

/** A JS array as a PostgreSQL array literal, each element quoted (`{"a","b c",NULL}`), nested arrays nested. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    if (v instanceof Uint8Array) return `\\\\x${hex(v)}`;
    const text = String(asSent(v as SqlParam));
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/**
 * A parameter in the text node-postgres sends for it, so a statement means the same on PGlite as on
 * PostgreSQL. PGlite's own `query` serialises each value by the type PostgreSQL infers for its `$n`:
 * an object where a text is expected would go as `[object Object]`, an array as `a,b`, a Date as UTC.
 * Given text, its serialisers pass it on (a boolean's `true`/`false` becomes `t`/`f`, the same value).
 * Bytes stay bytes, for `bytea` parameters (PGlite sends them in hex, node-postgres in binary).
 */
export function asSent(value: SqlParam | undefined): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return value;
  if (value instanceof Date) return localTimestamp(value);
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** PGlite's handle, or one of its transactions: parameterised statements and scripts. */
interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * The embedded database through PGlite's public API, in this process and on this thread (decision 021):
 * `query` for a statement (unnamed, parsed and planned for its values on every call), `exec` for a
 * script, `transaction` for a transaction. PGlite takes `statement_timeout` but cannot interrupt a
 * running statement (no timers inside its WebAssembly backend), and one connection never waits for a
 * lock: `timeouts` only bound `ping`. A long statement holds up this thread, `/healthz` included, until
 * it ends; production is PostgreSQL.
 */
export async function openPglite(dir: string, _timeouts?: DbTimeouts): Promise<Db> {
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
  // A statement marked to be planned once for any values (`plan-generic.ts`) just runs: PGlite's
  // statements are unnamed, planned for their values every call, like every other one.
  const on = (q: PgliteQueryable): Transaction => ({
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const res = await q.query<T>(sql, params.map(asSent));
      return res.rows;
    },
    async exec(sql) {
      await q.exec(sql);
    },
  });
  const main = on(db);
  return {
    kind: 'pglite',
    query: main.query,
    exec: main.exec,
    async ping(timeoutMs) {
      await within(timeoutMs, db.query('select 1'));
    },
    // PGlite holds every other statement back until the transaction ends.
    transaction: (fn) => db.transaction((tx) => fn(on(tx))),
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
  // No parallel workers for requests: a request's statement reads a page of rows, and starting two
  // workers cost more than the work they share (at 1M events: a search's first page walk 147 ms with
  // them, 6 without; the suggestions' indexed lookup 80 ms, 6 without) and took cores from other requests.
  // 16 MB of work memory: at 1M events a common word's count (104k matches over 95k pages) fits its
  // bitmap in 16 MB; in the default 4 MB a third of the pages went lossy and every row on them was
  // read and tested again (884k buffers, 3.2 s warm, against 95k buffers and 1.6 s).
  const requestSettings = '-c max_parallel_workers_per_gather=0 -c work_mem=16MB';
  // Statements are named (parsed once per connection, `statement-names.ts`) and planned on every call.
  const pool = openPool(POOL_MAX, `-c plan_cache_mode=force_custom_plan ${requestSettings}`);
  // Statements marked to be planned once for any values (`plan-generic.ts`) run on connections of
  // their own whose every named statement keeps its generic plan: no round trip to switch the mode.
  // Without JIT: a generic plan takes a LIMIT parameter for a tenth of the rows, so at 1M events a
  // 10-row walk was costed past `jit_above_cost` and compiled on every call (0.25 → 175 ms).
  const genericPool = openPool(GENERIC_POOL_MAX, `-c plan_cache_mode=force_generic_plan -c jit=off ${requestSettings}`);
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
    pools: () =>
      (
        [
          ['main', pool, POOL_MAX],
          ['generic', genericPool, GENERIC_POOL_MAX],
          ['health', healthPool, 1],
        ] as const
      ).map(([name, p, max]) => ({
        pool: name,
        total: p.totalCount,
        idle: p.idleCount,
        waiting: p.waitingCount,
        max,
      })),
  };
}
