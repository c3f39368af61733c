#!/usr/bin/env node
/**
 * npm run db:backup -- [--out DIR]
 *
 * A backup of production in one directory (default `backups/<UTC time>`):
 * - `db.dump`: `pg_dump -Fc` of DATABASE_URL (custom format: compressed, restored with pg_restore, one
 *   consistent snapshot while the app keeps serving);
 * - `uploads.tar`: the local uploads directory (UPLOADS_DIR, or DATA_DIR/uploads), taken after the dump so
 *   every picture a dumped row names is in it (a picture uploaded meanwhile is only an extra file).
 *   With STORAGE_DRIVER=s3 there is none: the bucket keeps its own versions and replicas (README);
 * - `manifest.json`: when, from where, and each file's size and SHA-256, which db:restore checks.
 * The directory is written as `DIR.partial` and renamed when complete: a DIR that exists is whole.
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  DUMP_FILE,
  MANIFEST_FILE,
  UPLOADS_FILE,
  backupSettings,
  describeUrl,
  pgProgram,
  run,
  sha256,
} from './lib/backup.mjs';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : join('backups', stamp));

async function main() {
  const settings = backupSettings();
  if (existsSync(out)) throw new Error(`${out} exists already; choose another --out`);
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const started = Date.now();

  const pgDump = pgProgram('pg_dump');
  const version = run(pgDump, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] }).stdout.trim();
  run(pgDump, [
    '--format=custom',
    '--lock-wait-timeout=60000',
    `--file=${join(partial, DUMP_FILE)}`,
    `--dbname=${settings.databaseUrl}`,
  ]);

  let uploads = null;
  if (settings.storageDriver === 's3') {
    uploads = { skipped: 'STORAGE_DRIVER=s3: the bucket keeps its own versions and replicas' };
  } else if (existsSync(settings.uploadsDir)) {
    // Pictures are compressed already: a plain tar.
    run('tar', ['-C', settings.uploadsDir, '-cf', join(partial, UPLOADS_FILE), '.']);
  } else {
    uploads = { skipped: `no uploads directory at ${settings.uploadsDir}` };
  }

  const files = [];
  for (const name of [DUMP_FILE, UPLOADS_FILE]) {
    const file = join(partial, name);
    if (!existsSync(file)) continue;
    files.push({ name, bytes: statSync(file).size, sha256: await sha256(file) });
  }
  const manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: describeUrl(settings.databaseUrl),
    pgDump: version,
    uploadsDir: settings.uploadsDir,
    ...(uploads ? { uploads } : {}),
    files,
  };
  writeFileSync(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, out);
  const total = files.reduce((n, f) => n + f.bytes, 0);
  console.log(
    JSON.stringify({ msg: 'backup written', dir: out, bytes: total, ms: Date.now() - started, files: files.length }),
  );
}

main().catch((err) => {
  console.error(`db:backup failed: ${err instanceof Error ? err.message : String(err)}`);
  rmSync(`${out}.partial`, { recursive: true, force: true });
  process.exit(1);
});
