/**
 * The PostgreSQL driver's named statements (src/server/db/statement-names.ts, client.ts), without a
 * server: node-postgres' public query config `{ name, text, values }` with one name per SQL text, the
 * marked statements on their own pool, and one retry unnamed when a migration changed a kept `select *`.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '#server/db/client';
import { planGeneric } from '#server/db/plan-generic';
import { CACHED_PLAN_CHANGED, MAX_PREPARED, statementName } from '#server/db/statement-names';

interface Sent {
  pool: string;
  query: { name?: string; text: string; values?: unknown[] };
}

const sent: Sent[] = [];
/** The answer of the next queries: rows, or a failure with this code (once). */
let failOnce: string | null = null;

class FakePool {
  readonly label: string;
  constructor(options: { options?: string; max: number }) {
    this.label = options.options?.includes('force_generic_plan') ? 'generic' : options.max === 1 ? 'health' : 'main';
  }
  async query(config: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]) {
    const query = typeof config === 'string' ? { text: config, ...(values ? { values } : {}) } : config;
    sent.push({ pool: this.label, query });
    if (failOnce && query.name) {
      const code = failOnce;
      failOnce = null;
      throw Object.assign(new Error('cached plan must not change result type'), { code });
    }
    return { rows: [{ n: 1 }] };
  }
  on() {
    return this;
  }
  async end() {}
}

vi.mock('pg', () => ({ default: { Pool: FakePool, types: { setTypeParser: () => undefined } } }));

beforeEach(() => {
  sent.length = 0;
  failOnce = null;
});

describe('the PostgreSQL driver', () => {
  it('sends each statement by its name with its values, a marked one on the generic pool', async () => {
    const db = await openPostgres('postgres://fake/db');
    await db.query('select $1::int as n', [1]);
    await db.query('select $1::int as n', [2]);
    await db.query(planGeneric('select $1::int as n'), [3]);
    const [first, second, marked] = sent;
    expect(first).toMatchObject({ pool: 'main', query: { text: 'select $1::int as n', values: [1] } });
    expect(first?.query.name).toBeTruthy();
    expect(second?.query).toEqual({ ...first?.query, values: [2] });
    expect(marked?.pool).toBe('generic');
    expect(marked?.query.name).not.toBe(first?.query.name);
    await db.close();
  });

  it('runs a statement once more, unnamed, when a migration changed the table it keeps', async () => {
    const db = await openPostgres('postgres://fake/db');
    failOnce = CACHED_PLAN_CHANGED;
    expect(await db.query('select * from retried', [])).toEqual([{ n: 1 }]);
    expect(sent.map((s) => s.query.name ?? null)).toEqual([expect.any(String), null]);
    expect(sent[1]?.query.text).toBe('select * from retried');
    await db.close();
  });

  it('does not retry any other error', async () => {
    const db = await openPostgres('postgres://fake/db');
    failOnce = '42P01';
    await expect(db.query('select * from missing', [])).rejects.toMatchObject({ code: '42P01' });
    expect(sent).toHaveLength(1);
    await db.close();
  });
});

// Last: it uses up the names.
describe('statement names', () => {
  it('gives one name per text, the same every time, and none past MAX_PREPARED', () => {
    const a = statementName('select 1 as a_for_names');
    expect(a).not.toBeNull();
    expect(statementName('select 1 as a_for_names')).toBe(a);
    expect(statementName('select 2 as b_for_names')).not.toBe(a);
    for (let i = 0; i < MAX_PREPARED; i++) statementName(`select ${i} as filling`);
    expect(statementName('select 3 as past_the_bound')).toBeNull();
    expect(statementName('select 1 as a_for_names')).toBe(a);
  });
});
