/**
 * Members share the list answers too. A list answer is the same for everyone but for `isSaved` (and,
 * for the caller's own saves, the count), so a member's list or search reuses the shared answer for
 * that filter (computed once per max age, single-flight, invalidated by the same tags as the pages)
 * and only the caller's part is read per request (`services/saved-state.ts`, one indexed query).
 */
import { getConfig } from '#server/config';
import { log } from '#server/log';
import {
  activeClaim,
  claim,
  isFresh,
  isServableStale,
  lookup,
  release,
  store,
  storeEnabled,
  waitFor,
  type Claim,
  type Entry,
} from './store';

const WAIT_MS = 5_000;

/** The shared value of a list answer (key from `routes.ts`), computing it at most once at a time. */
export async function sharedAnswer<T>(key: string, shows: readonly string[], compute: () => Promise<T>): Promise<T> {
  if (!storeEnabled()) return compute();
  const k = `data:${key}`;
  const now = Date.now();
  const e = lookup(k);
  if (e && isFresh(e, now)) return read<T>(e);
  const mine = claim(k, now);
  if (mine) {
    if (e && isServableStale(e, now)) {
      void fill(mine, shows, compute).catch((err: unknown) =>
        log('warn', 'shared list refresh failed', { key, error: err instanceof Error ? err.message : String(err) }),
      );
      return read<T>(e);
    }
    return fill(mine, shows, compute);
  }
  if (e && isServableStale(e, now)) return read<T>(e);
  const theirs = activeClaim(k, now);
  if (theirs) {
    await waitFor(theirs, WAIT_MS, now);
    const after = lookup(k);
    if (after && isServableStale(after)) return read<T>(after);
  }
  return compute();
}

async function fill<T>(mine: Claim, shows: readonly string[], compute: () => Promise<T>): Promise<T> {
  try {
    const value = await compute();
    const { maxAgeSeconds, swrSeconds } = getConfig().pageCache;
    store(mine, {
      body: Buffer.from(JSON.stringify(value)),
      status: 200,
      headers: [],
      tags: shows,
      maxAgeMs: maxAgeSeconds * 1000,
      swrMs: swrSeconds * 1000,
      compress: false,
    });
    return value;
  } finally {
    release(mine);
  }
}

/** A fresh copy per caller: the overlay changes it. */
function read<T>(e: Entry): T {
  return JSON.parse(e.body.toString('utf8')) as T;
}
