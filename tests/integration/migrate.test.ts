import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { loadMigrations } from '#server/db/migrations';
import { openTestDb } from '../support/db';

const migrations = loadMigrations();

describe('migrations', () => {
  it('are the .sql files in id order, each named by its first line, run whole', () => {
    expect(migrations.map((m) => m.id)).toEqual([...new Set(migrations.map((m) => m.id))].sort((a, b) => a - b));
    expect(migrations[0]).toMatchObject({ id: 1, name: 'initial schema' });
    expect(migrations.find((m) => m.id === 4)?.sql).toMatch(/as \$\$ begin return grams; end \$\$;/);
  });

  it('runs a file whole: a function body over several lines, semicolons at line ends and all', async () => {
    const db = await openTestDb();
    try {
      const sql = `-- a function\ncreate function mig_test_f() returns int language plpgsql as $$\nbegin\n  return 41 + 1;\nend\n$$;\n`;
      const applied = await migrate(db, [{ id: 9_001, name: 'a function', sql }]);
      expect(applied.map((m) => m.id)).toEqual([9_001]);
      expect(await db.query('select mig_test_f() as n')).toEqual([{ n: 42 }]);
    } finally {
      await db.close();
    }
  });

  it('019 names the log rows written before it by what is still there', async () => {
    const db = await openPglite('memory://');
    try {
      await migrate(
        db,
        migrations.filter((m) => m.id < 19),
      );
      const [member] = await db.query<{ id: number }>(
        `insert into members (kakao_id, type, roles, nickname, gender, registered_at)
         values ('mig-019', 'USER', '{USER}', '이름남은회원', 'FEMALE', now()) returning id`,
      );
      await db.query(
        `insert into moderation_log (action, target_type, target_id) values
           ('GRANT_ADMIN', 'MEMBER', $1), ('DELETE', 'PROMOTION', 999999)`,
        [member?.id ?? 0],
      );
      await migrate(db);
      const rows = await db.query<{ target_type: string; target_label: string | null }>(
        'select target_type, target_label from moderation_log order by id',
      );
      expect(rows).toEqual([
        { target_type: 'MEMBER', target_label: '이름남은회원' },
        { target_type: 'PROMOTION', target_label: null },
      ]);
    } finally {
      await db.close();
    }
  });

  it('020 counts what happened before it from the rows still there', async () => {
    const db = await openPglite('memory://');
    try {
      await migrate(
        db,
        migrations.filter((m) => m.id < 20),
      );
      const [author, fan] = await db.query<{ id: number }>(
        `insert into members (kakao_id, type, roles, nickname, gender, registered_at)
         values ('mig-020-a', 'PHOTOGRAPHER', '{PHOTOGRAPHER,USER}', '통계작가', 'MALE', now()),
                ('mig-020-b', 'USER', '{USER}', '통계회원', 'FEMALE', now()) returning id`,
      );
      const [event] = await db.query<{ id: number }>(
        `insert into promotions (author_id, promotion_type, title, content, external_link, started_at, ended_at,
                                 photography_types, regions, region_categories, hashtags, images)
         values ($1, 'FREE', '이전 이벤트', '내용', 'https://example.com', current_date, current_date, '{SNAP}',
                 '{서울 강남구}', '{서울}', '{}', '[]') returning id`,
        [author?.id ?? 0],
      );
      const eventId = event?.id ?? 0;
      await db.query('insert into promotion_saves (member_id, promotion_id) values ($1, $2)', [fan?.id ?? 0, eventId]);
      await db.query(
        `insert into promotion_views (promotion_id, viewer, day) values
           ($1, 'a', (now() at time zone 'Asia/Seoul')::date), ($1, 'b', (now() at time zone 'Asia/Seoul')::date)`,
        [eventId],
      );
      const [app] = await db.query<{ id: number }>(
        `insert into applications (promotion_id, applicant_id, consent_version, consented_at, status)
         values ($1, $2, 'v1', now(), 'SELECTED') returning id`,
        [eventId, fan?.id ?? 0],
      );
      await db.query(
        `insert into application_history (application_id, from_status, to_status, actor_role)
         values ($1, null, 'APPLIED', 'APPLICANT'), ($1, 'APPLIED', 'SELECTED', 'AUTHOR')`,
        [app?.id ?? 0],
      );
      await migrate(db);
      const counters = 'views, saves, clicks, applications, selections, completions';
      const today = `(now() at time zone 'Asia/Seoul')::date`;
      const want = { views: 2, saves: 1, clicks: 0, applications: 1, selections: 1, completions: 0 };
      expect(
        await db.query(`select ${counters} from promotion_daily_stats where promotion_id = $1 and day = ${today}`, [
          eventId,
        ]),
      ).toEqual([want]);
      expect(
        await db.query(`select ${counters} from photographer_daily_stats where member_id = $1 and day = ${today}`, [
          author?.id ?? 0,
        ]),
      ).toEqual([want]);
      expect(
        await db.query(`select members, events, applications, reviews from site_daily_stats where day = ${today}`),
      ).toEqual([{ members: 2, events: 1, applications: 1, reviews: 0 }]);
    } finally {
      await db.close();
    }
  });

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
      expect([...ra, ...rb].map((m) => m.id).sort((x, y) => x - y)).toEqual(migrations.map((m) => m.id));
      const rows = await a.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]?.n).toBe(migrations.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await admin.query(`drop database ${name}`);
      await admin.close();
    }
  });
});
