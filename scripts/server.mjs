#!/usr/bin/env node
/**
 * Production server. It imports two files of the build by name: the adapter's `dist/server/entry.mjs`
 * (Astro's `handler`, the adapter in middleware mode) and our `dist/server/app.mjs` (src/server/app.ts,
 * emitted as its own entry by astro.config.mjs), then:
 * - starts the app first (configuration, database, migrations, demo data) and refuses to listen if that fails;
 * - answers every request through the request path of src/server/http/node-server.ts: request ids and
 *   logs, CORS, static files from memory, local media, cached pages, the body limit, compression, Astro;
 * - shuts down gracefully on SIGTERM/SIGINT: stop accepting, drain in-flight requests within a timeout,
 *   close the database, exit 0.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
// DIST_DIR lets parallel builds (e.g. one per developer worktree task) live side by side.
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const entryFile = join(dist, 'server', 'entry.mjs');
const appFile = join(dist, 'server', 'app.mjs');

if (!existsSync(entryFile) || !existsSync(appFile)) {
  // Before the app (and its logger) is loaded: a plain line.
  console.error(`the build in ${dist} is missing or older than this server; run npm run build`);
  process.exit(1);
}
const { handler } = await import(pathToFileURL(entryFile).href);
const app = await import(pathToFileURL(appFile).href);

let config;
try {
  config = app.getConfig();
  await app.startApp();
} catch (err) {
  app.log('error', 'startup failed', { error: err instanceof Error ? err.message : String(err) });
  await app.stopApp().catch(() => undefined);
  process.exit(1);
}

const server = app.createNodeServer({ astro: handler, staticFiles: app.loadStaticFiles(join(dist, 'client')) });

server.http.on('error', (err) => {
  app.log('error', 'server error', { error: err.message });
  process.exit(1);
});

server.http.listen(config.port, config.host, () => {
  const address = server.http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.logLifecycle('listening', { url: `http://localhost:${port}`, mode: config.mode, pid: process.pid });
});

let shuttingDown = false;
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.logLifecycle('shutting down', { signal, inFlight: server.inFlight });
  await server.drain(config.shutdownTimeoutMs);
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
