/**
 * Stand-ins for node's request and response, for the server's fast paths (static files, cached pages).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';

/** A node response stand-in that records what was sent. */
export function fakeResponse() {
  const headers = new Map<string, string | number>();
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    body: Buffer.alloc(0),
    ended: false,
    setHeader(k: string, v: string | number) {
      headers.set(k.toLowerCase(), v);
    },
    getHeader: (k: string) => headers.get(k.toLowerCase()),
    end(chunk?: Buffer) {
      if (chunk) res.body = Buffer.from(chunk);
      res.ended = true;
    },
    headers,
  });
  return res;
}

export const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  ({ url, method, headers }) as unknown as IncomingMessage;
