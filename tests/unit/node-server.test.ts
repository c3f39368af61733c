/**
 * The production server's request path (src/server/http/node-server.ts) around a stand-in for Astro's
 * handler: what is answered before Astro, in which order, and that every answer made there is the
 * catalogue's envelope (src/server/http/errors.ts), the same text the app would send.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, setConfigForTests } from '#server/config';
import { internalError, notFound, payloadTooLarge } from '#server/http/errors';
import { createNodeServer, type AstroHandler, type NodeServer } from '#server/http/node-server';
import { loadStaticFiles } from '#server/http/static-files';

const dir = mkdtempSync(join(tmpdir(), 'node-server-'));
mkdirSync(join(dir, 'client', '_astro'), { recursive: true });
writeFileSync(join(dir, 'client', '_astro', 'app.1a2b.js'), 'console.log(1);\n');

/** What the stand-in for Astro saw, and how it answers: a route it knows, none, or a failure. */
const seen: { method: string | undefined; originalMethod: unknown; url: string | undefined }[] = [];
const astro: AstroHandler = (req: IncomingMessage, res, next, locals) => {
  seen.push({ method: req.method, originalMethod: req.headers['x-original-method'], url: req.url });
  const path = (req.url ?? '').split('?')[0];
  if (path === '/boom') return next(new Error('deliberate'));
  if (path === '/boom-held' || path === '/boom-late') {
    // A text answer is held by compression until it ends; a picture passes straight through.
    res.writeHead(200, { 'Content-Type': path === '/boom-held' ? 'text/plain' : 'image/png' });
    res.write('partial');
    return next(new Error('deliberate, after the head'));
  }
  if (path !== '/known' && path !== '/api/v1/files' && path !== '/api/v1/slow') return next();
  const send = () => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ requestId: locals.requestId, body: 'x'.repeat(2000) }));
  };
  if (path === '/api/v1/slow') setTimeout(send, 300);
  else send();
};

let server: NodeServer;
let base = '';

beforeAll(async () => {
  setConfigForTests(
    parseConfig({ APP_ENV: 'test', DATA_DIR: dir, PUBLIC_ORIGIN: 'https://damabwa.example', BODY_LIMIT_BYTES: '4096' }),
  );
  server = createNodeServer({ astro, staticFiles: loadStaticFiles(join(dir, 'client')) });
  await new Promise<void>((resolve) => server.http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
});

afterAll(() => server.drain(1000));

const envelopeOf = (err: { code: string; message: string }) => ({ code: err.code, message: err.message });

describe('before Astro', () => {
  it('answers a static file of the build without asking Astro', async () => {
    const before = seen.length;
    const res = await fetch(`${base}/_astro/app.1a2b.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.length).toBe(before);
  });

  it('refuses a method no route takes with the 405 envelope and Allow', async () => {
    const res = await fetch(`${base}/known`, { method: 'PROPFIND' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('refuses a declared body over the limit with the catalogue’s 413, but not an upload', async () => {
    const big = 'x'.repeat(5000);
    const refused = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', body: big });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual(envelopeOf(payloadTooLarge()));
    const upload = await fetch(`${base}/api/v1/files`, { method: 'POST', body: big });
    expect(upload.status).toBe(200);
  });
});

describe('around Astro', () => {
  it('gives Astro the request id and compresses what it renders', async () => {
    const res = await fetch(`${base}/known`, { headers: { 'x-request-id': 'abc.123', 'accept-encoding': 'br' } });
    expect(res.headers.get('x-request-id')).toBe('abc.123');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(((await res.json()) as { requestId: string }).requestId).toBe('abc.123');
  });

  it('replaces a request id that is not a plain token', async () => {
    const res = await fetch(`${base}/known`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hands HEAD to Astro as GET, saying so, and drops a client’s own X-Original-Method', async () => {
    await fetch(`${base}/known?head`, { method: 'HEAD' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', originalMethod: 'HEAD' });
    await fetch(`${base}/known?get`, { headers: { 'x-original-method': 'HEAD' } });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', originalMethod: undefined });
  });

  it('sends a page no route matched home, and an API path the catalogue’s 404', async () => {
    const page = await fetch(`${base}/no/such/page`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/');
    const api = await fetch(`${base}/api/v1/nothing`, { method: 'DELETE' });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual(envelopeOf(notFound()));
  });

  it('answers a failure Astro did not answer with the catalogue’s 500', async () => {
    const res = await fetch(`${base}/boom`);
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(envelopeOf(internalError()));
    // A failure after a held head: what was held is dropped for the envelope.
    const held = await fetch(`${base}/boom-held`);
    expect(held.status).toBe(500);
    expect(await held.json()).toEqual(envelopeOf(internalError()));
    // Its head already sent: the answer is ended as it is, never left open.
    const late = await fetch(`${base}/boom-late`);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('partial');
  });
});

describe('draining', () => {
  it('lets an answer in progress finish, then stops accepting', async () => {
    const other = createNodeServer({ astro, staticFiles: loadStaticFiles(join(dir, 'none')) });
    await new Promise<void>((resolve) => other.http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(other.http.address() as AddressInfo).port}`;
    const slow = fetch(`${url}/api/v1/slow`);
    await new Promise((r) => setTimeout(r, 100));
    expect(other.inFlight).toBe(1);
    const drained = other.drain(5000);
    const res = await slow;
    expect(res.status).toBe(200);
    await drained;
    expect(other.inFlight).toBe(0);
    await expect(fetch(`${url}/known`)).rejects.toThrow();
  });
});
