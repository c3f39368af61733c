/**
 * The production server's request path, in the order every request meets it (docs/architecture.md):
 * a request id and one log line; CORS headers; a method no route takes (405); the build's static files
 * from memory; pictures of local storage; a cached page or list answer; the body limit (uploads aside);
 * compression of what is rendered for this request; then Astro's handler (the adapter in middleware
 * mode), and the Not Found answer when no route matched. Every answer made here is the API's envelope
 * from the one catalogue (`errors.ts`), with the same security headers as the app's.
 *
 * scripts/server.mjs imports this through the build's `dist/server/app.mjs` (src/server/app.ts), so it
 * shares the bundle's modules (configuration, the page cache's store, the database) with Astro's render.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { serveCached } from '#server/cache/fast-path';
import { getConfig } from '#server/config';
import { log } from '#server/log';
import { compressAnswers } from './compress-answers';
import { setCorsHeaders } from './cors';
import {
  errorAnswer,
  isKnownMethod,
  rawClientErrorAnswer,
  unknownMethodAnswer,
  type EarlyAnswer,
} from './early-answers';
import { internalError, notFound, payloadTooLarge } from './errors';
import { securityHeaders } from './headers';
import { serveMedia } from './media-files';
import { observeRequest, serveMetrics } from './metrics';
import { notFoundPage } from './not-found';
import type { StaticFiles } from './static-files';

/** The adapter's `handler` in middleware mode: `next()` when no route matched, `next(err)` on a failure. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
  locals: { requestId: string; user: null },
) => unknown;

export interface NodeServerOptions {
  astro: AstroHandler;
  staticFiles: StaticFiles;
}

export interface NodeServer {
  readonly http: http.Server;
  /** Answers in progress. */
  readonly inFlight: number;
  /**
   * Stops accepting, lets the answers in progress finish within `timeoutMs`, then closes every connection.
   * Answers made meanwhile say `Connection: close`.
   */
  drain(timeoutMs: number): Promise<void>;
}

/** Uploads have their own limits (src/server/media/multipart.ts), checked as the body streams in. */
const UPLOAD_PATH = '/api/v1/files';
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** A JSON envelope made here, not by the app (413, 500, 404, 405): the API's security headers, never cached. */
function sendEnvelope(res: ServerResponse, answer: EarlyAnswer): void {
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...securityHeaders(new URL('/api/', getConfig().publicOrigin), true),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...answer.headers,
  });
  res.end(text);
}

/** Past this, an oversized body is not read to its end: the connection is cut after the 413. */
const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;
const DISCARD_TIMEOUT_MS = 10_000;

/**
 * 413 for a declared body past the limit. The body is read and thrown away first (up to a bound), so a
 * client still sending gets the answer instead of a broken pipe; then the connection is closed.
 */
function refuseOversized(req: IncomingMessage, res: ServerResponse): void {
  let read = 0;
  const answer = (): void => {
    clearTimeout(timer);
    if (!res.headersSent) sendEnvelope(res, errorAnswer(payloadTooLarge(), { Connection: 'close' }));
  };
  const timer = setTimeout(answer, DISCARD_TIMEOUT_MS);
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DISCARD_LIMIT_BYTES) answer();
  });
  req.once('end', answer);
  req.once('error', answer);
  req.resume();
}

/** No route matched: pages go home (the spec's Not Found behaviour), anything else is the JSON 404. */
async function answerNotFound(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method === 'GET' || req.method === 'HEAD') {
    const page = notFoundPage();
    res.writeHead(page.status, Object.fromEntries(page.headers));
    res.end(await page.text());
    return;
  }
  sendEnvelope(res, errorAnswer(notFound()));
}

/** A fast path's pending answer: answered, or on to the app; a failure before any byte goes to the app too. */
function orApp(pending: Promise<boolean>, res: ServerResponse, app: () => void): void {
  pending.then(
    (served) => served || app(),
    () => (res.headersSent ? res.destroy() : app()),
  );
}

export function createNodeServer({ astro, staticFiles }: NodeServerOptions): NodeServer {
  const inFlight = new Set<ServerResponse>();
  /** Sockets with an answer being written (see the clientError handler). */
  const answering = new WeakSet<Duplex>();
  let draining = false;

  /** Everything the fast paths did not answer: the body limit, compression, then Astro. */
  function toApp(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    const path = (req.url ?? '').split('?')[0];
    const declared = Number(req.headers['content-length'] ?? 0);
    if (path !== UPLOAD_PATH && declared > getConfig().bodyLimitBytes) {
      refuseOversized(req, res);
      return;
    }
    // Pages and API answers are compressed whole, in one call (compress-answers.ts).
    compressAnswers(req, res);
    // Astro routes HEAD to an endpoint's ALL handler; answer it as GET (Node still sends no body for HEAD).
    // X-Original-Method tells endpoints it was HEAD (a view is not counted); a client's own is dropped.
    delete req.headers['x-original-method'];
    if (req.method === 'HEAD') {
      req.method = 'GET';
      req.headers['x-original-method'] = 'HEAD';
    }
    void astro(
      req,
      res,
      (err) => {
        if (err === undefined) {
          void answerNotFound(req, res);
          return;
        }
        log('error', 'unhandled error', { requestId, error: err instanceof Error ? err.stack : String(err) });
        if (!res.headersSent) sendEnvelope(res, errorAnswer(internalError()));
        else res.end();
      },
      { requestId, user: null },
    );
  }

  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const method = req.method ?? 'GET';
    const path = (req.url ?? '').split('?')[0] ?? '';
    inFlight.add(res);
    answering.add(req.socket);
    res.on('close', () => {
      inFlight.delete(res);
      answering.delete(req.socket);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      observeRequest(method, path, res, ms);
      log(res.statusCode >= 500 ? 'error' : 'info', 'request', {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: Number(res.getHeader('Content-Length') ?? 0) || undefined,
      });
    });
    if (draining) res.setHeader('Connection', 'close');
    // CORS headers first (cors.ts): every answer below, cached or made here, carries them.
    setCorsHeaders(req, res);
    if (!isKnownMethod(req.method)) {
      sendEnvelope(res, unknownMethodAnswer());
      req.resume();
      return;
    }
    const app = () => toApp(req, res, requestId);
    // Prometheus metrics with METRICS_TOKEN (metrics.ts); without it /metrics is an unknown path.
    if (serveMetrics(req, res, (answer) => sendEnvelope(res, answer))) return;
    if (staticFiles.serve(req, res)) return;
    // Pictures kept on local storage (media-files.ts); missing ones go on to the media route.
    const media = serveMedia(req, res);
    if (media !== false) return orApp(media, res, app);
    const cached = serveCached(req, res);
    if (cached === true) return;
    if (cached === false) return app();
    orApp(cached, res, app);
  });

  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 15_000;
  server.requestTimeout = 120_000;

  // A request the HTTP parser cannot read (raw UTF-8 in the URL, oversized headers): the envelope, then close.
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // Nothing can be said on a dead socket, nor while an answer is being written on it: bytes written then
    // would land inside that answer (a keep-alive client read them as garbage after it).
    if (err.code === 'ECONNRESET' || !socket.writable || answering.has(socket)) {
      socket.destroy();
      return;
    }
    socket.end(rawClientErrorAnswer(err.code, err.rawPacket));
  });

  return {
    http: server,
    get inFlight() {
      return inFlight.size;
    },
    async drain(timeoutMs) {
      draining = true;
      server.close();
      server.closeIdleConnections();
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (inFlight.size > 0) log('warn', 'shutdown timeout; closing open connections', { inFlight: inFlight.size });
      server.closeAllConnections();
    },
  };
}
