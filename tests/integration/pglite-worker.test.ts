/**
 * The embedded database on a thread of its own (src/server/db/pglite-worker.ts, decision 008 round 12):
 * the same answers and errors as PGlite on the caller's thread, transactions that hold every other
 * statement back until they end, a main thread that keeps running while a long statement runs, and a
 * directory lock taken and given back as before. PGlite only: PostgreSQL already runs elsewhere.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, type Db } from '#server/db/client';
import { openPgliteWorker } from '#server/db/pglite-worker';

const onPostgres = process.env['TEST_DATABASE'] === 'postgres';

describe.skipIf(onPostgres)('PGlite in a worker thread', () => {
  let worker: Db;
  let local: Db;

  beforeAll(async () => {
    [worker, local] = await Promise.all([openPgliteWorker('memory://'), openPglite('memory://')]);
    const schema = `
      create table t (id int primary key, name text unique, day date, at timestamptz, tags text[],
        nums int[], doc jsonb, ok boolean, big bigint, price numeric, raw bytea);
      insert into t values
        (1, '담아봐', '2026-11-24', '2026-11-24T01:02:03Z', '{a,"b c"}', '{1,2}', '{"k":[1,"x"]}', true,
         9007199254740993, 1.5, '\\x00ff'),
        (2, null, null, null, null, null, null, null, null, null, null);`;
    await Promise.all([worker.exec(schema), local.exec(schema)]);
  });

  afterAll(async () => {
    await Promise.all([worker.close(), local.close()]);
  });

  it('answers what PGlite answers on this thread, for every column type and parameter kind', async () => {
    const cases: [string, unknown[]][] = [
      ['select * from t order by id', []],
      ['select id from t where name = $1', ['담아봐']],
      ['select id from t where tags && $1::text[]', [['b c', 'z']]],
      ['select id from t where nums @> $1::int[]', [[2]]],
      ['select id from t where day >= $1::date', ['2026-11-01']],
      ['select id from t where at < $1', [new Date('2027-01-01T00:00:00Z')]],
      ['select $1::jsonb as j', [{ a: 1, b: '둘', at: new Date('2026-01-01T00:00:00Z') }]],
      ['select id from t where raw = $1', [Buffer.from([0, 255])]],
      ['select id, $1::text is null as none from t where id = 2', [null]],
      ['select count(*)::int as n, sum(price) as s, max(big) as b from t', []],
    ];
    for (const [sql, params] of cases) {
      const expected = await local.query(sql, params as never[]);
      const rows = await worker.query(sql, params as never[]);
      expect(rows, sql).toEqual(expected);
      expect(rows.length, sql).toBeGreaterThan(0);
    }
    const [row] = await worker.query<{ at: Date; day: string; raw: Uint8Array }>('select * from t where id = 1');
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.day).toBe('2026-11-24');
    expect([...(row?.raw ?? [])]).toEqual([0, 255]);
  });

  it("rejects with PostgreSQL's fields: code, constraint, detail", async () => {
    const err = await worker.query('insert into t (id, name) values (3, $1)', ['담아봐']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key' });
    expect((err as { detail?: string }).detail).toContain('담아봐');
    // A parameter that cannot cross to the worker fails that call alone.
    const odd = await worker.query('select $1::text as v', [(() => 1) as never]).catch((e: unknown) => e);
    expect(odd).toMatchObject({ name: 'DataCloneError' });
    const syntax = await worker.query('selec 1').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    // The connection is still good.
    expect(await worker.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('commits a transaction, and rolls one back with the error its callback threw', async () => {
    const id = await worker.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (10, $1)', ['커밋']);
      await tx.exec("update t set name = '커밋됨' where id = 10");
      return (await tx.query<{ id: number }>('select id from t where id = 10'))[0]?.id;
    });
    expect(id).toBe(10);
    expect(await worker.query('select name from t where id = 10')).toEqual([{ name: '커밋됨' }]);

    const thrown = new Error('그만');
    const err = await worker
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (11, $1)', ['롤백']);
        throw thrown;
      })
      .catch((e: unknown) => e);
    expect(err).toBe(thrown);
    expect(await worker.query('select id from t where id = 11')).toEqual([]);

    // A statement that fails inside: rolled back, the database's error reaches the caller.
    const dup = await worker
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (12, $1)', ['하나']);
        await tx.query('insert into t (id, name) values (13, $1)', ['하나']);
      })
      .catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: '23505' });
    expect(await worker.query('select id from t where id in (12, 13)')).toEqual([]);
  });

  it('holds every other statement back until an open transaction ends', async () => {
    const seen: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await worker.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (20, $1)', ['격리']);
      outside = worker.query<{ n: number }>('select count(*)::int as n from t where id = 20').then((rows) => {
        seen.push(`outside ${rows[0]?.n}`);
      });
      await new Promise((r) => setTimeout(r, 50));
      await tx.query('select 1');
      seen.push('tx done');
    });
    await outside;
    expect(seen).toEqual(['tx done', 'outside 1']);
  });

  it('reports a failure to open as the error the database gave, not as a database that stopped', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const err = await openPgliteWorker('/proc/version/db').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).not.toBe('');
      await new Promise((r) => setTimeout(r, 50));
      expect(stderr.mock.calls.map(([line]) => String(line)).join('')).not.toContain('embedded database stopped');
    } finally {
      stderr.mockRestore();
    }
  });

  it('keeps the main thread running while a long statement runs', async () => {
    const heavy = 'select count(*)::int as n from generate_series(1, 2000000) g where g % 7 = 3';
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      expect(await worker.query(heavy)).toEqual([{ n: 285714 }]);
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(150);
    // On the caller's thread the timer could not fire until the statement ended: one gap as long as it.
    expect(Math.max(...gaps)).toBeLessThan(Math.min(100, took / 2));
  });

  it('times a ping out while the database is busy, and answers it once idle', async () => {
    const heavy = worker.query('select count(*) from generate_series(1, 4000000) g where g % 7 = 3');
    await expect(worker.ping(20)).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    await heavy;
    await expect(worker.ping(2000)).resolves.toBeUndefined();
  });
});

describe.skipIf(onPostgres)('PGlite in a worker thread, in a directory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'damabwa-worker-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the directory lock while open, gives it back on close, and keeps what it wrote', async () => {
    const db = await openPgliteWorker(join(dir, 'db'));
    expect(readFileSync(join(dir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    await db.exec('create table kept (v text)');
    await db.query('insert into kept values ($1)', ['남는 값']);
    await db.close();
    expect(existsSync(join(dir, 'db.lock'))).toBe(false);
    await expect(db.query('select 1')).rejects.toMatchObject({ code: '08006' });

    const again = await openPglite(join(dir, 'db'));
    expect(await again.query('select v from kept')).toEqual([{ v: '남는 값' }]);
    await again.close();
  });
});
