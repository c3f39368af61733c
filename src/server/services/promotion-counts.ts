import type { SqlParam } from '../db/client';
import type { Queryable } from '../db/index';

/**
 * Totals of list queries, kept for a few seconds: counting every match is the expensive half of a list
 * page at 100k events, and the same filters are asked again and again. Any event write in this process
 * clears it; another instance's total is at most COUNT_TTL_MS old.
 */
const COUNT_TTL_MS = 5_000;
/** A total being counted is shared too: a burst of the same list counts once, not once per request. */
const counts = new Map<string, { total: Promise<number>; expiresAt: number }>();

export function clearPromotionCounts(): void {
  counts.clear();
}

export function countMatching(db: Queryable, where: string, params: SqlParam[], now = Date.now()): Promise<number> {
  const key = `${where}|${JSON.stringify(params)}`;
  const hit = counts.get(key);
  if (hit && hit.expiresAt > now) return hit.total;
  const total = db
    .query<{ total: number }>(`select count(*)::int as total from promotions p where ${where}`, params)
    .then((rows) => rows[0]?.total ?? 0);
  if (counts.size > 1_000) counts.clear();
  const entry = { total, expiresAt: now + COUNT_TTL_MS };
  counts.set(key, entry);
  // A failed count is not kept: the next request asks the database again.
  total.catch(() => {
    if (counts.get(key) === entry) counts.delete(key);
  });
  return total;
}
