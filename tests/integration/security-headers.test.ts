/**
 * Security headers on every page type (the .astro files under src/pages, read from disk), on API
 * answers (success and errors, including the server's own 413), on uploaded media and on static
 * assets. Pages: a strict CSP — no 'unsafe-inline' or 'unsafe-eval' for scripts, every inline script
 * allowed by its hash, frame-ancestors 'none', no directive given twice — and third-party hosts only
 * where needed (Kakao's token host on /auth, the postcode widget on the photographer page editor).
 * HSTS when the public origin is HTTPS (the app sits behind a TLS-terminating proxy), never over plain
 * HTTP.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createEvent, newPhotographer, newUser, upload, type Session } from '../support/api';
import { freePort, startServer, type RunningServer } from '../support/server';
import { closeAgent, rawRequest } from '../security/lib';

const httpBase = inject('baseUrl');
const POSTCODE = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
const KAKAO_AUTH = 'https://kauth.kakao.com';

let server: RunningServer;
let base = '';
let photographer: Session;
let user: Session;
let eventId = 0;
let mediaPath = '';

beforeAll(async () => {
  // Served as https://damabwa.example behind a proxy, with the production Kakao and postcode hosts.
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    PUBLIC_ORIGIN: 'https://damabwa.example',
    POSTCODE_SCRIPT_URL: POSTCODE,
    KAKAO_AUTH_BASE: KAKAO_AUTH,
    // Sign-in for the setup still goes through the local stand-in.
    KAKAO_API_BASE: `http://127.0.0.1:${port}/dev/kakao`,
  });
  base = server.url;
  [photographer, user] = await Promise.all([newPhotographer(base, { withPage: true }), newUser(base)]);
  eventId = (await createEvent(base, photographer.token)).id;
  const [image] = await upload(base, user.token, 'PROMOTION_IMAGE');
  mediaPath = new URL(image?.url ?? '', base).pathname;
}, 120_000);

afterAll(async () => {
  if (server) {
    closeAgent(server.url);
    await server.stop();
  }
});

/** Every page route from the file system, with real ids; error pages and demo stand-ins aside. */
function pageRoutes(): string[] {
  const dir = join(process.cwd(), 'src', 'pages');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.astro')) files.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  return (
    files
      // event/hidden/[id] is no address of its own: /event/{id} of a hidden event renders it (e2e moderation).
      .filter((f) => !/^(404|500)\.astro$/.test(f) && !f.startsWith(`dev${sep}`) && !f.includes(`hidden${sep}`))
      .map((f) =>
        `/${f
          .replace(/\.astro$/, '')
          .split(sep)
          .join('/')}`
          .replace(/\/index$/, '/')
          .replace(/^\/\/$/, '/'),
      )
      .map((route) =>
        route
          .replace('/event/[id]', `/event/${eventId}`)
          .replace('/photographer/[id]', `/photographer/${photographer.user.id}`)
          .replace('[type]', 'promotion')
          .replace('[promotionId]', String(eventId)),
      )
      .sort()
  );
}

type Directives = Map<string, string[]>;

function parseCsp(header: string): { directives: Directives; duplicates: string[] } {
  const directives: Directives = new Map();
  const duplicates: string[] = [];
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (directives.has(key)) duplicates.push(key);
    else directives.set(key, values);
  }
  return { directives, duplicates };
}

/** Hosts beyond the site itself in a directive (schemes like data: and blob: are not hosts). */
const hosts = (values: string[] | undefined) => (values ?? []).filter((v) => /^https?:\/\//.test(v));

/** The CSP hashes of the inline scripts a browser would run (JSON data blocks are not run). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

function baseHeaderProblems(h: Headers, hsts: boolean): string[] {
  const p: string[] = [];
  if (h.get('x-content-type-options') !== 'nosniff') p.push('X-Content-Type-Options');
  if (
    !['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      h.get('referrer-policy') ?? '',
    )
  ) {
    p.push(`Referrer-Policy ${h.get('referrer-policy')}`);
  }
  const pp = h.get('permissions-policy') ?? '';
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()'])
    if (!pp.includes(feature)) p.push(`Permissions-Policy lacks ${feature}`);
  const csp = parseCsp(h.get('content-security-policy') ?? '');
  if (csp.directives.get('frame-ancestors')?.join(' ') !== "'none'") p.push("frame-ancestors is not 'none'");
  if (csp.duplicates.length > 0) p.push(`CSP gives ${csp.duplicates.join(', ')} twice (browsers ignore the second)`);
  const sts = h.get('strict-transport-security');
  // At least 180 days, as browsers' preload rules ask.
  if (hsts && !(Number(/max-age=(\d+)/.exec(sts ?? '')?.[1] ?? 0) >= 15_552_000)) p.push(`HSTS ${sts}`);
  if (!hsts && sts !== null) p.push('HSTS over plain HTTP');
  return p;
}

// Nothing here depends on the database: the PostgreSQL pass skips it (the fuzzer and tests/load run there).
describe.skipIf(process.env['TEST_DATABASE'] === 'postgres')('security headers', () => {
  it('pages: strict CSP with every inline script hashed, third-party hosts only where needed, HSTS', async () => {
    const routes = pageRoutes();
    expect(routes).toEqual(
      expect.arrayContaining(['/', '/login', '/auth', `/event/${eventId}`, `/photographer/${photographer.user.id}`]),
    );
    const problems: string[] = [];
    let inlineScripts = 0;
    for (const route of routes) {
      const res = await fetch(`${base}${route}`, { redirect: 'manual' });
      const html = await res.text();
      const p = baseHeaderProblems(res.headers, true).map((x) => `${route}: ${x}`);
      if (res.status !== 200) p.push(`${route}: answered ${res.status}`);
      const { directives } = parseCsp(res.headers.get('content-security-policy') ?? '');
      const script = directives.get('script-src') ?? directives.get('default-src');
      if (!directives.has('script-src')) p.push(`${route}: no script-src`);
      for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
        if (script?.includes(bad)) p.push(`${route}: script-src allows ${bad}`);
      }
      for (const hash of inlineScriptHashes(html)) {
        inlineScripts++;
        if (!script?.includes(hash)) p.push(`${route}: inline script ${hash} is not in script-src`);
      }
      if (directives.get('object-src')?.join(' ') !== "'none'") p.push(`${route}: object-src is not 'none'`);
      if (!["'self'", "'none'"].includes(directives.get('base-uri')?.join(' ') ?? '')) p.push(`${route}: base-uri`);
      const editor = route === '/edit/photographer/detail';
      const allowedScriptHosts = editor ? ['https://t1.daumcdn.net', 'https://t1.kakaocdn.net'] : [];
      for (const h of hosts(script)) if (!allowedScriptHosts.includes(h)) p.push(`${route}: script-src allows ${h}`);
      for (const h of hosts(directives.get('connect-src')))
        if (!(route === '/auth' && h === KAKAO_AUTH)) p.push(`${route}: connect-src allows ${h}`);
      for (const h of hosts(directives.get('frame-src')))
        if (!(editor && /^https:\/\/postcode\.map\.(daum\.net|kakao\.com)$/.test(h)))
          p.push(`${route}: frame-src allows ${h}`);
      if (route === '/auth' && !hosts(directives.get('connect-src')).includes(KAKAO_AUTH))
        p.push('/auth: cannot reach Kakao (connect-src)');
      if (editor && !hosts(script).includes('https://t1.daumcdn.net'))
        p.push('editor: cannot load the postcode script (script-src)');
      problems.push(...p);
    }
    expect(problems).toEqual([]);
    // The hash check saw real inline scripts (the islands' loader), so it is not vacuous.
    expect(inlineScripts).toBeGreaterThan(0);
  }, 120_000);

  it('API answers, successes and errors alike, the server’s own 413, media and static assets', async () => {
    const cases: { label: string; res: Promise<Response> | Response; api: boolean; privateData?: boolean }[] = [];
    const get = (path: string, token?: string) =>
      fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, redirect: 'manual' });
    for (const path of [
      '/api/v1/promotions/list',
      `/api/v1/promotions/${eventId}`,
      `/api/v1/promotions/${eventId}/details`,
      '/api/v1/photographers/list',
      `/api/v1/photographers/${photographer.user.id}`,
      `/api/v1/photographers/${photographer.user.id}/details`,
      '/api/v1/regions/categories',
      '/api/v1/regions/groups',
      '/api/v1/region-clusters',
      '/api/v1/users/nicknames/existence?nickname=가나다',
      '/api/v1/no/such/path',
      '/api/v1/promotions/999999999',
      '/api/v1/promotions/list?pageSize=0',
      '/api/v1/users/me',
    ]) {
      cases.push({ label: `GET ${path}`, res: get(path), api: true });
    }
    for (const path of [
      '/api/v1/users/me',
      '/api/v1/promotions/saved',
      '/api/v1/photographers/saved',
      `/api/v1/users/me/saves?promotionIds=${eventId}`,
    ]) {
      cases.push({ label: `GET ${path} (signed in)`, res: get(path, user.token), api: true, privateData: true });
    }
    cases.push({
      label: 'POST save (204)',
      res: fetch(`${base}/api/v1/promotions/${eventId}/save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
      }),
      api: true,
    });
    cases.push({
      label: 'DELETE regions (405)',
      res: fetch(`${base}/api/v1/regions/groups`, { method: 'DELETE' }),
      api: true,
    });
    cases.push({
      label: 'POST promotions as USER (403)',
      res: (async () => {
        const r = await call(base, 'POST', '/api/v1/promotions', { token: user.token, body: {} });
        return new Response(null, { status: r.status, headers: r.headers });
      })(),
      api: true,
    });
    // Refused by scripts/server.mjs before the app sees it.
    cases.push({
      label: '413 body limit',
      res: fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(3 * 1024 * 1024),
      }),
      api: true,
    });
    cases.push({ label: 'GET /healthz', res: get('/healthz'), api: false });
    const problems: string[] = [];
    for (const c of cases) {
      const res = await c.res;
      const p = baseHeaderProblems(res.headers, true);
      const csp = parseCsp(res.headers.get('content-security-policy') ?? '');
      if (c.api && csp.directives.get('default-src')?.join(' ') !== "'none'") p.push("default-src is not 'none'");
      if (c.api && res.status !== 204 && !/^application\/json/.test(res.headers.get('content-type') ?? ''))
        p.push(`content-type ${res.headers.get('content-type')}`);
      if (c.privateData && !/no-store|private/.test(res.headers.get('cache-control') ?? ''))
        p.push(`private answer cacheable: ${res.headers.get('cache-control')}`);
      problems.push(...p.map((x) => `${c.label} (${res.status}): ${x}`));
    }
    // Uploaded images and build assets: never sniffed into something else.
    const media = await get(mediaPath);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toMatch(/^image\//);
    if (media.headers.get('x-content-type-options') !== 'nosniff') problems.push('media: X-Content-Type-Options');
    const html = await (await get('/')).text();
    for (const asset of [...new Set(html.match(/\/_astro\/[^"'\s)]+\.(js|css)/g) ?? [])].slice(0, 4)) {
      const res = await rawRequest(base, { method: 'GET', path: asset });
      if (res.headers['x-content-type-options'] !== 'nosniff') problems.push(`${asset}: X-Content-Type-Options`);
      if (!/^(text\/javascript|text\/css)/.test(String(res.headers['content-type'])))
        problems.push(`${asset}: content-type ${String(res.headers['content-type'])}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('sends no HSTS when the site is served over plain HTTP', async () => {
    for (const path of ['/', '/login', '/api/v1/promotions/list', '/api/v1/no/such/path']) {
      const res = await fetch(`${httpBase}${path}`, { redirect: 'manual' });
      expect(baseHeaderProblems(res.headers, false), path).toEqual([]);
    }
  });
});
