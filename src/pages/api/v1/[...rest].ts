import type { APIRoute } from 'astro';
import { notFound } from '#server/http/errors';
import { errorResponse } from '#server/http/respond';

/** Unknown paths under /api/v1 answer the JSON 404 envelope, never the HTML page. */
export const ALL: APIRoute = () => errorResponse(notFound());
