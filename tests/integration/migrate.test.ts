import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { openTestDb } from '../support/db';

describe('migrations', () => {
  it('apply each migration once, even when two servers start together', async () => {
    const url = process.env['DATABASE_URL'];
    if (!url) {
      // PGlite is one process: migrating a migrated database applies nothing.
      const db = await openTestDb();
      expect(await migrate(db)).toEqual([]);
      await db.close();
      return;
    }
    const admin = await openPostgres(url);
    const name = `mig_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const fresh = url.replace(/\/[^/?]+(\?.*)?$/, `/${name}`);
    const [a, b] = await Promise.all([openPostgres(fresh), openPostgres(fresh)]);
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ra, ...rb].sort((x, y) => x - y)).toEqual(migrations.map((m) => m.id).sort((x, y) => x - y));
      const rows = await a.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]?.n).toBe(migrations.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await admin.query(`drop database ${name}`);
      await admin.close();
    }
  });
});
