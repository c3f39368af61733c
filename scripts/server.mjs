#!/usr/bin/env node
/**
 * Production server: wraps the built Astro handler (dist/server/entry.mjs, adapter in middleware mode).
 * - starts the app first (configuration, database, migrations, demo data) and refuses to listen if that fails;
 * - serves dist/client from memory with the build's brotli/gzip copies, year-long immutable caching for
 *   hashed assets, and answers cached public pages before they reach Astro (both in src/server/http);
 * - brotli/gzip for everything else (HTML, JSON, SVG), each answer compressed whole in one call;
 * - a request body limit (uploads aside), a request id and one JSON log line per request;
 * - graceful shutdown on SIGTERM/SIGINT: stop accepting, drain in-flight requests within a timeout,
 *   close the database, exit 0.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
// DIST_DIR lets parallel builds (e.g. one per developer worktree task) live side by side.
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const distServer = join(dist, 'server');
const distClient = join(dist, 'client');

const { handler } = await import(pathToFileURL(join(distServer, 'entry.mjs')).href);
// Astro loads the middleware lazily; importing it now registers our app lifecycle (src/server/app.ts).
const middlewareFile = readdirSync(distServer).find((f) => /^virtual_astro_middleware.*\.mjs$/.test(f));
if (!middlewareFile) {
  // Before the app (and its logger) is loaded: a plain line.
  console.error('build is missing the middleware bundle; run npm run build');
  process.exit(1);
}
await import(pathToFileURL(join(distServer, middlewareFile)).href);
const app = globalThis[Symbol.for('damabwa.app')];

let config;
try {
  config = app.getConfig();
  await app.startApp();
} catch (err) {
  app.log('error', 'startup failed', { error: err instanceof Error ? err.message : String(err) });
  await app.stopApp?.().catch(() => undefined);
  process.exit(1);
}

// Static files of the build, from memory with their build-time brotli/gzip copies (src/server/http/static-files.ts).
const staticFiles = app.loadStaticFiles(distClient);

const UPLOAD_PATH = '/api/v1/files';
const inFlight = new Set();
/** Sockets with an answer being written (see the clientError handler). */
const answering = new WeakSet();
let shuttingDown = false;

/** A JSON answer made here, not by the app (413 body limit, 500, 404 for other methods): same security headers. */
function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...app.securityHeaders(new URL('/api/', config.publicOrigin), true),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** No route matched: pages go home (the spec's Not Found behaviour), anything else is a JSON 404. */
async function notFound(req, res) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method === 'GET' || req.method === 'HEAD') {
    const page = app.notFoundPage();
    res.writeHead(page.status, Object.fromEntries(page.headers));
    res.end(await page.text());
    return;
  }
  sendJson(res, 404, app.notFoundBody());
}

const server = http.createServer((req, res) => {
  const started = process.hrtime.bigint();
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  inFlight.add(res);
  answering.add(req.socket);
  res.on('close', () => {
    inFlight.delete(res);
    answering.delete(req.socket);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    app.log(res.statusCode >= 500 ? 'error' : 'info', 'request', {
      requestId,
      method: req.method,
      path: (req.url ?? '').split('?')[0],
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      bytes: Number(res.getHeader('Content-Length') ?? 0) || undefined,
    });
  });
  if (shuttingDown) res.setHeader('Connection', 'close');
  // CORS headers first (src/server/http/cors.ts): every answer below, cached or made here, carries them.
  app.setCorsHeaders(req, res);
  if (!app.isKnownMethod(req.method)) {
    const answer = app.unknownMethodAnswer();
    sendJson(res, answer.status, answer.body, answer.headers);
    req.resume();
    return;
  }

  if (staticFiles.serve(req, res)) return;
  // Pictures kept on local storage, before Astro (src/server/http/media-files.ts); missing ones go on.
  const media = app.serveMedia(req, res);
  if (media !== false) {
    media.then(
      (served) => served || toApp(req, res, requestId),
      () => (res.headersSent ? res.destroy() : toApp(req, res, requestId)),
    );
    return;
  }
  const answered = app.serveCached(req, res);
  if (answered === true) return;
  if (answered === false) toApp(req, res, requestId);
  else
    answered.then(
      (served) => served || toApp(req, res, requestId),
      () => (res.headersSent ? res.destroy() : toApp(req, res, requestId)),
    );
});

/** Everything the fast paths did not answer: the body limit, compression, then Astro. */
function toApp(req, res, requestId) {
  const path = (req.url ?? '').split('?')[0];
  const declared = Number(req.headers['content-length'] ?? 0);
  if (path !== UPLOAD_PATH && declared > config.bodyLimitBytes) {
    sendJson(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: '요청 본문이 너무 큽니다.' }, { Connection: 'close' });
    req.resume();
    return;
  }

  // Pages and API answers are compressed whole, in one call (src/server/http/compress-answers.ts).
  app.compressAnswers(req, res);
  // Astro routes HEAD to an endpoint's ALL handler; answer it as GET (Node still sends no body for HEAD).
  // X-Original-Method tells endpoints it was HEAD (a view is not counted); a client's own is dropped.
  delete req.headers['x-original-method'];
  if (req.method === 'HEAD') {
    req.method = 'GET';
    req.headers['x-original-method'] = 'HEAD';
  }
  handler(
    req,
    res,
    (err) => {
      if (err === undefined) return notFound(req, res);
      app.log('error', 'unhandled error', { requestId, error: err instanceof Error ? err.stack : String(err) });
      if (!res.headersSent) sendJson(res, 500, { code: 'INTERNAL_ERROR', message: '일시적인 오류가 발생했습니다.' });
      else res.end();
    },
    { requestId, user: null },
  );
}

server.keepAliveTimeout = 5_000;
server.headersTimeout = 15_000;
server.requestTimeout = 120_000;

// A request the HTTP parser cannot read (raw UTF-8 in the URL, oversized headers): the JSON envelope, then close.
server.on('clientError', (err, socket) => {
  // Nothing can be said on a dead socket, nor while an answer is being written on it: bytes written then
  // would land inside that answer (a keep-alive client read them as garbage after it).
  if (err.code === 'ECONNRESET' || !socket.writable || answering.has(socket)) {
    socket.destroy();
    return;
  }
  socket.end(app.rawClientErrorAnswer(err.code, err.rawPacket));
});

server.on('error', (err) => {
  app.log('error', 'server error', { error: err.message });
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.logLifecycle('listening', { url: `http://localhost:${port}`, mode: config.mode, pid: process.pid });
});

async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.logLifecycle('shutting down', { signal, inFlight: inFlight.size });
  server.close();
  server.closeIdleConnections();
  const deadline = Date.now() + config.shutdownTimeoutMs;
  while (inFlight.size > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (inFlight.size > 0) app.log('warn', 'shutdown timeout; closing open connections', { inFlight: inFlight.size });
  server.closeAllConnections();
  try {
    await app.stopApp();
  } catch (err) {
    app.log('error', 'stop failed', { error: err instanceof Error ? err.message : String(err) });
  }
  app.logLifecycle('stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
