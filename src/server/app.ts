/**
 * Process lifecycle: start (configuration, database, migrations, demo data) and stop (close the
 * database). scripts/server.mjs reaches these through a global symbol because it wraps the built
 * bundle and cannot import our TypeScript modules directly.
 */
import { getConfig } from './config';
import { getJwtSecret } from './auth/secret';
import { securityHeaders } from './http/headers';
import { startBus, stopBus } from './cache/bus';
import { serveCached } from './cache/fast-path';
import { staleAfterInvalidationMs } from './cache/invalidate';
import { configureStore } from './cache/store';
import { compressAnswers } from './http/compress-answers';
import { setCorsHeaders } from './http/cors';
import { isKnownMethod, rawClientErrorAnswer, unknownMethodAnswer } from './http/early-answers';
import { loadStaticFiles } from './http/static-files';
import { serveMedia } from './http/media-files';
import { notFoundBody, notFoundPage } from './http/not-found';
import { closeDb, getDb } from './db/index';
import { log, logLifecycle, setLogLevel } from './log';
import { makeSeedImage } from './seed/images';
import { registerFileCleanup } from './services/file-cleanup';
import { seedDemoData } from './seed/seed';

type Hook = () => Promise<void>;
const startHooks: Hook[] = [];

/** Features add their startup work (demo seed, secrets, cleanup timers) here. */
export function onStart(hook: Hook): void {
  startHooks.push(hook);
}

const stopHooks: Hook[] = [];
export function onStop(hook: Hook): void {
  stopHooks.push(hook);
}

registerFileCleanup({ onStart, onStop });

let started: Promise<void> | null = null;

export function startApp(): Promise<void> {
  started ??= (async () => {
    const config = getConfig();
    setLogLevel(config.logLevel);
    getJwtSecret();
    configureStore({ enabled: config.pageCache.enabled, maxBytes: config.pageCache.maxBytes });
    const db = await getDb();
    log('info', 'database ready', { kind: db.kind, mode: config.mode });
    if (config.seedDemoData) {
      const report = await seedDemoData(db, makeSeedImage(db));
      if (!report.skipped) log('info', 'demo data seeded', { ...report });
    }
    // PGlite runs no autovacuum, so nothing else gathers the planner's statistics: without them a
    // keyword or region filter at 100k events picks a plan a hundred times slower.
    // Vacuum too: it marks pages all-visible, without which no count is an index-only scan.
    if (db.kind === 'pglite') await db.query('vacuum analyze');
    // Several instances on one PostgreSQL tell each other what a write changed (src/server/cache/bus.ts).
    if (config.databaseUrl && config.pageCache.enabled)
      await startBus(config.databaseUrl, db, staleAfterInvalidationMs);
    for (const hook of startHooks) await hook();
  })();
  return started;
}

export async function stopApp(): Promise<void> {
  await stopBus();
  for (const hook of stopHooks.splice(0).reverse()) {
    await hook().catch((err: unknown) => log('error', 'stop hook failed', { err }));
  }
  await closeDb();
}

const key = Symbol.for('damabwa.app');
// securityHeaders: the answers scripts/server.mjs makes itself (413, 500) carry the same headers as the app's.
// loadStaticFiles and serveCached: the server's fast paths, answered before a request reaches Astro.
(globalThis as Record<symbol, unknown>)[key] = {
  startApp,
  stopApp,
  getConfig,
  securityHeaders,
  loadStaticFiles,
  // Pictures local storage already keeps, before Astro (src/server/http/media-files.ts).
  serveMedia,
  serveCached,
  // Compression of the answers Astro renders (src/server/http/compress-answers.ts).
  compressAnswers,
  // CORS on every API answer the server makes itself, and the answers made before the app (early-answers.ts).
  setCorsHeaders,
  isKnownMethod,
  unknownMethodAnswer,
  rawClientErrorAnswer,
  // The one Not Found answer (src/server/http/not-found.ts) for requests no route matched.
  notFoundPage,
  notFoundBody,
  // The one logger (src/server/log.ts), for the server's own lines.
  log,
  logLifecycle,
};
