/**
 * Process lifecycle: start (configuration, database, migrations, demo data) and stop (close the
 * database), and the production server's request path (http/node-server.ts). The build emits this
 * module as its own entry, `dist/server/app.mjs`, which scripts/server.mjs imports beside the adapter's
 * `dist/server/entry.mjs`.
 */
import { getConfig } from './config';
import { getJwtSecret } from './auth/secret';
import { startBus, stopBus } from './cache/bus';
import { staleAfterInvalidationMs } from './cache/invalidate';
import { configureStore } from './cache/store';
import { closeDb, getDb } from './db/index';
import { registerMetrics } from './http/metrics';
import { log, setLogLevel } from './log';
import { makeSeedImage } from './seed/images';
import { registerFileCleanup } from './services/file-cleanup';
import { registerNotificationSchedule } from './services/notification-schedule';
import { registerPush } from './push/register';
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
registerNotificationSchedule({ onStart, onStop });
registerMetrics({ onStart, onStop });
registerPush({ onStart, onStop });

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
    if (config.databaseListenUrl && config.pageCache.enabled)
      await startBus(config.databaseListenUrl, db, staleAfterInvalidationMs, config.busHeartbeatMs);
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

// What scripts/server.mjs needs beside Astro's handler: the build emits this module as
// dist/server/app.mjs (astro.config.mjs), in the same bundle as Astro's render, so both share one
// configuration, one database and one page cache.
export { getConfig } from './config';
export { createNodeServer } from './http/node-server';
export { loadStaticFiles } from './http/static-files';
export { log, logLifecycle } from './log';
