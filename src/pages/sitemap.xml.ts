import type { APIRoute } from 'astro';
import { publicCache, tags } from '#server/cache/tags';
import { getConfig } from '#server/config';
import { getDb } from '#server/db/index';
import { sitemapEntries, sitemapXml } from '#server/services/sitemap';

export const GET: APIRoute = async ({ cache }) => {
  cache.set(publicCache([tags.events, tags.photographers]));
  const xml = sitemapXml(await sitemapEntries(await getDb()), getConfig().publicOrigin);
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
