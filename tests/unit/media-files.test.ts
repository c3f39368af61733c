import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaEtag, serveMedia } from '#server/http/media-files';
import { imageKey, thumbnailKey } from '#server/media/keys';
import { ogImageKey } from '#server/media/og-image';
import { variantKey } from '#server/media/variants';
import { createLocalStorage, type Storage } from '#server/storage/index';

const hash = 'ab'.padEnd(64, 'c');
const bytes = Buffer.from('RIFF----WEBPVP8 picture bytes');
/** What the server does after the fast path: here a marker instead of Astro. */
const FELL_THROUGH = 599;

let storage: Storage;
let server: Server;
let base = '';

beforeAll(async () => {
  storage = createLocalStorage({ root: mkdtempSync(join(tmpdir(), 'media-files-')), publicBaseUrl: '/media' });
  await storage.put(imageKey(hash), bytes, 'image/webp');
  await storage.put(thumbnailKey(hash), bytes.subarray(0, 10), 'image/webp');
  await storage.put(variantKey(hash, 240), bytes.subarray(0, 12), 'image/webp');
  await storage.put(ogImageKey(hash), bytes.subarray(0, 8), 'image/jpeg');
  server = createServer((req, res) => {
    const fallThrough = () => {
      res.statusCode = FELL_THROUGH;
      res.end();
    };
    const served = serveMedia(req, res, storage);
    if (served === false) fallThrough();
    else void served.then((done) => done || fallThrough());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pictures of local storage before Astro', () => {
  it('answers a kept picture with the media route’s headers and the page security headers', async () => {
    const res = await fetch(`${base}/media/${imageKey(hash)}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${hash}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('gives thumbnails, variants and link-preview cuts their own ETags and types', async () => {
    for (const [key, etag, type] of [
      [thumbnailKey(hash), `"${hash}-480"`, 'image/webp'],
      [variantKey(hash, 240), `"${hash}-240"`, 'image/webp'],
      [ogImageKey(hash), `"${hash}-og"`, 'image/jpeg'],
    ] as const) {
      expect(mediaEtag(key)).toBe(etag);
      const res = await fetch(`${base}/media/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('content-type')).toBe(type);
    }
  });

  it('answers 304 to its ETag and HEAD without a body', async () => {
    const fresh = await fetch(`${base}/media/${imageKey(hash)}`, { headers: { 'if-none-match': `"x", "${hash}"` } });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.get('etag')).toBe(`"${hash}"`);
    const head = await fetch(`${base}/media/${imageKey(hash)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('leaves to the media route what is not on disk, not ours, or not a read', async () => {
    for (const path of [
      `/media/${variantKey(hash, 960)}`, // not made yet: the route makes it
      `/media//${imageKey(hash)}`,
      '/media/ab/not-a-hash.webp',
      `/media/${imageKey(hash)}%00`,
      `/_astro/${imageKey(hash)}`,
    ]) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(FELL_THROUGH);
    }
    expect((await fetch(`${base}/media/${imageKey(hash)}`, { method: 'POST' })).status).toBe(FELL_THROUGH);
  });

  it('serves nothing itself when the pictures live in S3', () => {
    const s3 = { ...storage, driver: 's3' } as Storage;
    const req = { method: 'GET', url: `/media/${imageKey(hash)}`, headers: {} };
    expect(serveMedia(req as never, {} as never, s3)).toBe(false);
  });
});
