import type { APIRoute } from 'astro';
import { pingDb } from '#server/db/index';
import { json } from '#server/http/respond';

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export const GET: APIRoute = async () => {
  const started = performance.now();
  try {
    await pingDb();
    return json({ status: 'ok', database: 'ok', latencyMs: Math.round(performance.now() - started) });
  } catch {
    return json({ status: 'error', database: 'unreachable' }, 503);
  }
};
export const HEAD = GET;
