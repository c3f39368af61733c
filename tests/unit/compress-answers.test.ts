import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from '#server/http/compress-answers';

/** Each test's handler, called after `compressAnswers`, as the server calls Astro's. */
let handle: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
let base = '';
const server = http.createServer((req, res) => {
  compressAnswers(req, res);
  handle(req, res);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The socket writes the answer arrived in (the client's reads of it). */
  reads: number;
}

/** A request whose answer is read raw: headers as sent, the body as bytes, not decoded. */
function get(headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          reads: chunks.length,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const html = `<!doctype html><html lang="ko"><body>${'<p>담아봐 이벤트</p>'.repeat(400)}</body></html>`;

/** Astro's node adapter: `writeHead` with every header, each body chunk written, then `end()`. */
function likeAstro(body: string | Buffer, headers: Record<string, string> = { 'content-type': 'text/html' }) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, headers);
    const bytes = Buffer.from(body);
    res.write(bytes.subarray(0, 100));
    res.write(bytes.subarray(100));
    res.end();
  };
}

describe('compressAnswers', () => {
  it('sends a page compressed whole, with its length and no chunked encoding', async () => {
    handle = likeAstro(html);
    const br = await get({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);

    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).toString()).toBe(html);
  });

  it('sends small answers and clients without an encoding the body as it is, with its length', async () => {
    handle = likeAstro('{"status":"ok"}', { 'content-type': 'application/json' });
    const small = await get({ 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe('15');
    expect(small.headers.vary).toBe('Accept-Encoding');
    expect(small.body.toString()).toBe('{"status":"ok"}');

    handle = likeAstro(html);
    const none = await get({ 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(html);
    expect(Number(none.headers['content-length'])).toBe(Buffer.byteLength(html));
  });

  it('passes answers that are not text straight through, as they are written', async () => {
    const picture = Buffer.alloc(4096, 7);
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/webp' });
      res.write(picture.subarray(0, 2048));
      // Written before the answer ends: nothing is held back.
      setTimeout(() => res.end(picture.subarray(2048)), 30);
    };
    const raw = await get({ 'accept-encoding': 'br' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers['transfer-encoding']).toBe('chunked');
    expect(raw.headers.vary).toBeUndefined();
    expect(raw.reads).toBeGreaterThan(1);
    expect(raw.body.equals(picture)).toBe(true);
  });

  it('leaves an answer alone that is already encoded or asks not to be transformed', async () => {
    const encoded = Buffer.alloc(3000, 1);
    handle = likeAstro(encoded, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    const raw = await get({ 'accept-encoding': 'br' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.body.equals(encoded)).toBe(true);

    handle = likeAstro(html, { 'content-type': 'text/html', 'cache-control': 'no-transform' });
    const kept = await get({ 'accept-encoding': 'br' });
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString()).toBe(html);
  });

  it('answers HEAD with the length the GET would have, and no body', async () => {
    handle = likeAstro(html);
    const got = await get({ 'accept-encoding': 'br' });
    const head = await get({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('keeps headers set before and the implicit writeHead of a plain end()', async () => {
    handle = (_req, res) => {
      res.setHeader('X-Request-Id', 'r-1');
      res.setHeader('Vary', 'Origin');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 'NOT_FOUND', message: '찾을 수 없습니다.', pad: 'x'.repeat(2000) }));
    };
    const raw = await get({ 'accept-encoding': 'br' });
    expect(raw.status).toBe(404);
    expect(raw.headers['x-request-id']).toBe('r-1');
    expect(raw.headers.vary).toBe('Origin, Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(raw.body).toString()).code).toBe('NOT_FOUND');
  });

  it('takes the headers of writeHead as a list of names and values too', async () => {
    handle = (_req, res) => {
      res.writeHead(200, ['Content-Type', 'text/html', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']);
      res.end(html);
    };
    const raw = await get({ 'accept-encoding': 'gzip' });
    expect(raw.headers['content-type']).toBe('text/html');
    expect(raw.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(gunzipSync(raw.body).toString()).toBe(html);
  });

  it('sends only the second answer when a failed render is answered again before it ended', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>half a page');
      // The server's error path: nothing was sent yet, so it answers 500 instead.
      expect(res.headersSent).toBe(false);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"code":"INTERNAL_ERROR"}');
    };
    const raw = await get({ 'accept-encoding': 'br' });
    expect(raw.status).toBe(500);
    expect(raw.body.toString()).toBe('{"code":"INTERNAL_ERROR"}');
  });

  it('compresses a large answer off this thread, whole', async () => {
    const sitemap = `<?xml version="1.0"?><urlset>${'<url><loc>https://damabwa.kr/event/1</loc></url>'.repeat(8000)}</urlset>`;
    handle = likeAstro(sitemap, { 'content-type': 'application/xml' });
    const raw = await get({ 'accept-encoding': 'br' });
    expect(Buffer.byteLength(sitemap)).toBeGreaterThan(256 * 1024);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
    expect(brotliDecompressSync(raw.body).toString()).toBe(sitemap);
  });

  it('calls write and end callbacks', async () => {
    const called: string[] = [];
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a'.repeat(2000), () => called.push('write'));
      res.end(() => called.push('end'));
    };
    await get({ 'accept-encoding': 'gzip' });
    await new Promise((r) => setTimeout(r, 10));
    expect(called).toEqual(['write', 'end']);
  });
});
