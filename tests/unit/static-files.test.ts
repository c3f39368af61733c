import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStaticFiles, type StaticFiles } from '#server/http/static-files';
import { fakeResponse, request } from '../support/node-http';

let files: StaticFiles;
const css = 'body{color:red}'.repeat(200);

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.abc123.css'), css);
  writeFileSync(join(dir, '_astro', 'app.abc123.css.br'), brotliCompressSync(css));
  writeFileSync(join(dir, '_astro', 'app.abc123.css.gz'), gzipSync(css));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'data.gz'), 'not a variant: no data file beside it');
  files = loadStaticFiles(dir);
});

describe('static files', () => {
  it('serves the build-time brotli or gzip copy the client accepts, else the file itself', () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['', undefined, (b: Buffer) => b],
    ] as const) {
      const res = fakeResponse();
      expect(
        files.serve(request('/_astro/app.abc123.css', { 'accept-encoding': accept }), res as unknown as ServerResponse),
      ).toBe(true);
      expect(res.statusCode).toBe(200);
      expect(res.getHeader('content-encoding')).toBe(encoding);
      expect(res.getHeader('vary')).toBe('Accept-Encoding');
      expect(res.getHeader('content-type')).toBe('text/css; charset=utf-8');
      expect(res.getHeader('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.getHeader('x-content-type-options')).toBe('nosniff');
      expect(res.getHeader('content-length')).toBe(res.body.length);
      expect(decode(res.body).toString()).toBe(css);
    }
  });

  it('answers 304 to a conditional request for the same copy, 200 for another', () => {
    const first = fakeResponse();
    files.serve(request('/_astro/app.abc123.css', { 'accept-encoding': 'br' }), first as unknown as ServerResponse);
    const etag = String(first.getHeader('etag'));
    const again = fakeResponse();
    files.serve(
      request('/_astro/app.abc123.css', { 'accept-encoding': 'br', 'if-none-match': etag }),
      again as unknown as ServerResponse,
    );
    expect(again.statusCode).toBe(304);
    expect(again.body.length).toBe(0);
    const other = fakeResponse();
    files.serve(
      request('/_astro/app.abc123.css', { 'accept-encoding': 'gzip', 'if-none-match': etag }),
      other as unknown as ServerResponse,
    );
    expect(other.statusCode).toBe(200);
    const since = fakeResponse();
    files.serve(
      request('/favicon.svg', { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() }),
      since as unknown as ServerResponse,
    );
    expect(since.statusCode).toBe(304);
  });

  it('serves only files of the build, for GET and HEAD', () => {
    const serve = (url: string, method = 'GET') =>
      files.serve(request(url, {}, method), fakeResponse() as unknown as ServerResponse);
    expect(serve('/favicon.svg')).toBe(true);
    expect(serve('/favicon.svg', 'HEAD')).toBe(true);
    expect(serve('/favicon.svg', 'POST')).toBe(false);
    expect(serve('/data.gz')).toBe(true);
    expect(serve('/_astro/app.abc123.css.br')).toBe(false);
    expect(serve('/../package.json')).toBe(false);
    expect(serve('/_astro/%2e%2e/%2e%2e/package.json')).toBe(false);
    expect(serve('/%E0%A4%A')).toBe(false);
    expect(serve('/')).toBe(false);
    expect(serve('/events')).toBe(false);
    const head = fakeResponse();
    files.serve(request('/favicon.svg', {}, 'HEAD'), head as unknown as ServerResponse);
    expect(head.body.length).toBe(0);
    expect(head.getHeader('cache-control')).toBe('public, max-age=3600');
  });
});
