/**
 * CORS for clients on other origins (a separately hosted web client, an in-app webview, a partner page).
 * Only the origins in `CORS_ORIGINS` are answered; an empty list (the default) means same origin only.
 *
 * - Paths: the API (`/api/`) and the Kakao stand-in's token endpoint; pages and files get no CORS headers.
 * - A preflight (`OPTIONS` with `Access-Control-Request-Method`) from a listed origin answers 204 with the
 *   methods, request headers and max age; from any other origin it goes on to the app (405), with no CORS
 *   header, so the browser blocks the call.
 * - Every answer on those paths names its listed origin in `Access-Control-Allow-Origin`, exposes
 *   `Location`, `Retry-After` and `X-Request-Id`, and says `Vary: Origin` whenever a list is configured
 *   (the answer then depends on the Origin header, whether it was listed or not).
 * - No credentials: tokens travel in the `Authorization` header, never in cookies.
 *
 * Cached answers (the page cache answers before the app) must add `corsHeadersFor(...)` when sent: the
 * stored copy never carries another caller's origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getConfig } from '#server/config';
import { withVary } from './vary';

export const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
export const CORS_REQUEST_HEADERS = 'Authorization, Content-Type';
export const CORS_EXPOSED_HEADERS = 'Location, Retry-After, X-Request-Id';
export const CORS_MAX_AGE_SECONDS = 600;

const TOKEN_PATH = '/dev/kakao/oauth/token';

/** True for the paths other origins may call: the API and the stand-in's token endpoint. */
export function isCorsPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === TOKEN_PATH;
}

/** The origin if it is listed (compared as the URL parser writes an origin), else null. */
export function allowedOrigin(
  origin: string | null | undefined,
  allowed: readonly string[] = getConfig().corsOrigins,
): string | null {
  if (!origin || allowed.length === 0) return null;
  return allowed.includes(origin.toLowerCase()) ? origin.toLowerCase() : null;
}

/**
 * The CORS headers of an answer on `pathname` to a request with this `Origin` header: `{}` off the CORS
 * paths or with no list configured; `Vary: Origin` alone for an unlisted origin.
 */
export function corsHeadersFor(
  origin: string | null | undefined,
  pathname: string,
  allowed: readonly string[] = getConfig().corsOrigins,
): Record<string, string> {
  if (allowed.length === 0 || !isCorsPath(pathname)) return {};
  const listed = allowedOrigin(origin, allowed);
  if (!listed) return { Vary: 'Origin' };
  return {
    Vary: 'Origin',
    'Access-Control-Allow-Origin': listed,
    'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS,
  };
}

/** The 204 answer to a listed origin's preflight, or null: not a preflight, or not ours to allow. */
export function preflight(request: Request, allowed: readonly string[] = getConfig().corsOrigins): Response | null {
  if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method')) return null;
  const { pathname } = new URL(request.url);
  const headers = corsHeadersFor(request.headers.get('origin'), pathname, allowed);
  if (!headers['Access-Control-Allow-Origin']) return null;
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      'Access-Control-Allow-Methods': CORS_METHODS,
      'Access-Control-Allow-Headers': CORS_REQUEST_HEADERS,
      'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
      'Cache-Control': 'no-store',
    },
  });
}

/** The app's answer with its CORS headers (in place when the headers are mutable, else on a copy). */
export function applyCors(request: Request, response: Response): Response {
  const headers = corsHeadersFor(request.headers.get('origin'), new URL(request.url).pathname);
  if (Object.keys(headers).length === 0) return response;
  const apply = (res: Response) => {
    for (const [k, v] of Object.entries(headers)) {
      res.headers.set(k, k === 'Vary' ? withVary(res.headers.get('vary'), 'Origin') : v);
    }
    return res;
  };
  try {
    return apply(response);
  } catch {
    return apply(new Response(response.body, response));
  }
}

/**
 * The same headers on a node answer the server makes before the app (413, 405, 400, cached answers):
 * set them first, and later `setHeader` calls for other names keep them. `Vary` is merged, not replaced.
 */
export function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : null;
  for (const [k, v] of Object.entries(corsHeadersFor(origin, pathname))) {
    res.setHeader(k, k === 'Vary' ? withVary(res.getHeader('Vary'), 'Origin') : v);
  }
}
