#!/usr/bin/env node
/**
 * npm run db:restore -- DIR --yes
 *
 * Puts a backup of `npm run db:backup` back: checks the manifest's checksums, then
 * - `pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error` of `db.dump` into
 *   DATABASE_URL: the app's tables are dropped and made again as they were, all or nothing;
 * - `uploads.tar` into UPLOADS_DIR (or DATA_DIR/uploads): unpacked beside it, then swapped in; the
 *   directory it replaces is kept as `<dir>.before-restore-<time>` until you delete it.
 * Stop the app's instances first (their page caches would keep answering what they kept), then start
 * them: migrations newer than the backup run at startup as usual.
 * `--yes` is required: a restore replaces what the database holds.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
const dir = args.find((a) => !a.startsWith('--'));

async function main() {
  if (!dir) throw new Error('usage: npm run db:restore -- <backup directory> --yes');
  const from = resolve(dir);
  const settings = backupSettings();
  const manifest = JSON.parse(readFileSync(join(from, MANIFEST_FILE), 'utf8'));
  for (const f of manifest.files) {
    const actual = await sha256(join(from, f.name));
    if (actual !== f.sha256) throw new Error(`${f.name} does not match its checksum in the manifest`);
  }
  if (!args.includes('--yes'))
    throw new Error(
      `this replaces everything in ${describeUrl(settings.databaseUrl)} and ${settings.uploadsDir} with the backup of ${manifest.createdAt}; run again with --yes`,
    );
  const started = Date.now();

  run(pgProgram('pg_restore'), [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${settings.databaseUrl}`,
    join(from, DUMP_FILE),
  ]);

  let uploads = 'none in the backup';
  if (existsSync(join(from, UPLOADS_FILE))) {
    const target = settings.uploadsDir;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const incoming = `${target}.restoring-${stamp}`;
    mkdirSync(incoming, { recursive: true });
    try {
      run('tar', ['-C', incoming, '-xf', join(from, UPLOADS_FILE)]);
    } catch (err) {
      rmSync(incoming, { recursive: true, force: true });
      throw err;
    }
    mkdirSync(dirname(target), { recursive: true });
    if (existsSync(target)) renameSync(target, `${target}.before-restore-${stamp}`);
    renameSync(incoming, target);
    uploads = target;
  }
  console.log(
    JSON.stringify({
      msg: 'backup restored',
      from,
      createdAt: manifest.createdAt,
      database: describeUrl(settings.databaseUrl),
      uploads,
      ms: Date.now() - started,
    }),
  );
}

main().catch((err) => {
  console.error(`db:restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
