/**
 * The public addresses for /sitemap.xml: the browse pages, every listed event (newest first) and every
 * listed photographer page, within the sitemap format's 50,000-address limit.
 */
import { escapeHtml } from '#lib/html';
import type { Queryable } from '#server/db/index';

export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  /** `YYYY-MM-DD`, when known. */
  lastmod?: string;
}

export const STATIC_PATHS = ['/', '/events', '/photographers'] as const;

export async function sitemapEntries(db: Queryable, max = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  const room = Math.max(0, max - STATIC_PATHS.length);
  const photographers = await db.query<{ id: number; lastmod: string }>(
    `select pp.member_id as id, to_char(pp.updated_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as lastmod
       from photographer_pages pp
      where pp.description <> '' and pp.hidden_at is null
      order by pp.created_at desc, pp.member_id desc
      limit $1`,
    [room],
  );
  const events = await db.query<{ id: number; lastmod: string }>(
    `select p.id, to_char(p.updated_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as lastmod
       from promotions p
      where p.deleted_at is null
      order by p.id desc
      limit $1`,
    [Math.max(0, room - photographers.length)],
  );
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...photographers.map((r) => ({ path: `/photographer/${r.id}`, lastmod: r.lastmod })),
    ...events.map((r) => ({ path: `/event/${r.id}`, lastmod: r.lastmod })),
  ];
}

export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries
    .map((e) => {
      const loc = `<loc>${escapeHtml(new URL(e.path, origin).href)}</loc>`;
      return `<url>${loc}${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Pages for people, not crawlers: the member area, forms, sign-in and the API. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/auth',
  '/login',
  '/signup',
  '/success/',
  '/mypage',
  '/my/',
  '/edit/',
  '/new/',
  '/search',
  '/dev/',
] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
