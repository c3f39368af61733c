/**
 * What a page answers while the database is down or busy: 503 with a short Korean page and
 * `Retry-After`, never cached, instead of the generic error page with 500. The API answers the same
 * situation with its JSON envelope (respond.ts).
 */
import { copy } from '#lib/copy';
import { escapeHtml } from '#lib/html';
import { securityHeaders } from './headers';
import { logTrouble } from './respond';

/** Seconds a browser or crawler is asked to wait before trying again. */
export const PAGE_RETRY_AFTER_SECONDS = 30;

export function unavailablePage(url: URL, requestId: string, err: unknown): Response {
  logTrouble('database unavailable', requestId, err);
  const t = copy.errors;
  const html =
    '<!doctype html><html lang="ko"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escapeHtml(t.unavailableTitle)}</title></head>` +
    `<body><main><h1>${escapeHtml(t.unavailableTitle)}</h1><p>${escapeHtml(t.unavailable)}</p>` +
    `<p><a href="${escapeHtml(url.pathname + url.search)}">${escapeHtml(t.tryAgain)}</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      ...securityHeaders(url, false),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(PAGE_RETRY_AFTER_SECONDS),
    },
  });
}
