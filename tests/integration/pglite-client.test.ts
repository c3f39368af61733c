/**
 * The embedded database through PGlite's public API, in process (src/server/db/client.ts, decision
 * 021): the rows as the app has always read them (dates as `YYYY-MM-DD`, bigints as numbers while they
 * fit), PostgreSQL's error fields, a transaction that holds every other statement back until it ends,
 * and a directory lock taken and given back. PGlite only: tests/integration/prepared-statements.test.ts
 * holds what both drivers answer alike.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '#server/db/client';

const onPostgres = process.env['TEST_DATABASE'] === 'postgres' || Boolean(process.env['DATABASE_URL']);

describe.skipIf(onPostgres)('PGlite in process', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await db.exec(`
      create table t (id int primary key, name text unique, day date, big bigint, raw bytea);
      insert into t values (1, '담아봐', '2026-11-24', 9007199254740993, '\\x00ff'), (2, null, null, 7, null);`);
  });

  afterAll(async () => {
    await db.close();
  });

  it('answers dates as written, bigints as numbers while they fit, bytes as bytes', async () => {
    const rows = await db.query<{ id: number; day: string | null; big: unknown; raw: Uint8Array | null }>(
      'select id, day, big, raw from t order by id',
    );
    expect(rows[0]).toMatchObject({ id: 1, day: '2026-11-24', big: 9007199254740993n });
    expect([...(rows[0]?.raw ?? [])]).toEqual([0, 255]);
    expect(rows[1]).toEqual({ id: 2, day: null, big: 7, raw: null });
    expect(await db.query('select count(*) as n from t')).toEqual([{ n: 2 }]);
  });

  it("rejects with PostgreSQL's fields: code, constraint, detail; the handle stays good", async () => {
    const err = await db.query('insert into t (id, name) values (3, $1)', ['담아봐']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key' });
    expect((err as { detail?: string }).detail).toContain('담아봐');
    await expect(db.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('select 1 / $1::int as x', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(db.exec('select 1; select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('rolls back a transaction whose statement failed, with the database error', async () => {
    const dup = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (12, $1)', ['하나']);
        await tx.query('insert into t (id, name) values (13, $1)', ['하나']);
      })
      .catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: '23505' });
    expect(await db.query('select id from t where id in (12, 13)')).toEqual([]);
  });

  it('holds every other statement back until an open transaction ends', async () => {
    const seen: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (20, $1)', ['격리']);
      outside = db.query<{ n: number }>('select count(*)::int as n from t where id = 20').then((rows) => {
        seen.push(`outside ${rows[0]?.n}`);
      });
      await new Promise((r) => setTimeout(r, 30));
      await tx.query('select 1');
      seen.push('tx done');
    });
    await outside;
    expect(seen).toEqual(['tx done', 'outside 1']);
  });

  it('answers a ping', async () => {
    await expect(db.ping(2000)).resolves.toBeUndefined();
  });
});

describe.skipIf(onPostgres)('PGlite in a directory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'damabwa-pglite-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the directory lock while open, gives it back on close, and keeps what it wrote', async () => {
    const db = await openPglite(join(dir, 'db'));
    expect(readFileSync(join(dir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    await db.exec('create table kept (v text)');
    await db.query('insert into kept values ($1)', ['남는 값']);
    await db.close();
    expect(existsSync(join(dir, 'db.lock'))).toBe(false);

    const again = await openPglite(join(dir, 'db'));
    expect(await again.query('select v from kept')).toEqual([{ v: '남는 값' }]);
    await again.close();
  });

  it('rejects when the directory cannot be made', async () => {
    const err = await openPglite('/proc/version/db').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
  });
});
