#!/usr/bin/env node
/**
 * npm run test:load — concurrency and fault tests on PostgreSQL (tests/load): two server instances on
 * one database under 500 concurrent save/unsave operations and 1,000 detail views, kill -9 under write
 * load, the database going away and coming back.
 *
 * Uses DATABASE_URL when set, otherwise a throwaway cluster from the machine's PostgreSQL binaries.
 * Serves DIST_DIR when set, otherwise builds dist/ when it is missing or stale. npm test runs the same
 * files in its PostgreSQL pass (and .ci/run runs npm test), so CI counts them in its summary line.
 * Extra arguments go to vitest (e.g. a file name).
 */
import { spawnSync } from 'node:child_process';
import { findPgBin, startPgCluster } from './lib/pg-cluster.mjs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', TEST_DATABASE: 'postgres' };

if (!process.env.DIST_DIR) {
  const built = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

let cluster = null;
if (!process.env.DATABASE_URL) {
  if (!findPgBin()) {
    console.error('PostgreSQL binaries not found (apt-get install postgresql), and DATABASE_URL is not set.');
    process.exit(1);
  }
  cluster = await startPgCluster();
  env.DATABASE_URL = cluster.url;
}

let result;
try {
  result = spawnSync('node_modules/.bin/vitest', ['run', '--project', 'load', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
} finally {
  cluster?.stop();
}
process.exit(result?.status ?? 1);
