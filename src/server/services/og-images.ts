/**
 * Link-preview pictures, made once per stored image: on the first request (usually a messenger's
 * crawler) the og image is cut from the stored image and kept in storage next to it; later requests
 * read it back. Only images that a `files` row still names get one, and the check and the write happen
 * under the lock the cleanup job takes, so the cleanup (which removes the og image with the image) never
 * leaves one behind.
 */
import type { Db, Queryable } from '../db/index';
import { imageKey } from '../media/keys';
import { makeOgImage, ogImageKey } from '../media/og-image';
import type { Storage } from '../storage/index';
import { STORAGE_KEY_LOCK, storageKeyLockId } from './files';

interface Deps {
  db: Db;
  storage: Storage;
}

/** One making per image at a time: concurrent first requests share it. */
const making = new Map<string, Promise<Uint8Array | null>>();

async function isIssued(db: Queryable, key: string): Promise<boolean> {
  return (await db.query('select 1 from files where storage_key = $1 limit 1', [key])).length > 0;
}

async function make(hash: string, { db, storage }: Deps): Promise<Uint8Array | null> {
  const key = imageKey(hash);
  if (!(await isIssued(db, key))) return null;
  const source = await storage.get(key);
  if (!source) return null;
  const og = await makeOgImage(source);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, $2)', [STORAGE_KEY_LOCK, storageKeyLockId(key)]);
    if (!(await isIssued(tx, key))) return null;
    await storage.put(ogImageKey(hash), og, 'image/jpeg');
    return og;
  });
}

/** The JPEG bytes of the og image of a stored image, or null when there is no such image. */
export async function ogImageBytes(hash: string, deps: Deps): Promise<Uint8Array | null> {
  const kept = await deps.storage.get(ogImageKey(hash));
  if (kept) return kept;
  let job = making.get(hash);
  if (!job) {
    job = make(hash, deps).finally(() => making.delete(hash));
    making.set(hash, job);
  }
  return job;
}
