import type { SqlParam } from '#server/db/client';
import type { Queryable } from '#server/db/index';

/**
 * Totals of list queries (events, photographers), kept for a few seconds: counting every match is the
 * expensive half of a list page (a common word at 1M events: seconds), and the same filters are asked
 * again and again. A total is kept fresh (from when it was counted) for COUNT_TTL_MS, or COUNT_COST_RATIO
 * times as long as it took to count when that is longer, so counting again costs the database at most
 * a thirty-first of a core for each filter being asked (a 1.7 s count kept 5 s took a quarter of one);
 * it is then still answered for up to COUNT_STALE_MS while one request counts it again in the background,
 * so only the first search of a filter waits for its count. A write in this process that changes what
 * a table's lists find clears that table's totals (the writer's next page counts its own event);
 * another instance's total is at most its freshness plus one count old.
 */
const COUNT_TTL_MS = 5_000;
export const COUNT_COST_RATIO = 30;
const COUNT_STALE_MS = 60_000;

/** How long a total stays fresh once counted, from how long counting it took. */
export const freshFor = (countMs: number): number => Math.max(COUNT_TTL_MS, COUNT_COST_RATIO * countMs);

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

/** The tables whose lists are counted here, and the alias their WHERE clauses use. */
const COUNTED_ALIAS = { promotions: 'p', photographer_pages: 'pp' } as const;
export type CountedTable = keyof typeof COUNTED_ALIAS;

interface Kept {
  /** The count being made, or made (a burst of the same list counts once, not once per request). */
  count: Promise<MatchCount>;
  /** Once counted: the total, and until when it is fresh (then stale, answered while counted again). */
  value?: MatchCount;
  expiresAt: number;
  /** A new count of a stale total is running. */
  recounting?: boolean;
}

/** The kept counts of each table's lists (the photographer page's tab counts are the events'). */
const counts: Record<CountedTable, Map<string, Kept>> = { promotions: new Map(), photographer_pages: new Map() };

/**
 * Forgets the kept counts of `table`'s lists (a write changed what they find), or of every list: an
 * edit of a photographer's page does not make the next search of a common word count 1M events again.
 */
export function clearPromotionCounts(table?: CountedTable): void {
  for (const t of table ? [table] : (Object.keys(counts) as CountedTable[])) counts[t].clear();
}

const keyOf = (where: string, params: SqlParam[]) => `${where}|${JSON.stringify(params)}`;

/** The kept count of the events matching `where`, without asking the database; undefined when none is kept. */
export function keptCount(where: string, params: SqlParam[], now = Date.now()): Promise<MatchCount> | undefined {
  const hit = counts.promotions.get(keyOf(where, params));
  return hit && hit.expiresAt > now ? hit.count : undefined;
}

function keep(table: CountedTable, key: string, entry: Kept): void {
  const kept = counts[table];
  if (kept.size > 1_000 && !kept.has(key)) kept.clear();
  kept.set(key, entry);
}

/**
 * Keeps a count read as part of another statement (the photographer page's tab counts, read with its
 * cards), as `countWithSize` keeps its own; `rows` (the table's size) is unknown there and left 0.
 */
export function keepCount(where: string, params: SqlParam[], total: number, now = Date.now()): void {
  const value = { total, rows: 0, parts: [total] };
  keep('promotions', keyOf(where, params), { count: Promise.resolve(value), value, expiresAt: now + COUNT_TTL_MS });
}

/**
 * The kept (or a new) count of the events matching `where`, with the table's estimated size, and the
 * count of each of `parts` (conditions on those rows, their parameters in `params`) in the same
 * statement. A stale kept count is answered while it is counted again (at most one count at a time).
 */
export function countWithSize(
  db: Queryable,
  where: string,
  params: SqlParam[],
  parts: readonly string[] = [],
  now = Date.now(),
  table: CountedTable = 'promotions',
): Promise<MatchCount> {
  const key = keyOf(parts.length > 0 ? `${where} | ${parts.join(' | ')}` : where, params);
  const kept = counts[table];
  const hit = kept.get(key);
  if (hit && (hit.expiresAt > now || !hit.value)) return hit.count;
  const count = () => {
    const partColumns = parts.map((part, i) => `, count(*) filter (where ${part})::int as part${i}`).join('');
    return db
      .query<Record<string, number | string | undefined>>(
        `select count(*)::int as total${partColumns},
                (select greatest(c.reltuples, 0)::float8 from pg_class c where c.oid = '${table}'::regclass) as rows
           from ${table} ${COUNTED_ALIAS[table]} where ${where}`,
        params,
      )
      .then((rows): MatchCount => {
        const row = rows[0] ?? {};
        const total = Number(row['total'] ?? 0);
        return {
          total,
          rows: Number(row['rows'] ?? 0),
          parts: parts.length > 0 ? parts.map((_, i) => Number(row[`part${i}`] ?? 0)) : [total],
        };
      });
  };
  // Kept from when it finished (a slow count kept from when it began would expire before it was done).
  const began = Date.now();
  const freshUntil = () => now + (Date.now() - began) + freshFor(Date.now() - began);
  if (hit?.value && now - hit.expiresAt < COUNT_STALE_MS) {
    if (!hit.recounting) {
      hit.recounting = true;
      count().then(
        (value) => {
          if (kept.get(key) === hit)
            keep(table, key, { count: Promise.resolve(value), value, expiresAt: freshUntil() });
        },
        () => (hit.recounting = false),
      );
    }
    return Promise.resolve(hit.value);
  }
  const entry: Kept = { count: count(), expiresAt: Number.POSITIVE_INFINITY };
  keep(table, key, entry);
  entry.count.then(
    (value) => {
      entry.value = value;
      entry.expiresAt = freshUntil();
    },
    // A failed count is not kept: the next request asks the database again.
    () => {
      if (kept.get(key) === entry) kept.delete(key);
    },
  );
  return entry.count;
}

export async function countMatching(
  db: Queryable,
  where: string,
  params: SqlParam[],
  now = Date.now(),
): Promise<number> {
  return (await countWithSize(db, where, params, [], now)).total;
}
