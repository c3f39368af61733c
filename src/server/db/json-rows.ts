import type { SqlParam } from './client';
import type { Queryable } from './index';
import { planGeneric } from './plan-generic';
import { planOnce } from './plan-once';

/**
 * The rows of `sql` as one JSON document, parsed once (decision 008). On PGlite, decoding a
 * result costs per field (a list page of ten events: 170 fields, a fifth of the statement's time);
 * one text field and `JSON.parse` cost less, and so on node-postgres. Only for rows whose columns JSON
 * carries as the row parsers would (text, integers, booleans, `date` as `YYYY-MM-DD`, arrays, jsonb):
 * not timestamps, whose JSON form differs. `orderBy` orders the aggregate over the columns of `r`.
 */
export async function queryJsonRows<R>(
  db: Queryable,
  sql: string,
  params: SqlParam[],
  orderBy: string,
  options: JsonRowsPlan = {},
): Promise<R[]> {
  const parts = { rows: { sql, orderBy, map: (row: unknown) => row as R } };
  const { rows } = await queryJsonParts<{ rows: R }>(db, parts, params, options);
  return rows;
}

/**
 * How the statement is planned: `once`, with the server's own values written into it (`plan-once.ts`);
 * `generic`, once for any values (`plan-generic.ts`); by default, for the values of each call.
 */
export interface JsonRowsPlan {
  once?: boolean;
  generic?: boolean;
}

/** One list of a statement that reads several (`queryJsonParts`): its rows' SQL, their order, a mapper. */
export interface JsonRowsPart<T> {
  sql: string;
  /** Over the columns of `r`, as for `queryJsonRows`. */
  orderBy: string;
  map: (row: unknown) => T;
}

/**
 * Several lists in one statement (one round trip, one planning), each as one JSON document: what a
 * page shows side by side (the home page's events and photographers). The parts share `params`;
 * with `once`, they are written into the statement, which is then planned once (`plan-once.ts`); with
 * `generic`, the statement is planned once for any values (`plan-generic.ts`).
 */
export async function queryJsonParts<T extends Record<string, unknown>>(
  db: Queryable,
  parts: { [K in keyof T]: JsonRowsPart<T[K]> },
  params: SqlParam[],
  { once = false, generic = false }: JsonRowsPlan = {},
): Promise<{ [K in keyof T]: T[K][] }> {
  const names = Object.keys(parts) as (keyof T & string)[];
  const columns = names.map(
    (name, i) =>
      `(select coalesce(json_agg(r order by ${parts[name].orderBy}), '[]')::text from (${parts[name].sql}) r) as p${i}`,
  );
  const select = `select ${columns.join(', ')}`;
  const sql = generic ? planGeneric(select) : select;
  // `once`: the values are the server's own (today, the page's sizes), so the statement is planned once.
  const [row] = once
    ? await db.query<Record<string, string>>(planOnce(sql, params), [])
    : await db.query<Record<string, string>>(sql, params);
  const out = {} as { [K in keyof T]: T[K][] };
  names.forEach((name, i) => {
    const rows = JSON.parse(row?.[`p${i}`] ?? '[]') as unknown[];
    out[name] = rows.map(parts[name].map);
  });
  return out;
}
