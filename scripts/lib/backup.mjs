/**
 * What `npm run db:backup` and `npm run db:restore` share (scripts/db-backup.mjs, scripts/db-restore.mjs;
 * README, "Backups"): the settings they read, PostgreSQL's client programs, checksums.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findPgBin } from './pg-cluster.mjs';

export const DUMP_FILE = 'db.dump';
export const UPLOADS_FILE = 'uploads.tar';
export const MANIFEST_FILE = 'manifest.json';

/** The app's settings these scripts need, from the environment and `.env` (what the environment sets wins). */
export function backupSettings(env = process.env) {
  if (env.APP_ENV !== 'test' && existsSync(resolve('.env'))) process.loadEnvFile(resolve('.env'));
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  if (!databaseUrl) throw new Error('DATABASE_URL is required: backups are of the production PostgreSQL database');
  const dataDir = env.DATA_DIR?.trim() || './data';
  return {
    databaseUrl,
    storageDriver: env.STORAGE_DRIVER?.trim() === 's3' ? 's3' : 'local',
    uploadsDir: resolve(env.UPLOADS_DIR?.trim() || join(dataDir, 'uploads')),
  };
}

/**
 * A PostgreSQL client program: from PG_BIN, else the newest of Debian's /usr/lib/postgresql/<v>/bin
 * (pg_dump must be at least the server's version), else the PATH's.
 */
export function pgProgram(name) {
  const dir = process.env.PG_BIN || findPgBin();
  return dir && existsSync(join(dir, name)) ? join(dir, name) : name;
}

/** Runs a program with its output passed through; throws with its stderr when it fails. */
export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', ...options });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args[0] ?? ''} failed (exit ${r.status}):\n${r.stderr}`);
  if (r.stderr) process.stderr.write(r.stderr);
  return r;
}

export function sha256(file) {
  return new Promise((resolveHash, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('error', reject)
      .on('end', () => resolveHash(hash.digest('hex')));
  });
}

/** The database's address without its password, for the manifest and the logs. */
export function describeUrl(url) {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
