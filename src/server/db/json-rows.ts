import type { SqlParam } from './client';
import type { Queryable } from './index';

/**
 * The rows of `sql` as one JSON document, parsed once (decision 008, round 4). On PGlite, decoding a
 * result costs per field (a list page of ten events: 170 fields, a fifth of the statement's time);
 * one text field and `JSON.parse` cost less, and so on node-postgres. Only for rows whose columns JSON
 * carries as the row parsers would (text, integers, booleans, `date` as `YYYY-MM-DD`, arrays, jsonb):
 * not timestamps, whose JSON form differs. `orderBy` orders the aggregate over the columns of `r`.
 */
export async function queryJsonRows<R>(db: Queryable, sql: string, params: SqlParam[], orderBy: string): Promise<R[]> {
  const rows = await db.query<{ rows: string }>(
    `select coalesce(json_agg(r order by ${orderBy}), '[]')::text as rows from (${sql}) r`,
    params,
  );
  return JSON.parse(rows[0]?.rows ?? '[]') as R[];
}
