import type { SqlParam } from '#server/db/client';
import type { Queryable } from '#server/db/index';

/**
 * Totals of list queries, kept for a few seconds: counting every match is the expensive half of a list
 * page at 100k events, and the same filters are asked again and again. Any event write in this process
 * clears it; another instance's total is at most COUNT_TTL_MS old.
 */
const COUNT_TTL_MS = 5_000;
const SLOW_COUNT_MS = 1_000;

/**
 * The matches of a list query, and the planner's estimate of the events in the table (`pg_class.reltuples`,
 * 0 before the first analyze), read in the same statement: a list chooses its plan from both, and an
 * exact count of the whole table would cost a second round trip and a walk of its index.
 */
export interface MatchCount {
  total: number;
  rows: number;
  /** The matches of each part of the list's order (`countWithSize`'s `parts`), in turn; else `[total]`. */
  parts: number[];
}

/** A total being counted is shared too: a burst of the same list counts once, not once per request. */
const counts = new Map<string, { count: Promise<MatchCount>; expiresAt: number }>();

export function clearPromotionCounts(): void {
  counts.clear();
}

const keyOf = (where: string, params: SqlParam[]) => `${where}|${JSON.stringify(params)}`;

/** The kept count of the events matching `where`, without asking the database; undefined when none is kept. */
export function keptCount(where: string, params: SqlParam[], now = Date.now()): Promise<MatchCount> | undefined {
  const hit = counts.get(keyOf(where, params));
  return hit && hit.expiresAt > now ? hit.count : undefined;
}

/**
 * Keeps a count read as part of another statement (the photographer page's tab counts, read with its
 * cards), as `countWithSize` keeps its own; `rows` (the table's size) is unknown there and left 0.
 */
export function keepCount(where: string, params: SqlParam[], total: number, now = Date.now()): void {
  if (counts.size > 1_000) counts.clear();
  counts.set(keyOf(where, params), {
    count: Promise.resolve({ total, rows: 0, parts: [total] }),
    expiresAt: now + COUNT_TTL_MS,
  });
}

/**
 * The kept (or a new) count of the events matching `where`, with the table's estimated size, and the
 * count of each of `parts` (conditions on those rows, their parameters in `params`) in the same
 * statement.
 */
export function countWithSize(
  db: Queryable,
  where: string,
  params: SqlParam[],
  parts: readonly string[] = [],
  now = Date.now(),
): Promise<MatchCount> {
  const kept = parts.length > 0 ? `${where} | ${parts.join(' | ')}` : where;
  const key = keyOf(kept, params);
  const hit = keptCount(kept, params, now);
  if (hit) return hit;
  const partColumns = parts.map((part, i) => `, count(*) filter (where ${part})::int as part${i}`).join('');
  const count = db
    .query<Record<string, number | string | undefined>>(
      `select count(*)::int as total${partColumns},
              (select greatest(c.reltuples, 0)::float8 from pg_class c where c.oid = 'promotions'::regclass) as rows
         from promotions p where ${where}`,
      params,
    )
    .then((rows) => {
      const row = rows[0] ?? {};
      const total = Number(row['total'] ?? 0);
      return {
        total,
        rows: Number(row['rows'] ?? 0),
        parts: parts.length > 0 ? parts.map((_, i) => Number(row[`part${i}`] ?? 0)) : [total],
      };
    });
  if (counts.size > 1_000) counts.clear();
  const entry = { count, expiresAt: now + COUNT_TTL_MS };
  counts.set(key, entry);
  // A count slower than SLOW_COUNT_MS (a common keyword at 1M events: seconds) is kept COUNT_TTL_MS from
  // when it finished: kept from when it began, it expired before it was done and every request recounted.
  const began = Date.now();
  void count.then(
    () => {
      const took = Date.now() - began;
      if (took > SLOW_COUNT_MS) entry.expiresAt += took;
    },
    () => undefined,
  );
  // A failed count is not kept: the next request asks the database again.
  count.catch(() => {
    if (counts.get(key) === entry) counts.delete(key);
  });
  return count;
}

export async function countMatching(
  db: Queryable,
  where: string,
  params: SqlParam[],
  now = Date.now(),
): Promise<number> {
  return (await countWithSize(db, where, params, [], now)).total;
}
