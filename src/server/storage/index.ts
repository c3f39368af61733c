/**
 * The process's storage, chosen by configuration: local disk (STORAGE_DRIVER=local, the default) or
 * S3-compatible object storage (STORAGE_DRIVER=s3).
 */
import { getConfig, type Config } from '#server/config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './types';

/** Where the app serves local uploads: `${PUBLIC_ORIGIN}/media/<key>` (src/pages/media/[...key].ts). */
export const MEDIA_PATH = '/media';

/**
 * The storage of a configuration. Browsers load its objects from MEDIA_BASE_URL when set (a CDN in
 * front of either store), else from our origin's media path (local) or the S3 public base or bucket.
 */
export function createStorage(config: Pick<Config, 'storage' | 'publicOrigin'>): Storage {
  const cdn = config.storage.mediaBaseUrl;
  if (config.storage.driver === 's3') {
    return createS3Storage(cdn ? { ...config.storage.s3, publicBaseUrl: cdn } : config.storage.s3);
  }
  return createLocalStorage({
    root: config.storage.uploadsDir,
    publicBaseUrl: cdn || `${config.publicOrigin}${MEDIA_PATH}`,
  });
}

let current: Storage | null = null;

/**
 * The origin browsers load uploaded pictures from when it is not the site's own (S3 or its CDN): the
 * pages' CSP `img-src` must name it. Derived from the storage's own public URL of an object.
 */
export function externalImageOrigin(
  storage: Storage = getStorage(),
  publicOrigin = getConfig().publicOrigin,
): string | null {
  const origin = new URL(storage.publicUrl('00/csp.webp')).origin;
  return origin === new URL(publicOrigin).origin ? null : origin;
}

export function getStorage(): Storage {
  current ??= createStorage(getConfig());
  return current;
}

/** Tests inject their own storage; null goes back to the configured one. */
export function setStorageForTests(storage: Storage | null): void {
  current = storage;
}

export { createLocalStorage } from './local';
export { createS3Storage, S3StorageError } from './s3';
export { isValidStorageKey, contentTypeForKey } from './types';
export type { Storage, StoredObject, StorageDriverName } from './types';
export { assertRoomToStore, isOutOfSpace, storageFull, STORAGE_FULL_RETRY_AFTER_SECONDS } from './space';
