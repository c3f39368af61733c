import type { APIRoute } from 'astro';
import { pingDb } from '#server/db/index';
import { UNAVAILABLE_RETRY_AFTER_S } from '#server/http/errors';
import { json } from '#server/http/respond';

/** Liveness and readiness: 200 when the database answers, 503 (with Retry-After, like every 503) when not. */
export const GET: APIRoute = async () => {
  const started = performance.now();
  try {
    await pingDb();
    return json({ status: 'ok', database: 'ok', latencyMs: Math.round(performance.now() - started) });
  } catch {
    return json({ status: 'error', database: 'unreachable' }, 503, {
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S),
    });
  }
};
export const HEAD = GET;
