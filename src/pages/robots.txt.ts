import type { APIRoute } from 'astro';
import { getConfig } from '#server/config';
import { robotsTxt } from '#server/services/sitemap';

export const GET: APIRoute = () =>
  new Response(robotsTxt(getConfig().publicOrigin), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
