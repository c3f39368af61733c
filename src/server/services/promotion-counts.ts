import type { SqlParam } from '../db/client';
import type { Queryable } from '../db/index';

/**
 * Totals of list queries, kept for a few seconds: counting every match is the expensive half of a list
 * page at 100k events, and the same filters are asked again and again. Any event write in this process
 * clears it; another instance's total is at most COUNT_TTL_MS old.
 */
const COUNT_TTL_MS = 5_000;
const counts = new Map<string, { total: number; expiresAt: number }>();

export function clearPromotionCounts(): void {
  counts.clear();
}

export async function countMatching(db: Queryable, where: string, params: SqlParam[]): Promise<number> {
  const key = `${where}|${JSON.stringify(params)}`;
  const now = Date.now();
  const hit = counts.get(key);
  if (hit && hit.expiresAt > now) return hit.total;
  const rows = await db.query<{ total: number }>(`select count(*)::int as total from promotions p where ${where}`, params);
  const total = rows[0]?.total ?? 0;
  if (counts.size > 1_000) counts.clear();
  counts.set(key, { total, expiresAt: now + COUNT_TTL_MS });
  return total;
}

