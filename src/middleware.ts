import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import './server/app';
import { resolvePrincipal } from './server/auth/principal';
import {
  cacheGeneration,
  cachedPage,
  clearPageCache,
  endRender,
  isCacheablePage,
  pageKey,
  storePage,
} from './server/http/page-cache';
import { isDatabaseTrouble, toErrorResponse } from './server/http/respond';
import { unavailablePage } from './server/http/unavailable-page';
import { mergeCsp, securityHeaders } from './server/http/headers';

const API_PREFIX = '/api/';

export const onRequest = defineMiddleware(async (ctx, next) => {
  ctx.locals.requestId ||= ctx.request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  ctx.locals.user ??= null;
  const { pathname } = ctx.url;
  const isApi = pathname.startsWith(API_PREFIX);

  const withAuthorization = ctx.request.headers.has('authorization');
  const cacheKey = isCacheablePage(ctx.request.method, ctx.url, withAuthorization) ? pageKey(ctx.url) : null;
  const hit = cacheKey ? cachedPage(cacheKey) : null;
  if (hit) {
    if (cacheKey) endRender(cacheKey);
    return hit;
  }
  // A write during this render clears the cache; this page, maybe read before it, is then not stored.
  const startedIn = cacheGeneration();

  let response: Response;
  try {
    // Pages render the same HTML for everyone; only API calls resolve the caller.
    if (isApi) ctx.locals.user = await resolvePrincipal(ctx.request.headers.get('authorization'));
    response = await next();
  } catch (err) {
    if (!isApi) {
      if (cacheKey) endRender(cacheKey);
      if (isDatabaseTrouble(err)) return unavailablePage(ctx.url, ctx.locals.requestId, err);
      throw err;
    }
    response = toErrorResponse(err, ctx.locals.requestId);
  }

  // Any unknown page (or a missing event/photographer) shows the Not Found behaviour: straight to home.
  const method = ctx.request.method;
  const exempt = pathname.startsWith('/dev/') || pathname.startsWith('/media/');
  if (response.status === 404 && !isApi && !exempt && (method === 'GET' || method === 'HEAD')) {
    response = new Response(
      '<!doctype html><meta charset="utf-8"><title>페이지를 찾을 수 없어요</title><a href="/">홈으로 이동</a>',
      {
        status: 302,
        headers: { Location: '/', 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      },
    );
  }

  if (isApi && method !== 'GET' && method !== 'HEAD' && response.status < 400) clearPageCache();
  response = withHeaders(response, securityHeaders(ctx.url, isApi));
  return cacheKey ? storePage(cacheKey, response, Date.now(), startedIn) : response;
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
