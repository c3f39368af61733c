/**
 * The production server answers a member's public list call (`GET /api/v1/promotions/list` and
 * `/photographers/list` with a token, search included) before Astro, always: from kept state when this
 * instance has all of it (`cache/member-lists.ts`, no database round trip), else made from the database
 * with the endpoint's own specs and rules (`public-lists.ts`, `memberList`). A member's answer is never
 * cached by Astro, so Astro's request and response objects and its middleware bought it nothing but
 * their cost: 0.35–0.5 ms of a 2.1 ms sequential answer at 100k events (decision 008, round 13).
 *
 * The answer is the endpoint's: the same body, status, error envelope and headers (the security headers,
 * `no-store`, compression with its length); `X-Member-List` says which way it was made. A caller whose
 * token names no member (expired, forged, logged out, withdrawn) goes on to Astro as anonymous.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolvePrincipal } from '#server/auth/principal';
import { requestTarget } from '#server/cache/routes';
import { keptMemberList } from '#server/cache/member-lists';
import { compressAnswers } from './compress-answers';
import { securityHeaders } from './headers';
import { memberListAt, type MemberListRoute } from './public-lists';
import { toErrorResponse } from './respond';

/** How the answer was made: from what this instance keeps, or from the database. */
type Made = 'kept' | 'made';

function send(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  answer: { status: number; body: string; headers?: Headers },
  made: Made,
): void {
  // Compressed and sent with its length in one write, as every answer the server renders.
  compressAnswers(req, res);
  answer.headers?.forEach((value, name) => res.setHeader(name, value));
  for (const [k, v] of Object.entries(securityHeaders(url, true))) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Member-List', made);
  res.statusCode = answer.status;
  res.end(answer.body);
}

/** The member's answer from the database; false (to Astro) when the token names no member. */
async function make(req: IncomingMessage, res: ServerResponse, url: URL, list: MemberListRoute): Promise<boolean> {
  try {
    const member = await resolvePrincipal(req.headers.authorization ?? null);
    if (!member) return false;
    send(req, res, url, { status: 200, body: JSON.stringify(await list.answer(url, member)) }, 'made');
  } catch (err) {
    // A bad query (4xx) or the database in trouble (503): the envelope the endpoint answers.
    const requestId = res.getHeader('x-request-id');
    const envelope = toErrorResponse(err, typeof requestId === 'string' ? requestId : undefined);
    send(req, res, url, { status: envelope.status, body: await envelope.text(), headers: envelope.headers }, 'made');
  }
  return true;
}

/**
 * True when answered here, false to send the request on to Astro (not a member's list call), or a
 * promise of either while the answer is made from the database.
 */
export function serveMemberList(
  req: IncomingMessage,
  res: ServerResponse,
  now = Date.now(),
): boolean | Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization === undefined) return false;
  const url = requestTarget(req.url);
  const list = url && memberListAt(url.pathname);
  if (!url || !list) return false;
  const kept = keptMemberList(url, list.kind, req.headers.authorization, now);
  if (kept === null) return make(req, res, url, list);
  send(req, res, url, { status: 200, body: kept }, 'kept');
  return true;
}
