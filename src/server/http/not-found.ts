/**
 * The one "not found" answer (spec: Not Found goes home). A page that does not exist, or no longer does,
 * is a 302 to `/` with a one-time notice cookie that home's toast host reads (stores/ui
 * `showArrivalNotices`); an API path is the JSON 404 envelope of `notFound()` (errors.ts), whose message
 * is declared here. The middleware answers with it for the app's 404s, the server's request path
 * (node-server.ts) when no route matched at all.
 */
export const NOT_FOUND_MESSAGE = '요청한 주소를 찾을 수 없습니다.';

const NOT_FOUND_HTML =
  '<!doctype html><meta charset="utf-8"><title>페이지를 찾을 수 없어요</title><a href="/">홈으로 이동</a>';

/** The redirect home for a page that is not there. */
export function notFoundPage(): Response {
  return new Response(NOT_FOUND_HTML, {
    status: 302,
    headers: {
      Location: '/',
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // Read once by home's toast host (stores/ui showArrivalNotices): "찾을 수 없는 페이지예요".
      'Set-Cookie': 'notice=not-found; Path=/; Max-Age=60; SameSite=Lax',
    },
  });
}
