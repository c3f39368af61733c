/**
 * The page cache's memory: rendered answers by key (`routes.ts`), the tags each one shows, and the one
 * render of each key in flight (its claim). Process-local; `bus.ts` carries invalidations between
 * instances. See docs/decisions/009-page-cache.md.
 *
 * - An entry is fresh for its max age. After that, or once a tag it shows is invalidated, it is stale:
 *   it may still be answered for `swr` while one render makes the new copy, never longer.
 * - A claim exists only while a render that will store its answer is running (`provider.ts` takes it
 *   and releases it in a `finally`), so nobody ever waits on a render that nobody is doing; a claim
 *   older than CLAIM_MS is void whatever happened to its holder.
 * - A render that began before an invalidation of one of its tags is stored already stale.
 * - Memory is bounded in bytes (bodies, compressed copies, headers and keys together); the least
 *   recently used entries go first.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from '#server/http/encoding';

export type Compressed = Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;

export interface Entry {
  readonly key: string;
  readonly body: Buffer;
  readonly status: number;
  readonly headers: readonly [string, string][];
  readonly tags: readonly string[];
  /** When the render of this copy began: a writer's later pages skip copies older than the write. */
  readonly renderedAt: number;
  freshUntil: number;
  staleUntil: number;
  compressed: Compressed;
  /** Settles once the compressed copies are made (or failed). */
  ready: Promise<void>;
  bytes: number;
}

export interface Claim {
  readonly key: string;
  readonly startedAt: number;
  readonly done: Promise<void>;
  settle: () => void;
}

export interface StoreOptions {
  enabled: boolean;
  maxBytes: number;
}

/** A claim older than this is void (a render never takes that long; the holder is gone). */
export const CLAIM_MS = 10_000;
/** Answers larger than this are not kept. */
export const MAX_BODY = 512 * 1024;
/** Per-entry bookkeeping on top of its bytes (maps, arrays, strings). */
const ENTRY_OVERHEAD = 512;

let options: StoreOptions = { enabled: true, maxBytes: 64 * 1024 * 1024 };
const entries = new Map<string, Entry>();
const byTag = new Map<string, Set<string>>();
const claims = new Map<string, Claim>();
/** When each tag was last invalidated (kept CLAIM_MS: only renders in flight need it). */
const tagStamps = new Map<string, number>();
let allStamp = 0;
let bytes = 0;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function configureStore(next: StoreOptions): void {
  options = next;
  if (!next.enabled) clearStore();
}

/**
 * False while this instance may be missing other instances' invalidations (its bus does not hear them):
 * then no copy is answered or kept, since none can be vouched for (`bus.ts`).
 */
let vouched = true;

export function setVouched(value: boolean): void {
  if (value === vouched) return;
  vouched = value;
  if (!value) clearStore();
}

export function storeEnabled(): boolean {
  return options.enabled && vouched;
}

/** The entry of a key (marking it recently used), fresh or stale. */
export function lookup(key: string): Entry | undefined {
  const e = entries.get(key);
  if (e) {
    entries.delete(key);
    entries.set(key, e);
  }
  return e;
}

export function isFresh(e: Entry, now = Date.now()): boolean {
  return now < e.freshUntil;
}

/** May be answered while a render of its key is in flight. */
export function isServableStale(e: Entry, now = Date.now()): boolean {
  return now < e.staleUntil;
}

/** The render in flight for a key, if its claim is still live. */
export function activeClaim(key: string, now = Date.now()): Claim | undefined {
  const c = claims.get(key);
  if (c && now - c.startedAt >= CLAIM_MS) {
    release(c);
    return undefined;
  }
  return c;
}

/** Takes the render of a key, or undefined when another live render has it. */
export function claim(key: string, now = Date.now()): Claim | undefined {
  if (activeClaim(key, now)) return undefined;
  let settle = () => {};
  const done = new Promise<void>((resolve) => (settle = resolve));
  const c: Claim = { key, startedAt: now, done, settle };
  claims.set(key, c);
  return c;
}

/** Ends a render: whoever waits on it looks again. Safe to call twice. */
export function release(c: Claim): void {
  if (claims.get(c.key) === c) claims.delete(c.key);
  c.settle();
}

/** Waits for a render in flight, at most `ms` and never past its claim's life. */
export function waitFor(c: Claim, ms: number, now = Date.now()): Promise<void> {
  const left = Math.max(0, Math.min(ms, c.startedAt + CLAIM_MS - now));
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, left);
    void c.done.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface Stored {
  body: Buffer;
  status: number;
  headers: [string, string][];
  tags: readonly string[];
  maxAgeMs: number;
  swrMs: number;
  /** Make brotli and gzip copies (answers sent to clients); off for data only read here. */
  compress?: boolean;
}

/**
 * Keeps the answer of a claimed render (a larger one is not kept) and releases the claim. A render that
 * began before an invalidation of one of its tags is kept already stale. The same body as the copy it
 * replaces keeps that copy's compressed versions.
 */
export function store(c: Claim, answer: Stored, now = Date.now()): Entry | undefined {
  try {
    if (!options.enabled || answer.body.byteLength > MAX_BODY) return undefined;
    const invalidatedSince = staleSince(answer.tags, c.startedAt);
    const freshUntil = invalidatedSince === null ? now + answer.maxAgeMs : now;
    const old = entries.get(c.key);
    const same = old !== undefined && old.status === answer.status && old.body.equals(answer.body);
    const entry: Entry = {
      key: c.key,
      body: answer.body,
      status: answer.status,
      headers: answer.headers,
      tags: [...answer.tags],
      renderedAt: c.startedAt,
      freshUntil,
      staleUntil: freshUntil + answer.swrMs,
      compressed: same ? old.compressed : {},
      ready: same ? old.ready : Promise.resolve(),
      bytes: 0,
    };
    if (old) drop(old);
    entry.bytes = sizeOf(entry);
    if (!same && answer.compress !== false) entry.ready = compress(entry);
    entries.set(c.key, entry);
    bytes += entry.bytes;
    for (const tag of entry.tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(c.key);
    }
    evict();
    return entry;
  } finally {
    release(c);
  }
}

function staleSince(tags: readonly string[], startedAt: number): number | null {
  if (allStamp > startedAt) return allStamp;
  for (const tag of tags) {
    const at = tagStamps.get(tag);
    if (at !== undefined && at > startedAt) return at;
  }
  return null;
}

/**
 * Marks every entry showing one of the tags stale as of `at` (answered for at most `swrMs` more while
 * its new render runs), and remembers the invalidation for renders in flight.
 */
export function invalidateTags(tags: readonly string[], swrMs: number, at = Date.now()): number {
  let marked = 0;
  for (const tag of tags) {
    tagStamps.set(tag, at);
    for (const key of byTag.get(tag) ?? []) {
      const e = entries.get(key);
      if (e && markStale(e, at, swrMs)) marked++;
    }
  }
  pruneStamps(at);
  return marked;
}

/** Everything stale as of `at` (another instance's messages may have been missed). */
export function invalidateAll(swrMs: number, at = Date.now()): void {
  allStamp = at;
  for (const e of entries.values()) markStale(e, at, swrMs);
}

function markStale(e: Entry, at: number, swrMs: number): boolean {
  if (e.freshUntil <= at && e.staleUntil <= at + swrMs) return false;
  e.freshUntil = Math.min(e.freshUntil, at);
  e.staleUntil = Math.min(e.staleUntil, at + swrMs);
  return true;
}

function pruneStamps(now: number): void {
  if (tagStamps.size < 1_000) return;
  for (const [tag, at] of tagStamps) if (now - at > CLAIM_MS) tagStamps.delete(tag);
}

function drop(e: Entry): void {
  entries.delete(e.key);
  bytes -= e.bytes;
  for (const tag of e.tags) {
    const keys = byTag.get(tag);
    keys?.delete(e.key);
    if (keys?.size === 0) byTag.delete(tag);
  }
}

function evict(): void {
  for (const e of entries.values()) {
    if (bytes <= options.maxBytes) return;
    drop(e);
  }
}

function sizeOf(e: Entry): number {
  let n = ENTRY_OVERHEAD + e.key.length * 2 + e.body.byteLength;
  for (const [k, v] of e.headers) n += (k.length + v.length) * 2;
  for (const t of e.tags) n += t.length * 2;
  for (const c of Object.values(e.compressed)) n += c.byteLength;
  return n;
}

/**
 * Brotli quality of the kept copies. Measured on a 61 KB photographer page (decision 008): quality 7
 * costs 1.1 ms and gives 9,554 bytes; 9 gave 9,515 bytes for 15 ms, 11 8,967 bytes for 53 ms. Every
 * render that is kept pays this once, so after each write it is part of what a fresh page costs.
 */
export const KEPT_BROTLI_QUALITY = 7;

async function compress(e: Entry): Promise<void> {
  try {
    const [br, gz] = await Promise.all([
      brotli(e.body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: e.body.length,
        },
      }),
      gzipAsync(e.body, { level: 9 }),
    ]);
    e.compressed = { br, gzip: gz };
    // Count the copies only while the entry is still the one stored under its key.
    if (entries.get(e.key) === e) {
      const before = e.bytes;
      e.bytes = sizeOf(e);
      bytes += e.bytes - before;
      evict();
    }
  } catch {
    // Without a compressed copy the page is still answered, compressed per request by the server.
  }
}

export interface StoreStats {
  entries: number;
  bytes: number;
  claims: number;
  tags: number;
}

/**
 * Forgets the copy of a key: its render answered something else than a page to keep (the event was
 * deleted or hidden: a 404), so the old copy must not be answered any more, stale or not.
 */
export function forget(key: string): void {
  const e = entries.get(key);
  if (e) drop(e);
}

export function storeStats(): StoreStats {
  return { entries: entries.size, bytes, claims: claims.size, tags: byTag.size };
}

/** Empties the store (tests, and turning the cache off). Claims in flight stay until released. */
export function clearStore(): void {
  entries.clear();
  byTag.clear();
  tagStamps.clear();
  bytes = 0;
}
