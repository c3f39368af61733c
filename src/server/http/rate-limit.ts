/**
 * Fixed-window rate limits, keyed by a bucket name and a caller key (IP or member). Past the limit the
 * caller gets 429 TOO_MANY_REQUESTS with Retry-After. The windows live in process memory, or, when a
 * PostgreSQL database is passed (DATABASE_URL), in its `rate_limits` table, so every instance on that
 * database counts against the same limit (docs/decisions/014-sessions-and-content.md).
 */
import type { Db } from '#server/db/index';
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  /** Milliseconds until the window resets. */
  msLeft: number;
}

const windows = new Map<string, { count: number; resetAt: number }>();

function memoryHit(id: string, windowMs: number, now: number): Window {
  let w = windows.get(id);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + windowMs };
    windows.set(id, w);
    if (windows.size > 50_000) sweep(now);
  }
  w.count++;
  return { count: w.count, msLeft: w.resetAt - now };
}

function sweep(now: number): void {
  for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
}

/**
 * One atomic upsert for the hits of one request (one row per window); the database's clock times the
 * windows, so instances' clocks do not matter.
 */
async function postgresHits(db: Db, hits: readonly { id: string; windowMs: number }[]): Promise<Window[]> {
  const rows = await db.query<{ key: string; count: number; ms_left: number }>(
    `insert into rate_limits as r (key, count, reset_at)
     select k, 1, now() + make_interval(secs => s) from unnest($1::text[], $2::float8[]) as h(k, s)
     on conflict (key) do update set
       count = case when r.reset_at <= now() then 1 else r.count + 1 end,
       reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
     returning key, count, (extract(epoch from (reset_at - now())) * 1000)::float8 as ms_left`,
    [hits.map((h) => h.id), hits.map((h) => h.windowMs / 1000)],
  );
  // Expired windows are removed now and then (about one hit in 500), never on the caller's time.
  if (Math.random() < 0.002) {
    db.query(`delete from rate_limits where reset_at < now() - interval '1 minute'`).catch(() => undefined);
  }
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return hits.map((h) => {
    const row = byKey.get(h.id) as { count: number; ms_left: number };
    return { count: row.count, msLeft: Number(row.ms_left) };
  });
}

export interface RateLimitHit {
  bucket: string;
  key: string;
  rule: RateLimitRule;
}

/**
 * Counts one hit in each window (in `db` when it is PostgreSQL, in one statement, else in memory);
 * throws 429 once any window's limit is passed, with the longest wait among those passed.
 */
export async function hitRateLimits(
  hits: readonly RateLimitHit[],
  db: Db | null = null,
  now = Date.now(),
): Promise<void> {
  // The rule is part of the key: instances sharing a database share windows only for the same rule.
  const ids = hits.map(({ bucket, key, rule }) => ({
    id: `${bucket}:${rule.limit}/${rule.windowMs}:${key}`,
    windowMs: rule.windowMs,
  }));
  const windows =
    db?.kind === 'postgres' ? await postgresHits(db, ids) : ids.map((h) => memoryHit(h.id, h.windowMs, now));
  let waitMs: number | null = null;
  windows.forEach((w, i) => {
    if (w.count > hits[i]!.rule.limit) waitMs = Math.max(waitMs ?? 0, w.msLeft, 0);
  });
  if (waitMs !== null) throw tooManyRequests(waitMs / 1000);
}

/** Counts one hit (in `db` when it is PostgreSQL, else in memory); throws 429 once the window's limit is passed. */
export async function hitRateLimit(
  bucket: string,
  key: string,
  rule: RateLimitRule,
  db: Db | null = null,
  now = Date.now(),
): Promise<void> {
  await hitRateLimits([{ bucket, key, rule }], db, now);
}

export function resetRateLimits(): void {
  windows.clear();
}

/**
 * The client address: the socket's, or, when TRUST_PROXY is on, the last X-Forwarded-For hop — the one
 * our reverse proxy appended. Earlier hops come from the client itself (anyone can send the header), so
 * keying on the first one would let a caller pick a fresh address per request and escape the limit.
 */
export function clientKey(request: Request, clientAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (fwd) return fwd;
  }
  return clientAddress ?? 'unknown';
}
