import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { methodNotAllowed, notFound, payloadTooLarge } from '#server/http/errors';
import { startServer } from '../support/server';

/** The envelope the catalogue (src/server/http/errors.ts) declares for an error. */
const envelopeOf = (err: { code: string; message: string }) => ({ code: err.code, message: err.message });

const base = inject('baseUrl');

describe('production server', () => {
  it('answers /healthz with the database status', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('redirects an unknown page to /', async () => {
    const res = await fetch(`${base}/no/such/page`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it('answers unknown API paths with the JSON 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${base}/api/v1/x`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual(envelopeOf(notFound()));
    }
  });

  it('compresses HTML with brotli or gzip and gives a request id', async () => {
    const res = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toMatch(/br|gzip/);
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
    expect(await res.text()).toContain('<html lang="ko">');
  });

  it('sends a page rendered for the request compressed whole, with its length', async () => {
    // A member page: never kept, so Astro renders it for this request.
    const res = await fetch(`${base}/mypage`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-cache')).toBeNull();
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await res.text()).toContain('<html lang="ko">');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const asset = /\/_astro\/[^"']+\.css/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${base}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('refuses an oversized body with 413 JSON', async () => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(3 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(envelopeOf(payloadTooLarge()));
  });

  it('refuses a method no route takes with the catalogue’s 405', async () => {
    const res = await fetch(`${base}/events`, { method: 'PROPFIND' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(await res.json()).toEqual(envelopeOf(methodNotAllowed()));
  });

  it('refuses to start from a build without its app module, naming the fix', async () => {
    // The server imports dist/server/entry.mjs and dist/server/app.mjs by name; nothing else is looked up.
    const empty = mkdtempSync(join(tmpdir(), 'damabwa-no-build-'));
    await expect(startServer({ DIST_DIR: empty }, 20_000)).rejects.toThrow(/exited with 1[\s\S]*npm run build/);
  });

  it('drains an in-flight request on SIGTERM and exits 0', async () => {
    const server = await startServer();
    const slow = fetch(`${server.url}/dev/slow?ms=1500`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((r) => setTimeout(r, 300));
    const exit = server.stop('SIGTERM');
    const result = await slow;
    expect(result).toEqual({ status: 200, body: { slept: 1500 } });
    expect(await exit).toBe(0);
    expect(server.logs.join('')).toContain('"msg":"stopped"');
  });

  it('refuses to start in production without its secrets', async () => {
    await expect(
      startServer({ APP_ENV: 'production', KAKAO_STANDIN: 'false', DATABASE_URL: '' }, 20_000),
    ).rejects.toThrow(/exited with 1[\s\S]*DATABASE_URL is required/);
  });
});

describe('failures', () => {
  it('shows the Korean error page, without a stack, when a page fails', async () => {
    const res = await fetch(`${base}/dev/boom`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toMatch(/오류가 발생했어요/);
    expect(html).not.toContain('deliberate test failure');
    expect(html).not.toMatch(/at .*\.mjs:\d+/);
  });

  it('answers 400 KAKAO_API when Kakao does not answer in time', async () => {
    const net = await import('node:net');
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const server = await startServer({ KAKAO_API_BASE: `http://127.0.0.1:${port}` });
    try {
      const started = Date.now();
      const res = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginType: 'KAKAO', authKey: 'any' }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'KAKAO_API' });
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await server.stop();
      silent.close();
    }
  });
});
