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
import { randomToken, readStorageJson, removeStorage, writeStorageJson } from '#client/browser';

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
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
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
function leaseChange(key: string, ms: number): Promise<boolean> {
  return storageChange(key, Math.max(1, Math.min(ms, POLL_MS)));
}

async function withLease<T>(key: string, fn: (waited: boolean) => Promise<T>): Promise<T> {
  const owner = randomToken(12);
  let waited = false;
  for (;;) {
    const now = Date.now();
    const lease = readLease(key);
    if (lease && lease.owner !== owner && lease.until > now) {
      waited = true;
      await leaseChange(key, lease.until - now);
      continue;
    }
    writeStorageJson('local', key, { owner, until: now + LEASE_MS });
    await sleep(SETTLE_MS);
    // Ours, or storage that keeps nothing (private mode): go ahead rather than wait forever.
    const held = readLease(key);
    if (!held || held.owner === owner) break;
    waited = true;
  }
  try {
    return await fn(waited);
  } finally {
    if (readLease(key)?.owner === owner) removeStorage('local', key);
  }
}

const BUSY = Symbol('busy');

/**
 * Runs `fn` while no other tab of this origin runs a `withTabLock` of the same name. `fn` learns whether
 * it had to wait for another holder: what that holder wrote to localStorage may reach this tab a moment
 * after the lock does (Chromium delivers the two separately), so a waiter may need `storageChange`.
 */
export async function withTabLock<T>(name: string, fn: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (!locks) return withLease(`tabLock:${name}`, fn);
  const first = await locks.request(name, { ifAvailable: true }, async (lock): Promise<T | typeof BUSY> =>
    lock ? fn(false) : BUSY,
  );
  if (first !== BUSY) return first;
  return locks.request(name, () => fn(true));
}

/** Resolves true when another tab changes `key` in localStorage within `ms`, false after `ms`. */
export function storageChange(key: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const target = globalThis as {
      addEventListener?: typeof addEventListener;
      removeEventListener?: typeof removeEventListener;
    };
    const finish = (changed: boolean) => {
      clearTimeout(timer);
      target.removeEventListener?.('storage', onStorage);
      resolve(changed);
    };
    const onStorage = (e: Event) => {
      if ((e as StorageEvent).key === key) finish(true);
    };
    const timer = setTimeout(() => finish(false), ms);
    target.addEventListener?.('storage', onStorage);
  });
}
