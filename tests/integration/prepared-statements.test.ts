/**
 * The embedded driver's named statements (src/server/db/statements.ts): one entry into PGlite's
 * backend per statement, the same rows as PGlite's own `query`, and the statement cache survives
 * errors, eviction, a changed table and a concurrent transaction. On both drivers, a statement marked
 * generic (plan-generic.ts) is planned once for any values and every other one per call.
 */
import { PGlite, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { planGeneric } from '#server/db/plan-generic';
import { preparedQueries, statementName } from '#server/db/statements';
import { openTestDb } from '../support/db';

let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create(undefined, { parsers: { 1082: (v: string) => v } });
  await pg.exec(`
    create table t (id int primary key, name text, day date, at timestamptz, tags text[], nums int[],
      doc jsonb, ok boolean, big bigint, price numeric);
    insert into t values
      (1, '담아봐', '2026-11-24', '2026-11-24T01:02:03Z', '{a,"b c"}', '{1,2}', '{"k":[1,"x"]}', true, 9007199254740993, 1.5),
      (2, null, null, null, null, null, null, null, null, null);
  `);
});

afterAll(async () => {
  await pg.close();
});

describe('named statements on PGlite', () => {
  it('answers exactly what PGlite query answers, for every column type and parameter kind', async () => {
    const q = preparedQueries(pg, protocol, types);
    const cases: [string, unknown[]][] = [
      ['select * from t order by id', []],
      ['select * from t where id = $1', [1]],
      ['select id from t where name = $1', ['담아봐']],
      ['select id from t where tags && $1::text[]', [['b c', 'z']]],
      ['select id from t where nums @> $1::int[]', [[2]]],
      ['select id from t where day >= $1::date', ['2026-11-01']],
      ['select id from t where at < $1', [new Date('2027-01-01T00:00:00Z')]],
      ['select id from t where doc @> $1::jsonb', [JSON.stringify({ k: [1] })]],
      ['select $1::jsonb as j', [{ a: 1, b: '둘' }]],
      ['select id from t where ok = $1', [true]],
      ['select id, $1::text is null as none from t where id = 2', [null]],
      ['select count(*)::int as n, sum(price) as s from t', []],
    ];
    for (const [sql, params] of cases) {
      const expected = (await pg.query(sql, params)).rows;
      expect(await q.query(sql, params as never[]), sql).toEqual(expected);
    }
  });

  it('enters the backend once per statement, and parses each text once', async () => {
    const q = preparedQueries(pg, protocol, types);
    const raw = vi.spyOn(pg, 'execProtocolRaw');
    try {
      await q.query('select id from t where id = $1', [1]);
      await q.query('select id from t where id = $1', [2]);
      expect(raw).toHaveBeenCalledTimes(2);
      expect(q.size).toBe(1);
      raw.mockClear();
      await pg.query('select id from t where id = $1', [1]);
      // PGlite's own path, for comparison: parse, describe, bind, describe, execute, sync.
      expect(raw.mock.calls.length).toBeGreaterThan(2);
    } finally {
      raw.mockRestore();
    }
  });

  it('keeps working after errors at parse and at execution', async () => {
    const q = preparedQueries(pg, protocol, types);
    await expect(q.query('select nope from t', [])).rejects.toMatchObject({ code: '42703' });
    await expect(q.query('select nope from t', [])).rejects.toMatchObject({ code: '42703' });
    await expect(q.query('select 1 / $1::int as x', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await q.query('select 1 / $1::int as x', [1])).toEqual([{ x: 1 }]);
    await expect(q.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    expect(await q.query<{ id: number }>('select id from t where id = $1', [1])).toEqual([{ id: 1 }]);
  });

  it('closes the oldest statement past its bound and prepares it again when asked', async () => {
    const count = async () =>
      (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    const before = await count();
    const q = preparedQueries(pg, protocol, types, { max: 3 });
    for (let i = 0; i < 10; i++) expect(await q.query(`select $1::int + ${i} as v`, [1])).toEqual([{ v: 1 + i }]);
    expect(q.size).toBe(3);
    // The last eviction's close travels with the next statement.
    expect((await count()) - before).toBeLessThanOrEqual(3 + 1);
    expect(await q.query('select $1::int + 0 as v', [5])).toEqual([{ v: 5 }]);
  });

  it('prepares again when a migration changed a table a kept select reads', async () => {
    await pg.exec('create table shape (id int)');
    await pg.exec('insert into shape values (1)');
    const q = preparedQueries(pg, protocol, types);
    expect(await q.query('select * from shape', [])).toEqual([{ id: 1 }]);
    await pg.exec("alter table shape add column label text default 'x'");
    expect(await q.query('select * from shape', [])).toEqual([{ id: 1, label: 'x' }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    const q = preparedQueries(pg, protocol, types);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = pg.transaction(async (t) => {
      await t.query("update t set name = 'uncommitted' where id = 2");
      await held;
      throw new Error('roll back');
    });
    const read = q.query<{ name: string | null }>('select name from t where id = $1', [2]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect(await read).toEqual([{ name: null }]);
  });
});

describe.skipIf(Boolean(process.env['DATABASE_URL']))('the embedded database handle', () => {
  it('sends its statements as named, planned-per-call statements', async () => {
    const db = await openTestDb();
    try {
      await db.query('select $1::int as probe_for_prepared', [1]);
      const rows = await db.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where statement = 'select $1::int as probe_for_prepared'",
      );
      expect(rows[0]!.n).toBe(1);
      expect(await db.query('show plan_cache_mode')).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    } finally {
      await db.close();
    }
  });

  it('plans a statement marked generic once for any values, and every other one per call', async () => {
    const db = await openTestDb();
    const plans = (probe: string) =>
      db.query<{ generic_plans: number; custom_plans: number }>(
        `select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%' || $1`,
        [probe],
      );
    try {
      const marked = planGeneric('select $1::int * 2 as doubled_for_generic');
      for (let i = 1; i <= 4; i++) expect(await db.query(marked, [i])).toEqual([{ doubled_for_generic: i * 2 }]);
      expect(await plans('doubled_for_generic')).toEqual([{ generic_plans: 4, custom_plans: 0 }]);
      // The mode is set back in the same message: the next statement is planned for its values.
      for (let i = 1; i <= 2; i++) await db.query('select $1::int * 3 as tripled_for_custom', [i]);
      expect(await plans('tripled_for_custom')).toEqual([{ generic_plans: 0, custom_plans: 2 }]);
      // Also when the marked statement fails at execution.
      await expect(db.query(planGeneric('select 1 / $1::int as fails_for_generic'), [0])).rejects.toThrow(/zero/);
      expect(await db.query('show plan_cache_mode')).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
      expect(await db.query(planGeneric('select 1 / $1::int as fails_for_generic'), [1])).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('switches the plan mode only when it changes, in the statement’s own message', async () => {
    const q = preparedQueries(pg, protocol, types);
    const raw = vi.spyOn(pg, 'execProtocolRaw');
    const generic = planGeneric('select $1::int as switch_generic');
    const custom = 'select $1::int as switch_custom';
    try {
      for (const sql of [generic, generic, generic, custom, custom, generic, custom]) await q.query(sql, [1]);
      const sets = raw.mock.calls.map(([bytes]) => {
        const text = Buffer.from(bytes).toString('latin1');
        return /force_generic_plan/.test(text) ? 'generic' : /force_custom_plan/.test(text) ? 'custom' : '-';
      });
      expect(raw).toHaveBeenCalledTimes(7);
      expect(sets).toEqual(['generic', '-', '-', 'custom', '-', 'generic', 'custom']);
    } finally {
      raw.mockRestore();
    }
  });

  it('plans transactions and scripts per call whatever mode the last marked statement left', async () => {
    const db = await openTestDb();
    const mode = planGeneric("select current_setting('plan_cache_mode') as m, $1::int as n");
    const modeInTx = async () =>
      db.transaction(
        async (tx) => (await tx.query<{ m: string }>("select current_setting('plan_cache_mode') as m"))[0]!.m,
      );
    try {
      expect(await db.query(mode, [1])).toEqual([{ m: 'force_generic_plan', n: 1 }]);
      expect(await modeInTx()).toBe('force_custom_plan');
      // The transaction's SET LOCAL ended with it: the marked statement needs no switch back.
      expect(await db.query(mode, [2])).toEqual([{ m: 'force_generic_plan', n: 2 }]);
      await expect(
        db.transaction(async (tx) => {
          await tx.query('select 1');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await db.query(mode, [3])).toEqual([{ m: 'force_generic_plan', n: 3 }]);
      expect(await modeInTx()).toBe('force_custom_plan');
      await db.exec("create temp table script_mode as select current_setting('plan_cache_mode') as m");
      expect(await db.query('select m from script_mode')).toEqual([{ m: 'force_custom_plan' }]);
      // A failing script leaves the mode unknown: the next statements set theirs.
      await db.query(mode, [4]);
      await expect(db.exec('select 1; select 1 / 0')).rejects.toThrow(/zero/);
      expect(await db.query(mode, [5])).toEqual([{ m: 'force_generic_plan', n: 5 }]);
      expect(await db.query("select current_setting('plan_cache_mode') as m, $1::int as n", [6])).toEqual([
        { m: 'force_custom_plan', n: 6 },
      ]);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(Boolean(process.env['DATABASE_URL']))('the PostgreSQL database handle', () => {
  it('plans a statement marked generic once for any values on its own connections, without JIT, every other one per call', async () => {
    const db = await openTestDb();
    // Each statement reads its own counts: on whichever pooled connection runs it, the named statement
    // has just been planned for this call (a marked one from its second call on a connection reuses it).
    // No JIT for the marked ones: their generic plans' costs guess a LIMIT parameter as a tenth of the
    // rows, which at 1M events put a 10-row walk past jit_above_cost (decision 008, round 10).
    const probe = (label: string) =>
      `select generic_plans::int, custom_plans::int, current_setting('plan_cache_mode') as mode, current_setting('jit') as jit, $1::int as n,
         1 as ${label}_probe from pg_prepared_statements where statement like '%as ${label}_' || 'probe%'`;
    try {
      const marked = planGeneric(probe('generic'));
      for (let i = 1; i <= 6; i++) {
        const [row] = await db.query<{ generic_plans: number; custom_plans: number; mode: string; n: number }>(marked, [
          i,
        ]);
        expect(row).toMatchObject({ custom_plans: 0, mode: 'force_generic_plan', jit: 'off', n: i });
        expect(row!.generic_plans).toBeGreaterThan(0);
      }
      for (let i = 1; i <= 3; i++) {
        const [row] = await db.query<{ generic_plans: number; custom_plans: number; mode: string }>(probe('custom'), [
          i,
        ]);
        expect(row).toMatchObject({ generic_plans: 0, mode: 'force_custom_plan' });
        expect(row!.custom_plans).toBeGreaterThan(0);
      }
      // In a transaction every statement runs on the transaction's connection, planned per call.
      const inTx = await db.transaction((tx) => tx.query<{ mode: string }>(marked, [1]));
      expect(inTx[0]!.mode).toBe('force_custom_plan');
    } finally {
      await db.close();
    }
  });
});

describe('statement names for the PostgreSQL driver', () => {
  it('gives one name per text, the same every time', () => {
    const a = statementName('select 1 as a_for_names');
    expect(statementName('select 1 as a_for_names')).toBe(a);
    expect(statementName('select 2 as b_for_names')).not.toBe(a);
  });
});
