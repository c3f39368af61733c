import type { APIRoute } from 'astro';
import { getConfig } from '#server/config';
import { createDevice } from '#server/push/stand-in';

/**
 * The push stand-in's "browser": `{applicationServerKey?, gone?, failures?}` → `{id, subscription}`, the
 * JSON a browser's `PushManager.subscribe` gives (demo and test only).
 */
export const POST: APIRoute = async ({ request }) => {
  const config = getConfig();
  if (!config.push.standIn) return new Response(null, { status: 404 });
  let opts: { applicationServerKey?: string; gone?: boolean; failures?: number } = {};
  try {
    const body = (await request.json()) as unknown;
    if (typeof body === 'object' && body !== null) opts = body as typeof opts;
  } catch {
    // no options
  }
  const device = createDevice(`${new URL(config.publicOrigin).origin}/dev/push`, {
    applicationServerKey: typeof opts.applicationServerKey === 'string' ? opts.applicationServerKey : null,
    gone: opts.gone === true,
    failures: typeof opts.failures === 'number' ? opts.failures : 0,
  });
  return new Response(JSON.stringify(device), {
    status: 201,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
};
