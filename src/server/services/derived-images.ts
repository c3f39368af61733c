/**
 * Pictures derived from a stored image (link-preview cuts, `srcset` variants), made once: on the first
 * request the derived picture is made from the stored image and kept in storage next to it; later
 * requests read it back. Only images that a `files` row still names get one, and the check and the
 * write happen under the lock the cleanup job takes, so the cleanup (which removes derived pictures with
 * the image) never leaves one behind.
 */
import type { Db, Queryable } from '#server/db/index';
import { imageKey } from '#server/media/keys';
import type { Storage } from '#server/storage/index';
import { STORAGE_KEY_LOCK, storageKeyLockId } from './files';

export interface DerivedDeps {
  db: Db;
  storage: Storage;
}

export interface Derivation {
  /** Where the derived picture is kept. */
  key: string;
  contentType: string;
  make: (stored: Uint8Array) => Promise<Uint8Array>;
}

/** One making per derived picture at a time: concurrent first requests share it. */
const making = new Map<string, Promise<Uint8Array | null>>();

async function isIssued(db: Queryable, key: string): Promise<boolean> {
  return (await db.query('select 1 from files where storage_key = $1 limit 1', [key])).length > 0;
}

async function make(hash: string, d: Derivation, { db, storage }: DerivedDeps): Promise<Uint8Array | null> {
  const key = imageKey(hash);
  if (!(await isIssued(db, key))) return null;
  const source = await storage.get(key);
  if (!source) return null;
  const bytes = await d.make(source);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, $2)', [STORAGE_KEY_LOCK, storageKeyLockId(key)]);
    if (!(await isIssued(tx, key))) return null;
    await storage.put(d.key, bytes, d.contentType);
    return bytes;
  });
}

/** The bytes of a picture derived from the stored image `hash`, or null when there is no such image. */
export async function derivedImageBytes(hash: string, d: Derivation, deps: DerivedDeps): Promise<Uint8Array | null> {
  const kept = await deps.storage.get(d.key);
  if (kept) return kept;
  let job = making.get(d.key);
  if (!job) {
    job = make(hash, d, deps).finally(() => making.delete(d.key));
    making.set(d.key, job);
  }
  return job;
}
