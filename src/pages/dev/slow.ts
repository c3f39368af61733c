import type { APIRoute } from 'astro';
import { getConfig } from '#server/config';
import { json } from '#server/http/respond';

/** Test mode only: a request that takes `ms` milliseconds, to prove graceful shutdown drains it. */
export const GET: APIRoute = async ({ url }) => {
  if (getConfig().mode !== 'test') return new Response(null, { status: 404 });
  const ms = Math.min(Number(url.searchParams.get('ms') ?? '1000') || 0, 10_000);
  await new Promise((r) => setTimeout(r, ms));
  return json({ slept: ms });
};
