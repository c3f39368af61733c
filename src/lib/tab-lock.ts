/**
 * One holder at a time across every tab of this origin, for the token refresh (a second tab presenting
 * the token the first just spent used to revoke the chain and sign the member out).
 *
 * Web Locks (`navigator.locks.request`) where the browser has them. Elsewhere a lease in localStorage:
 * `{owner, until}` written by the holder and removed when done; a tab that finds a live lease of another
 * waits for the `storage` event that removes it (or polls, or the lease runs out), then tries again.
 * The lease is not a perfect mutex (two tabs can write at the same instant), which is why the server
 * also answers a just-spent refresh token with the same successor for a few seconds.
 */
import { randomToken, readStorageJson, removeStorage, writeStorageJson } from './browser';

/** A holder that crashed (tab closed mid-refresh) frees the fallback lease after this long. */
export const LEASE_MS = 10_000;
/** How long a fallback taker waits before checking that its lease was not overwritten. */
const SETTLE_MS = 30;
const POLL_MS = 200;

interface Lease {
  owner: string;
  until: number;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function webLocks(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function readLease(key: string): Lease | null {
  const v = readStorageJson('local', key) as Partial<Lease> | null;
  return v && typeof v.owner === 'string' && typeof v.until === 'number' ? { owner: v.owner, until: v.until } : null;
}

/** Resolves when the lease under `key` may have changed: its storage event, a poll tick, or `ms` at most. */
function leaseChange(key: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const target = globalThis as {
      addEventListener?: typeof addEventListener;
      removeEventListener?: typeof removeEventListener;
    };
    const done = () => {
      clearTimeout(timer);
      target.removeEventListener?.('storage', onStorage);
      resolve();
    };
    const onStorage = (e: Event) => {
      if ((e as StorageEvent).key === key || (e as StorageEvent).key === null) done();
    };
    const timer = setTimeout(done, Math.max(1, Math.min(ms, POLL_MS)));
    target.addEventListener?.('storage', onStorage);
  });
}

async function withLease<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const owner = randomToken(12);
  for (;;) {
    const now = Date.now();
    const lease = readLease(key);
    if (lease && lease.owner !== owner && lease.until > now) {
      await leaseChange(key, lease.until - now);
      continue;
    }
    writeStorageJson('local', key, { owner, until: now + LEASE_MS });
    await sleep(SETTLE_MS);
    // Ours, or storage that keeps nothing (private mode): go ahead rather than wait forever.
    const held = readLease(key);
    if (!held || held.owner === owner) break;
  }
  try {
    return await fn();
  } finally {
    if (readLease(key)?.owner === owner) removeStorage('local', key);
  }
}

/** Runs `fn` while no other tab of this origin runs a `withTabLock` of the same name. */
export function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(name, fn);
  return withLease(`tabLock:${name}`, fn);
}
