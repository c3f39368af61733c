import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/index';
import { migrate } from '#server/db/migrate';
import { loadMigrations } from '#server/db/migrations';
import { insertMember } from '../support/db';

const dir = mkdtempSync(join(tmpdir(), 'damabwa-scripts-'));
const env = { ...process.env, APP_ENV: 'test', DATA_DIR: dir, PGLITE_DIR: join(dir, 'db'), DATABASE_URL: '' };
const tsx = (args: string[]) => execFileSync('node_modules/.bin/tsx', args, { env, encoding: 'utf8' });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('operator scripts on the embedded database', () => {
  it('migrates, grants and revokes ADMIN, and a second process cannot open the directory', async () => {
    // An old database (only the first migration applied): the script says what it applied, then that
    // there is nothing left.
    const old = await openDatabase({ databaseUrl: null, pgliteDir: join(dir, 'db') }, { migrate: false });
    const all = loadMigrations();
    await migrate(old, all.slice(0, 1));
    await old.close();
    const report = tsx(['scripts/db.ts', 'migrate']);
    for (const m of all.slice(1)) expect(report).toContain(`applied migration ${m.id}: ${m.name}`);
    expect(report).not.toContain(`applied migration ${all[0]!.id}:`);
    expect(tsx(['scripts/db.ts', 'migrate'])).toBe('database is up to date: nothing to apply\n');
    const db = await openDatabase({ databaseUrl: null, pgliteDir: join(dir, 'db') });
    const m = await insertMember(db, { nickname: '운영후보' });
    // While this process holds the database, the script fails fast with a clear message.
    const locked = spawnSync('node_modules/.bin/tsx', ['scripts/admin.ts', 'list-admins'], { env, encoding: 'utf8' });
    expect(locked.status).toBe(1);
    expect(locked.stderr).toMatch(/사용 중|in process/);
    await db.close();
    expect(tsx(['scripts/admin.ts', 'grant-admin', '운영후보'])).toContain('ADMIN');
    expect(tsx(['scripts/admin.ts', 'list-admins'])).toContain(`#${m.id}`);
    expect(tsx(['scripts/admin.ts', 'revoke-admin', String(m.id)])).not.toContain('ADMIN');
    expect(tsx(['scripts/admin.ts', 'list-admins'])).toContain('(no admins)');
    expect(tsx(['scripts/admin.ts', 'signup-sources'])).toContain('registered members');
  }, 120_000);

  it('prints the usage and exits 2 for an unknown command, closing the database', () => {
    for (const script of ['scripts/db.ts', 'scripts/admin.ts']) {
      const run = spawnSync('node_modules/.bin/tsx', [script, 'no-such-command'], { env, encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^usage: /);
    }
    // Closed: the next process opens the same directory.
    expect(tsx(['scripts/admin.ts', 'list-admins'])).toContain('(no admins)');
  }, 60_000);
});
