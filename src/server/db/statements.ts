/**
 * Named statements (decision 008, "Statements parsed once"): for PGlite, sent as one message; for the
 * PostgreSQL driver, a name per SQL text (`statementName`).
 *
 * PGlite's own `query(sql, params)` enters its WebAssembly backend six times per statement (parse,
 * describe the statement, bind, describe the portal, execute, sync) and parses and analyses the SQL
 * every time. Here each distinct SQL text is parsed once as a named statement, and every call is one
 * pipelined message (bind, describe, execute, sync): one entry into the backend. Parameters go as text
 * with the types PostgreSQL infers, serialised by node-postgres' `prepareValue`, exactly as the
 * PostgreSQL driver sends them, so a statement means the same on both databases. Rows are parsed with
 * the instance's own type parsers, so answers are identical to PGlite's `query`.
 *
 * Runs under PGlite's own query and transaction locks, so it never interleaves with a transaction.
 */
import type { PGlite, protocol as pgliteProtocol, types as pgliteTypes } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';
import type { SqlParam } from './client';
import { isPlannedGeneric } from './plan-generic';

/** Distinct SQL texts kept prepared; past it the oldest is closed. Our code has a few hundred at most. */
export const MAX_PREPARED = 500;

/** PostgreSQL's answer when a table a prepared `select *` reads has changed shape (a migration). */
export const CACHED_PLAN_CHANGED = '0A000';

/** Names of the embedded driver's statements: unique across instances sharing one database (tests). */
let nextName = 0;

/** SQL text → statement name for node-postgres, which prepares each name once per connection. */
const pgNames = new Map<string, string>();

/**
 * The PostgreSQL driver's name for a statement; null (unnamed, parsed every time) once MAX_PREPARED
 * texts are named, since a name cannot be closed on every pooled connection.
 */
export function statementName(sql: string): string | null {
  const known = pgNames.get(sql);
  if (known !== undefined) return known;
  if (pgNames.size >= MAX_PREPARED) return null;
  const name = `d${pgNames.size}`;
  pgNames.set(sql, name);
  return name;
}

type Protocol = typeof pgliteProtocol;
type Types = typeof pgliteTypes;

interface Field {
  name: string;
  dataTypeID: number;
}

interface Message {
  name: string;
  fields?: unknown[];
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export interface PreparedQueries {
  query<T>(sql: string, params: readonly SqlParam[]): Promise<T[]>;
  /**
   * Statements the caller runs another way (PGlite's own `query` and `exec`) are planned per call: in a
   * transaction, the SQL to run first (`SET LOCAL`, null when the backend already plans per call).
   */
  planPerCallInTransaction(): string | null;
  /** A script of several statements without parameters (migrations), planned per call. */
  exec(sql: string): Promise<void>;
  /** How many statements are prepared now (tests). */
  readonly size: number;
}

type PlanMode = 'generic' | 'custom';

export function preparedQueries(
  pg: PGlite,
  protocol: Protocol,
  types: Types,
  { max = MAX_PREPARED }: { max?: number } = {},
): PreparedQueries {
  const { serialize } = protocol;
  /** SQL text → statement name, oldest first. */
  const names = new Map<string, string>();
  /** Names whose statement may not exist (evicted, or the message that parsed it failed). */
  const toClose: string[] = [];
  const sync = serialize.sync();
  const describePortal = serialize.describe({ type: 'P' });
  const execute = serialize.execute({});
  // Before a statement whose plan mode (`plan-generic.ts`) is not the backend's: each a query of its
  // own, done before the statement's messages, so it holds even when the statement fails. The mode is
  // switched only when it changes (decision 008, round 15): a SET before and after each marked statement
  // was 0.05–0.1 ms of a list answer's 0.5 ms statement on PGlite.
  const SET_CUSTOM = 'set plan_cache_mode = force_custom_plan';
  const SET_LOCAL_CUSTOM = 'set local plan_cache_mode = force_custom_plan';
  const setMode: Record<PlanMode, Uint8Array> = {
    generic: serialize.query('set plan_cache_mode = force_generic_plan'),
    custom: serialize.query(SET_CUSTOM),
  };
  /** The backend's mode as the last statement here left it; null when unknown (a script ran). */
  let mode: PlanMode | null = null;

  const message = (
    sql: string,
    params: readonly SqlParam[],
  ): { bytes: Uint8Array; parsed: string | null; planned: PlanMode } => {
    const parts: Uint8Array[] = [];
    const planned: PlanMode = isPlannedGeneric(sql) ? 'generic' : 'custom';
    if (mode !== planned) parts.push(setMode[planned]);
    for (const name of toClose.splice(0)) parts.push(serialize.close({ type: 'S', name }));
    let name = names.get(sql);
    let parsed: string | null = null;
    if (name === undefined) {
      if (names.size >= max) {
        const [oldSql, oldName] = names.entries().next().value as [string, string];
        names.delete(oldSql);
        parts.push(serialize.close({ type: 'S', name: oldName }));
      }
      name = `e${nextName++}`;
      names.set(sql, name);
      parsed = name;
      parts.push(serialize.parse({ name, text: sql, types: [] }));
    }
    const values = params.map((v) => pgUtils.prepareValue(v) as string | null);
    parts.push(serialize.bind({ statement: name, values }), describePortal, execute, sync);
    return { bytes: concat(parts), parsed, planned };
  };

  const forget = (sql: string) => {
    const name = names.get(sql);
    if (name === undefined) return;
    names.delete(sql);
    toClose.push(name);
  };

  const rowsOf = <T>(messages: Message[]): T[] => {
    let fields: Field[] = [];
    const rows: T[] = [];
    for (const m of messages) {
      if (m.name === 'rowDescription') fields = m.fields as Field[];
      else if (m.name === 'dataRow') {
        const row: Record<string, unknown> = {};
        const values = m.fields as (string | null)[];
        for (let i = 0; i < fields.length; i++) {
          const f = fields[i]!;
          row[f.name] = types.parseType(values[i] ?? null, f.dataTypeID, pg.parsers);
        }
        rows.push(row as T);
      }
    }
    return rows;
  };

  const once = async <T>(sql: string, params: readonly SqlParam[]): Promise<T[]> => {
    const { bytes, parsed, planned } = message(sql, params);
    try {
      const { messages } = await pg.execProtocol(bytes);
      mode = planned;
      return rowsOf<T>(messages as Message[]);
    } catch (err) {
      // The SET ran before the statement's messages (it cannot fail), whatever they did.
      mode = planned;
      // After an error PostgreSQL skips to the sync: a statement parsed in this message may not exist.
      if (parsed !== null || (err as { code?: string }).code === CACHED_PLAN_CHANGED) forget(sql);
      throw err;
    }
  };

  return {
    query<T>(sql: string, params: readonly SqlParam[]): Promise<T[]> {
      // The same locks as PGlite's `query`: never inside another caller's transaction.
      return pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          try {
            return await once<T>(sql, params);
          } catch (err) {
            // A migration changed a table a kept `select *` reads: prepare it again, once.
            if ((err as { code?: string }).code !== CACHED_PLAN_CHANGED) throw err;
            return once<T>(sql, params);
          }
        }),
      );
    },
    // Read in the caller's transaction, which holds every statement here back: `mode` stays as read.
    // `SET LOCAL` ends with the transaction, so the mode after it is the one before.
    planPerCallInTransaction() {
      return mode === 'custom' ? null : SET_LOCAL_CUSTOM;
    },
    exec(sql) {
      // One implicit transaction: a failing statement undoes the SET before it, so the mode is then unknown.
      return pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          mode = null;
          await pg.execProtocol(serialize.query(`${SET_CUSTOM};\n${sql}`));
          mode = 'custom';
        }),
      );
    },
    get size() {
      return names.size;
    },
  };
}
