/**
 * Answers the server makes itself, around the app (node-server.ts): a method the app has no route for,
 * a request Node's HTTP parser could not read (raw UTF-8 or a bad byte in the request line, oversized
 * headers, a request that never finished), and the body limit, no route and a failure the app did not
 * answer. They are the API's JSON envelope, their texts from the one catalogue (`errors.ts`), with the
 * security headers like every other answer, never a bare status line or plain text.
 */
import { STATUS_CODES } from 'node:http';
import { getConfig } from '#server/config';
import {
  badRequest,
  headersTooLarge,
  methodNotAllowed,
  requestTimeout,
  UNREADABLE_REQUEST_MESSAGE,
  type ApiError,
} from './errors';
import { securityHeaders } from './headers';

/** The methods some route takes; anything else (TRACE, CONNECT, PROPFIND, …) is 405 before the app. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const ALLOWED_METHODS = [...KNOWN_METHODS].join(', ');

export function isKnownMethod(method: string | undefined): boolean {
  return method !== undefined && KNOWN_METHODS.has(method);
}

export interface EarlyAnswer {
  status: number;
  body: { code: string; message: string };
  headers: Record<string, string>;
}

/** The envelope of one of the catalogue's errors, with headers of the answer's own (`Allow`, `Connection`). */
export const errorAnswer = (err: ApiError, headers: Record<string, string> = {}): EarlyAnswer => ({
  status: err.status,
  body: { code: err.code, message: err.message },
  headers: { ...err.headers, ...headers },
});

export function unknownMethodAnswer(): EarlyAnswer {
  return errorAnswer(methodNotAllowed(), { Allow: ALLOWED_METHODS });
}

/** Node's clientError codes: header overflow is 431, a request that timed out 408, anything else 400. */
export function clientErrorAnswer(code: string | undefined): EarlyAnswer {
  if (code === 'HPE_HEADER_OVERFLOW') return errorAnswer(headersTooLarge());
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return errorAnswer(requestTimeout());
  return errorAnswer(badRequest(UNREADABLE_REQUEST_MESSAGE));
}

/**
 * The raw HTTP/1.1 answer to write on the socket of a request the parser rejected. The connection is
 * closed after it: the parser cannot tell where the next request would begin. A HEAD request (read from
 * the bytes the parser was given, `err.rawPacket`) gets the headers without the body.
 */
export function rawClientErrorAnswer(
  code: string | undefined,
  rawPacket?: Buffer,
  publicOrigin = getConfig().publicOrigin,
): string {
  const answer = clientErrorAnswer(code);
  // The envelope goes only to a request whose method we can read and that takes a body. The packet is
  // the one Node failed on: when the request line arrived in more than one, its start (and so a HEAD)
  // is not in it, and a body a HEAD client does not expect would corrupt its connection.
  const method = /^([A-Z]{3,7}) /.exec(rawPacket?.toString('latin1', 0, 8) ?? '')?.[1];
  const text = JSON.stringify(answer.body);
  const body = method !== undefined && method !== 'HEAD' ? text : '';
  const headers: Record<string, string | number> = {
    ...securityHeaders(new URL('/api/', publicOrigin), true, publicOrigin),
    'Content-Type': 'application/json; charset=utf-8',
    // A HEAD answer names the length of the answer a GET would get.
    'Content-Length': method === 'HEAD' ? Buffer.byteLength(text) : Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
