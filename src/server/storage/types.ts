/**
 * One interface over where uploaded bytes live: local disk (demo, development, tests) or an
 * S3-compatible object store (production). Keys are relative, slash-separated and content-hashed, so
 * an object never changes once written and `put` of an existing key is a no-op in effect.
 */
export type StorageDriverName = 'local' | 's3';

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Byte length when the store knows it. */
  size: number | null;
}

export interface Storage {
  readonly driver: StorageDriverName;
  /** Writes the whole object; readers never see a partial object. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The whole object, or null when there is no such key. */
  get(key: string): Promise<Uint8Array | null>;
  /** The object as a stream, or null when there is no such key. */
  stream(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key succeeds. */
  delete(key: string): Promise<void>;
  /** The address browsers load the object from. */
  publicUrl(key: string): string;
  /**
   * Removes what killed writes left behind (temporary files older than `olderThanMs` at `now`) and
   * says how many. Only stores that write through temporary files have it (local disk).
   */
  sweepTemporary?(olderThanMs: number, now?: number): Promise<number>;
  /**
   * Bytes an unprivileged writer may still use where the objects live, or null when unknown. Only
   * stores on a filesystem have it (local disk); an object store's space is not ours to measure.
   */
  freeBytes?(): Promise<number | null>;
}

/** Keys: lower-case letters, digits, `.`, `_`, `-`, separated by single slashes; no `..`, no leading slash. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,127}(\/[a-z0-9][a-z0-9._-]{0,127}){0,7}$/;

export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The Content-Type for a key, from its extension (the pipeline only writes `.webp`). */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
