/**
 * Statements on both drivers (decision 021): every parameter kind the services pass means the same and
 * every column type answers the same on PGlite (its public `query`, parameters sent as node-postgres
 * sends them) as on PostgreSQL; on PostgreSQL, a statement marked generic (plan-generic.ts) is planned
 * once for any values on connections of its own and every other one per call; on PGlite, whose
 * statements are unnamed, a marked statement just runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { openTestDb } from '../support/db';

let db: Db;
/** A table of this run's own (the PostgreSQL pass shares its database). */
const t = `statement_kinds_${process.pid}`;

beforeAll(async () => {
  db = await openTestDb();
  await db.exec(`
    create table ${t} (id int primary key, name text, day date, at timestamptz, tags text[], nums int[],
      doc jsonb, ok boolean, price numeric);
    insert into ${t} values
      (1, '담아봐', '2026-11-24', '2026-11-24T01:02:03Z', '{a,"b c"}', '{1,2}', '{"k":[1,"x"]}', true, 1.5),
      (2, null, null, null, null, null, null, null, null);
  `);
});

afterAll(async () => {
  await db.exec(`drop table if exists ${t}`);
  await db.close();
});

describe('parameters and rows, the same on both drivers', () => {
  it('answers every column type as the app reads it', async () => {
    const rows = await db.query(`select * from ${t} order by id`);
    expect(rows).toEqual([
      {
        id: 1,
        name: '담아봐',
        day: '2026-11-24',
        at: new Date('2026-11-24T01:02:03Z'),
        tags: ['a', 'b c'],
        nums: [1, 2],
        doc: { k: [1, 'x'] },
        ok: true,
        price: '1.5',
      },
      { id: 2, name: null, day: null, at: null, tags: null, nums: null, doc: null, ok: null, price: null },
    ]);
  });

  it('finds rows by every kind of parameter the services pass', async () => {
    const cases: [string, unknown[], number[]][] = [
      [`select id from ${t} where id = $1`, [1], [1]],
      [`select id from ${t} where name = $1`, ['담아봐'], [1]],
      [`select id from ${t} where tags && $1::text[]`, [['b c', 'z']], [1]],
      [`select id from ${t} where nums @> $1::int[]`, [[2]], [1]],
      [`select id from ${t} where id = any($1::int[]) order by id`, [[2, 1]], [1, 2]],
      [`select id from ${t} where day >= $1::date`, ['2026-11-01'], [1]],
      [`select id from ${t} where at < $1`, [new Date('2027-01-01T00:00:00Z')], [1]],
      [`select id from ${t} where at < $1::timestamptz`, [new Date('2026-11-24T01:02:04Z')], [1]],
      [`select id from ${t} where doc @> $1::jsonb`, [JSON.stringify({ k: [1] })], [1]],
      [`select id from ${t} where ok = $1`, [true], [1]],
      [`select id from ${t} where ok is not distinct from $1::boolean`, [null], [2]],
    ];
    for (const [sql, params, ids] of cases) {
      const rows = await db.query<{ id: number }>(sql, params as never[]);
      expect(
        rows.map((r) => r.id),
        sql,
      ).toEqual(ids);
    }
  });

  it('sends objects as JSON, arrays as array literals, booleans and numbers as text, bytes as bytes', async () => {
    const one = async (sql: string, param: unknown) => (await db.query<{ v: unknown }>(sql, [param as never]))[0]?.v;
    expect(await one('select $1::jsonb as v', { a: 1, b: '둘', at: new Date('2026-01-01T00:00:00Z') })).toEqual({
      a: 1,
      b: '둘',
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(await one('select $1::jsonb as v', '[1,"x"]')).toEqual([1, 'x']);
    // Where the statement reads text: what node-postgres sends, not `[object Object]` or `a,b`.
    expect(await one('select $1::text as v', { a: 1 })).toBe('{"a":1}');
    expect(await one('select $1::text as v', ['a', 'b c'])).toBe('{"a","b c"}');
    expect(await one('select $1::text[] as v', ['x"y', 'a\\b', null, ''])).toEqual(['x"y', 'a\\b', null, '']);
    expect(await one('select $1::int[] as v', [])).toEqual([]);
    expect(await one('select $1::text as v', true)).toBe('true');
    expect(await one('select $1::boolean as v', false)).toBe(false);
    expect(await one('select $1::int + 1 as v', 41)).toBe(42);
    expect(await one('select $1::numeric as v', 1.25)).toBe('1.25');
    expect(await one("select $1 || ' hours' as v", 5)).toBe('5 hours');
    expect(await one("select encode($1::bytea, 'hex') as v", Buffer.from([0, 255]))).toBe('00ff');
    expect(await one('select $1::text is null as v', undefined)).toBe(true);
  });

  it('reads a Date as the local time node-postgres sends: its calendar day and wall time', async () => {
    const zone = process.env['TZ'];
    // East of UTC, local midnight is the day before in UTC: a UTC reading would answer the 23rd.
    process.env['TZ'] = 'Asia/Seoul';
    try {
      const at = new Date(2026, 10, 24, 0, 30);
      const [row] = await db.query<{ day: string; wall: string; same: boolean }>(
        // One parameter each: PostgreSQL gives a parameter the type of its first cast.
        'select $1::date as day, $2::timestamp::text as wall, $3::timestamptz = $4::timestamptz as same',
        [at, at, at, at.toISOString()],
      );
      expect(row).toEqual({ day: '2026-11-24', wall: '2026-11-24 00:30:00', same: true });
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('runs a statement marked generic with the answers of the unmarked one', async () => {
    const sql = `select id, name from ${t} where id = $1`;
    for (const id of [1, 2]) expect(await db.query(planGeneric(sql), [id])).toEqual(await db.query(sql, [id]));
  });

  it('rolls a transaction back with the error its callback threw, and commits one that ends', async () => {
    const thrown = new Error('그만');
    const err = await db
      .transaction(async (tx) => {
        await tx.query(`insert into ${t} (id, name) values ($1, $2)`, [10, '롤백']);
        throw thrown;
      })
      .catch((e: unknown) => e);
    expect(err).toBe(thrown);
    expect(await db.query(`select id from ${t} where id = 10`)).toEqual([]);
    const id = await db.transaction(async (tx) => {
      await tx.query(`insert into ${t} (id, name, tags) values ($1, $2, $3)`, [11, '커밋', ['x']]);
      await tx.exec(`update ${t} set name = '커밋됨' where id = 11`);
      return (await tx.query<{ id: number }>(`select id from ${t} where tags = $1::text[]`, [['x']]))[0]?.id;
    });
    expect(id).toBe(11);
    expect(await db.query(`select name from ${t} where id = 11`)).toEqual([{ name: '커밋됨' }]);
  });
});

describe.runIf(Boolean(process.env['DATABASE_URL']))('the PostgreSQL database handle', () => {
  it('plans a statement marked generic once for any values on its own connections, without JIT, every other one per call', async () => {
    // Each statement reads its own counts: on whichever pooled connection runs it, the named statement
    // has just been planned for this call (a marked one from its second call on a connection reuses it).
    // No JIT for the marked ones: their generic plans' costs guess a LIMIT parameter as a tenth of the
    // rows, which at 1M events put a 10-row walk past jit_above_cost (decision 008, round 10).
    const probe = (label: string) =>
      `select generic_plans::int, custom_plans::int, current_setting('plan_cache_mode') as mode, current_setting('jit') as jit, $1::int as n,
         1 as ${label}_probe from pg_prepared_statements where statement like '%as ${label}_' || 'probe%'`;
    const marked = planGeneric(probe('generic'));
    for (let i = 1; i <= 6; i++) {
      const [row] = await db.query<{ generic_plans: number; custom_plans: number; mode: string; n: number }>(marked, [
        i,
      ]);
      expect(row).toMatchObject({ custom_plans: 0, mode: 'force_generic_plan', jit: 'off', n: i });
      expect(row!.generic_plans).toBeGreaterThan(0);
    }
    for (let i = 1; i <= 3; i++) {
      const [row] = await db.query<{ generic_plans: number; custom_plans: number; mode: string }>(probe('custom'), [i]);
      expect(row).toMatchObject({ generic_plans: 0, mode: 'force_custom_plan' });
      expect(row!.custom_plans).toBeGreaterThan(0);
    }
    // In a transaction every statement runs on the transaction's connection, planned per call.
    const inTx = await db.transaction((tx) => tx.query<{ mode: string }>(marked, [1]));
    expect(inTx[0]!.mode).toBe('force_custom_plan');
  });

  it('prepares a kept select again when a migration changed the table it reads', async () => {
    const shape = `statement_shape_${process.pid}`;
    await db.exec(`create table ${shape} (id int); insert into ${shape} values (1)`);
    try {
      // Named on every pooled connection that runs it.
      for (let i = 0; i < 12; i++) expect(await db.query(`select * from ${shape}`)).toEqual([{ id: 1 }]);
      await db.exec(`alter table ${shape} add column label text default 'x'`);
      for (let i = 0; i < 12; i++) expect(await db.query(`select * from ${shape}`)).toEqual([{ id: 1, label: 'x' }]);
    } finally {
      await db.exec(`drop table ${shape}`);
    }
  });
});

describe.skipIf(Boolean(process.env['DATABASE_URL']))('the embedded database handle', () => {
  it('leaves no named statement behind: each runs unnamed, planned for its values', async () => {
    await db.query(planGeneric('select $1::int as probe_for_unnamed'), [1]);
    await db.query('select $1::int as probe_for_unnamed', [2]);
    expect(await db.query('select count(*)::int as n from pg_prepared_statements')).toEqual([{ n: 0 }]);
    expect(await db.query('show plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }]);
  });
});
