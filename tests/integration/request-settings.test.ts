/**
 * What every request's PostgreSQL session is set to (`db/client.ts`): no parallel workers, and work
 * memory enough for a common word's count at 1M events to keep an exact bitmap (16 MB), on both the
 * pool planned per call and the pool planned once. PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { openTestDb } from '../support/db';

describe.skipIf(process.env['TEST_DATABASE'] !== 'postgres')('request sessions on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  const settings = `select current_setting('work_mem') as work_mem,
                           current_setting('max_parallel_workers_per_gather') as workers`;

  it.each([
    ['planned per call', settings],
    ['planned once', planGeneric(settings)],
  ])('%s: 16 MB of work memory, no parallel workers', async (_name, sql) => {
    const [row] = await db.query<{ work_mem: string; workers: string }>(sql);
    expect(row).toEqual({ work_mem: '16MB', workers: '0' });
  });
});
