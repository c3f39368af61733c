/**
 * List rows read as one JSON document (src/server/db/json-rows.ts) are the rows the driver's parsers
 * give, for every column a list reads, in the statement's order, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlParam } from '#server/db/client';
import type { Db } from '#server/db/index';
import { queryJsonParts, queryJsonRows } from '#server/db/json-rows';
import { todayKst } from '#lib/deadline';
import { createPromotion, savePromotion } from '#server/services/promotions';
import { LIST_COLUMNS } from '#server/services/promotion-lists';
import type { Principal } from '#server/auth/principal';
import { insertMember, openTestDb } from '../support/db';

let db: Db;
let author: Principal;
const ids: number[] = [];
const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);

beforeAll(async () => {
  db = await openTestDb();
  const m = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER', 'ADMIN'] });
  author = { id: m.id, type: m.type, roles: m.roles, nickname: m.nickname } as Principal;
  await db.query(`update members set profile_image = $2::jsonb, instagram_id = 'dam.abwa' where id = $1`, [
    author.id,
    JSON.stringify({ name: '프로필.jpg', url: '/media/ab/x.webp' }),
  ]);
  for (const [i, patch] of [
    { hashtags: ['스냅', '"따옴표"', 'back\\slash'], isAuthorHidden: false },
    { hashtags: [], isAuthorHidden: true },
    { hashtags: ['콤마,가'], isAuthorHidden: false },
  ].entries()) {
    const p = await createPromotion(db, author, {
      promotionType: i % 2 ? 'DISCOUNT' : 'FREE',
      title: `목록 ${i} "제목" \\ {중괄호}`,
      content: '내용',
      externalLink: 'https://example.com/apply',
      startedAt: day(i),
      endedAt: day(10 + i),
      photographyTypes: ['SNAP', 'PROFILE'],
      images: [
        { name: 'a b.webp', url: '/media/a.webp' },
        { name: '둘.webp', url: 'https://cdn.example.com/2.webp' },
      ],
      activeRegions: [
        { category: '서울', name: '강남구' },
        { category: '부산', name: '해운대구' },
      ],
      ...patch,
    });
    ids.push(p.id);
  }
  await savePromotion(db, author.id, ids[0]!);
});

afterAll(async () => {
  await db.close();
});

describe('rows as one JSON document', () => {
  const sql = `select p.*, m.nickname as a_nickname, m.profile_image as a_profile_image, m.roles as a_roles,
                      m.instagram_id as a_instagram_id,
                      exists (select 1 from promotion_saves s where s.member_id = $2 and s.promotion_id = p.id) as is_saved,
                      p.images -> 0 as first_image, null::jsonb as none
                 from (select ${LIST_COLUMNS} from promotions p where p.id = any($1::int[])) p
                 join members m on m.id = p.author_id
                order by p.id desc`;

  it('equal the parsed rows, every list column included, in order', async () => {
    const expected = await db.query(sql, [ids, author.id]);
    expect(expected).toHaveLength(3);
    const rows = await queryJsonRows(db, sql, [ids, author.id], 'r.id desc');
    expect(rows).toEqual(expected);
    expect((rows[0] as { is_saved: boolean }).is_saved).toBe(false);
    expect((rows[2] as { is_saved: boolean; started_at: string }).is_saved).toBe(true);
    expect((rows[2] as { started_at: string }).started_at).toBe(day(0));
  });

  it('an empty result is an empty list', async () => {
    expect(await queryJsonRows(db, sql, [[-1], author.id], 'r.id desc')).toEqual([]);
  });
});

describe('several lists in one statement', () => {
  it('give each list its rows in order, mapped, the parameters shared', async () => {
    const params: SqlParam[] = [ids];
    const newest = {
      sql: 'select p.id, p.title from promotions p where p.id = any($1::int[]) order by p.id desc limit $2',
      orderBy: 'r.id desc',
      map: (row: unknown) => (row as { id: number }).id,
    };
    params.push(2);
    const titles = {
      sql: `select p.id, p.title from promotions p where p.id = any($1::int[]) and p.title like $${params.push('목록 %')}`,
      orderBy: 'r.id',
      map: (row: unknown) => (row as { title: string }).title,
    };
    const none = { sql: 'select 1 as id where false', orderBy: 'r.id', map: (row: unknown) => row };
    const out = await queryJsonParts<{ newest: number; titles: string; none: unknown }>(
      db,
      { newest, titles, none },
      params,
    );
    expect(out.newest).toEqual([...ids].sort((a, b) => b - a).slice(0, 2));
    const expected = await db.query<{ title: string }>(
      'select title from promotions where id = any($1::int[]) order by id',
      [ids],
    );
    expect(out.titles).toEqual(expected.map((r) => r.title));
    expect(out.none).toEqual([]);
  });
});

describe('a statement planned once', () => {
  const parts = {
    recent: {
      sql: `select p.id from promotions p where p.author_id = $1 and p.ended_at >= $2::date order by p.id desc limit $3`,
      orderBy: 'r.id desc',
      map: (row: unknown) => (row as { id: number }).id,
    },
  };

  it('answers what the statement with parameters answers, with its values written in', async () => {
    const params: SqlParam[] = [author.id, day(-30), 2];
    const planned = await queryJsonParts<{ recent: number }>(db, parts, params, { once: true });
    expect(planned).toEqual(await queryJsonParts<{ recent: number }>(db, parts, params));
    expect(planned.recent).toHaveLength(2);
  });
});
