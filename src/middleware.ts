import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import './server/app';
import { resolvePrincipal } from './server/auth/principal';
import { withWriteRecord, wroteCookie } from './server/cache/writes';
import { isDatabaseTrouble, toErrorResponse } from './server/http/respond';
import { unavailablePage } from './server/http/unavailable-page';
import { applyCors, preflight } from './server/http/cors';
import { mergeCsp, securityHeaders } from './server/http/headers';
import { notFoundPage } from './server/http/not-found';
import { HIDDEN_VIEW_HEADER } from '#lib/paths';

const API_PREFIX = '/api/';

export const onRequest = defineMiddleware(async (ctx, next) => {
  ctx.locals.requestId ||= ctx.request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  ctx.locals.user ??= null;
  const { pathname } = ctx.url;
  const isApi = pathname.startsWith(API_PREFIX);
  const corsPreflight = preflight(ctx.request);
  if (corsPreflight) return withHeaders(corsPreflight, securityHeaders(ctx.url, true));

  let response: Response;
  let wroteAt: number | undefined;
  try {
    // Pages render the same HTML for everyone; only API calls resolve the caller.
    if (isApi) ctx.locals.user = await resolvePrincipal(ctx.request.headers.get('authorization'));
    // The services announce what their writes changed (cache/announce.ts); this request's last one is noted.
    ({ result: response, wroteAt } = await withWriteRecord(() => next()));
  } catch (err) {
    if (!isApi) {
      if (isDatabaseTrouble(err)) return unavailablePage(ctx.url, ctx.locals.requestId, err);
      throw err;
    }
    response = toErrorResponse(err, ctx.locals.requestId);
  }

  const method = ctx.request.method;

  // Any unknown page (or a missing event/photographer) shows the Not Found behaviour: straight to home.
  const exempt =
    pathname.startsWith('/dev/') || pathname.startsWith('/media/') || response.headers.has(HIDDEN_VIEW_HEADER);
  if (response.status === 404 && !isApi && !exempt && (method === 'GET' || method === 'HEAD')) {
    response = notFoundPage();
  }

  response = withHeaders(response, securityHeaders(ctx.url, isApi));
  // A write that changed public pages: the writer's next pages skip copies rendered before it.
  if (wroteAt !== undefined && response.status < 400) {
    response.headers.append('Set-Cookie', wroteCookie(wroteAt));
  }
  // The page cache keeps this answer without the caller's CORS headers (src/server/cache/provider.ts).
  return applyCors(ctx.request, response);
});

/** Sets the security headers; a page's own CSP (Astro's script and style hashes) is kept and extended. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const apply = (res: Response) => {
    const pageCsp = res.headers.get('content-security-policy');
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    if (pageCsp)
      res.headers.set('content-security-policy', mergeCsp(pageCsp, headers['Content-Security-Policy'] ?? ''));
    return res;
  };
  try {
    return apply(response);
  } catch {
    return apply(new Response(response.body, response));
  }
}
