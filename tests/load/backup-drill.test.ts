/**
 * Backup drill (README, "Backups"; decision 023): a cluster seeded through the app, `npm run db:backup`
 * (pg_dump -Fc and a tar of the uploads), `npm run db:restore` into a fresh cluster and a fresh uploads
 * directory, and the app started on the copy finds the same events, members, saves and pictures, the
 * pictures byte for byte. Skipped without PostgreSQL's binaries (the PostgreSQL pass of npm test has them).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { findPgBin, startPgCluster } from '../../scripts/lib/pg-cluster.mjs';
import { call, createEvent, newPhotographer, newUser } from '../support/api';
import { startServer } from '../support/server';
import { sql } from '../security/pg';

const run = promisify(execFile);
const SECRET = `backup-drill-secret-${process.pid}-0123456789abcdef`;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const TABLES = ['members', 'promotions', 'promotion_saves', 'files', 'schema_migrations'];
async function counts(url: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await sql<{ n: string }>(url, `select count(*) as n from ${t}`))[0]?.n);
  return out;
}

describe.skipIf(!process.env['DATABASE_URL'] || !findPgBin())('backup drill', () => {
  it('restores into a fresh cluster the same events, members, saves and pictures', async () => {
    const source = await startPgCluster();
    cleanup.push(() => source.stop());
    const target = await startPgCluster();
    cleanup.push(() => target.stop());
    const work = mkdtempSync(join(tmpdir(), 'damabwa-drill-'));
    cleanup.push(() => rmSync(work, { recursive: true, force: true }));
    const before = join(work, 'before');
    const after = join(work, 'after');

    // Seeded through the app: a photographer's events with pictures, members who saved them.
    const first = await startServer({ DATABASE_URL: source.url, JWT_SECRET: SECRET, DATA_DIR: before });
    cleanup.push(() => first.stop('SIGKILL').then(() => undefined));
    const author = await newPhotographer(first.url);
    const fans = [await newUser(first.url), await newUser(first.url)];
    const events: { id: number; title: string; image: string; bytes: Buffer }[] = [];
    for (let i = 0; i < 3; i++) {
      const title = `백업 훈련 ${i}`;
      const { id } = await createEvent(first.url, author.token, { title });
      for (const fan of fans)
        expect((await call(first.url, 'POST', `/api/v1/promotions/${id}/save`, { token: fan.token })).status).toBe(204);
      const detail = (await call(first.url, 'GET', `/api/v1/promotions/${id}`)).body as { images: { url: string }[] };
      // Its path: the address carries the first server's origin (PUBLIC_ORIGIN).
      const url = new URL(detail.images[0]?.url ?? '', first.url);
      const image = `${url.pathname}${url.search}`;
      const res = await fetch(new URL(image, first.url));
      expect(res.status).toBe(200);
      events.push({ id, title, image, bytes: Buffer.from(await res.arrayBuffer()) });
    }
    await first.stop();
    const seeded = await counts(source.url);

    const env = { ...process.env, APP_ENV: 'test', PG_BIN: source.bin };
    const backupDir = join(work, 'backup');
    const backup = await run(process.execPath, ['scripts/db-backup.mjs', '--out', backupDir], {
      env: { ...env, DATABASE_URL: source.url, UPLOADS_DIR: join(before, 'uploads') },
    });
    console.log(backup.stdout.trim());
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as {
      files: { name: string; bytes: number }[];
    };
    expect(manifest.files.map((f) => f.name).sort()).toEqual(['db.dump', 'uploads.tar']);

    // Without --yes nothing is touched.
    const refused = await run(process.execPath, ['scripts/db-restore.mjs', backupDir], {
      env: { ...env, DATABASE_URL: target.url, UPLOADS_DIR: join(after, 'uploads') },
    }).catch((err: { code: number; stderr: string }) => err);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('--yes');

    const restore = await run(process.execPath, ['scripts/db-restore.mjs', backupDir, '--yes'], {
      env: { ...env, DATABASE_URL: target.url, UPLOADS_DIR: join(after, 'uploads') },
    });
    console.log(restore.stdout.trim());
    expect(await counts(target.url)).toEqual(seeded);

    // The app on the copy: same events, members (their tokens still sign in: same secret), saves, pictures.
    const second = await startServer({ DATABASE_URL: target.url, JWT_SECRET: SECRET, DATA_DIR: after });
    cleanup.push(() => second.stop('SIGKILL').then(() => undefined));
    for (const e of events) {
      const res = await call(second.url, 'GET', `/api/v1/promotions/${e.id}`);
      expect(res.status).toBe(200);
      expect((res.body as { title: string }).title).toBe(e.title);
      const picture = await fetch(new URL(e.image, second.url));
      expect(picture.status, e.image).toBe(200);
      expect(Buffer.from(await picture.arrayBuffer()).equals(e.bytes), e.image).toBe(true);
    }
    for (const fan of fans) {
      const me = await call(second.url, 'GET', '/api/v1/users/me', { token: fan.token });
      expect(me.status).toBe(200);
      expect((me.body as { id: number }).id).toBe(fan.user.id);
    }
    const saved = await sql<{ n: string }>(
      target.url,
      'select count(*) as n from promotion_saves where member_id = any($1::bigint[])',
      [fans.map((f) => f.user.id)],
    );
    expect(Number(saved[0]?.n)).toBe(events.length * fans.length);
    await second.stop();
  }, 180_000);
});
