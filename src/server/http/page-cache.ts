/**
 * Server-rendered pages are the same for every visitor (per-member state comes from islands), so a
 * rendered page can be answered again for a few seconds. Any successful API write clears the cache of
 * this process; the TTL bounds how stale another instance's copy can be.
 */
interface Entry {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  expiresAt: number;
}

const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const MAX_BODY = 512 * 1024;
const entries = new Map<string, Entry>();

/** Paths whose HTML is public and shared: not member pages, not the stand-ins, not files. */
export function isCacheablePage(method: string, url: URL): boolean {
  if (method !== 'GET') return false;
  const p = url.pathname;
  if (p.startsWith('/api/') || p.startsWith('/dev/') || p.startsWith('/media/') || p === '/healthz') return false;
  return (
    p === '/' ||
    p === '/events' ||
    p === '/photographers' ||
    p === '/search' ||
    p === '/sitemap.xml' ||
    p === '/robots.txt' ||
    /^\/event\/\d+$/.test(p) ||
    /^\/photographer\/\d+$/.test(p)
  );
}

export function cachedPage(key: string, now = Date.now()): Response | null {
  const e = entries.get(key);
  if (!e) return null;
  if (e.expiresAt <= now) {
    entries.delete(key);
    return null;
  }
  const headers = new Headers(e.headers);
  headers.set('X-Page-Cache', 'hit');
  return new Response(e.body.slice(0), { status: e.status, headers });
}

/** Stores a 200 response and hands back an equivalent one (the original body is consumed). */
export async function storePage(key: string, response: Response, now = Date.now()): Promise<Response> {
  if (response.status !== 200 || response.headers.has('set-cookie')) return response;
  const body = await response.arrayBuffer();
  const headers: [string, string][] = [...response.headers.entries()];
  if (body.byteLength <= MAX_BODY) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, { body, status: response.status, headers, expiresAt: now + TTL_MS });
  }
  return new Response(body, { status: response.status, headers });
}

export function clearPageCache(): void {
  entries.clear();
}
