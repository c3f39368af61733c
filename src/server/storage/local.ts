/**
 * Local disk storage under one root directory (UPLOADS_DIR). Writes go to a temporary file in the
 * target's directory, are flushed, then renamed into place and the directory flushed, so a reader (or
 * a crash) never sees half a file and an answered upload survives a power cut. A write killed midway
 * leaves its temporary file; `sweepTemporary` removes those (at start and in the cleanup job). The app
 * serves these files under a fixed path (src/pages/media/[...key].ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, statfs, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { assertValidStorageKey, contentTypeForKey, type Storage, type StoredObject } from './types';

export interface LocalStorageOptions {
  /** Directory holding the objects; created on first write. */
  root: string;
  /** Public base URL the objects are served under, e.g. `https://example.com/media`. */
  publicBaseUrl: string;
}

/** `<key>.<uuid>.tmp`: what `put` writes before the rename. */
const TEMPORARY = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** Makes a rename in `dir` durable: the directory entry itself is flushed. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isMissing = (err: unknown): boolean => {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

export function createLocalStorage(options: LocalStorageOptions): Storage {
  const root = resolve(options.root);
  const base = options.publicBaseUrl.replace(/\/+$/, '');

  const pathFor = (key: string): string => {
    assertValidStorageKey(key);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };

  return {
    driver: 'local',

    async put(key, bytes) {
      const path = pathFor(key);
      // Content-hashed keys: an existing object already holds these bytes.
      const existing = await stat(path).catch(() => null);
      if (existing?.isFile() && existing.size === bytes.byteLength) return;
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomUUID()}.tmp`;
      const handle = await open(tmp, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (err) {
        await handle.close().catch(() => undefined);
        await unlink(tmp).catch(() => undefined);
        throw err;
      }
      await handle.close();
      try {
        await rename(tmp, path);
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        throw err;
      }
      await syncDirectory(dirname(path));
    },

    async sweepTemporary(olderThanMs, now = Date.now()) {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return 0;
        throw err;
      }
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path).catch(() => null);
        if (!info || now - info.mtimeMs < olderThanMs) continue; // maybe a write still running
        await unlink(path).then(
          () => removed++,
          (err: unknown) => {
            if (!isMissing(err)) throw err;
          },
        );
      }
      return removed;
    },

    async get(key) {
      try {
        return new Uint8Array(await readFile(pathFor(key)));
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },

    async stream(key): Promise<StoredObject | null> {
      const path = pathFor(key);
      let handle;
      try {
        handle = await open(path, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the descriptor and closes it when done or cancelled.
        const nodeStream = handle.createReadStream({ autoClose: true });
        return {
          body: Readable.toWeb(nodeStream) as ReadableStream<Uint8Array>,
          contentType: contentTypeForKey(key),
          size: info.size,
        };
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err;
      }
    },

    async delete(key) {
      try {
        await unlink(pathFor(key));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    publicUrl(key) {
      assertValidStorageKey(key);
      return `${base}/${key}`;
    },

    async freeBytes() {
      // The root may not exist before the first write: its nearest existing parent is on the same disk.
      for (let dir = root; ; dir = dirname(dir)) {
        try {
          const fs = await statfs(dir);
          return fs.bavail * fs.bsize;
        } catch (err) {
          if (!isMissing(err) || dirname(dir) === dir) return null;
        }
      }
    },
  };
}
