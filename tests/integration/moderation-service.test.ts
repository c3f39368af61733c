/**
 * An admin's actions on an event at the service: hide, unhide and delete each change the row only
 * from a state they apply to (else 404), resolve the event's open reports and log one row. PGlite in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import { setDbForTests, type Db } from '#server/db/index';
import { hidePromotion, moderatorDeletePromotion, unhidePromotion } from '#server/services/moderation';
import { createPromotion } from '#server/services/promotions';
import { insertMember, openTestDb } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
let admin: Principal;
let author: Principal;
let reporter: number;

async function newEvent(): Promise<number> {
  const p = await createPromotion(db, author, {
    promotionType: 'FREE',
    title: '신고된 이벤트',
    content: '내용',
    externalLink: 'https://example.com/apply',
    startedAt: todayKst(),
    endedAt: todayKst(Date.now() + 5 * 86_400_000),
    photographyTypes: ['SNAP'],
    images: [],
    activeRegions: [{ category: '서울', name: '강남구' }],
    hashtags: [],
    isAuthorHidden: false,
  });
  return p.id;
}

async function report(id: number): Promise<void> {
  await db.query(
    `insert into reports (reporter_id, target_type, target_id, reason) values ($1, 'PROMOTION', $2, 'SPAM')`,
    [reporter, id],
  );
}

async function state(id: number) {
  const [row] = await db.query<{ deleted: boolean; hidden: boolean; hidden_reason: string | null }>(
    `select deleted_at is not null as deleted, hidden_at is not null as hidden, hidden_reason
       from promotions where id = $1`,
    [id],
  );
  const reports = await db.query<{ resolution: string | null }>(
    `select resolution from reports where target_type = 'PROMOTION' and target_id = $1 order by id`,
    [id],
  );
  const log = await db.query<{ action: string; reason: string; reports: number }>(
    `select action, reason, reports from moderation_log where target_type = 'PROMOTION' and target_id = $1 order by id`,
    [id],
  );
  return { row, reports: reports.map((r) => r.resolution), log };
}

beforeAll(async () => {
  db = await openTestDb();
  setDbForTests(db);
  const a = await insertMember(db, { roles: ['USER', 'ADMIN'] });
  admin = { id: a.id, type: 'USER', roles: ['USER', 'ADMIN'], nickname: a.nickname };
  const m = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] });
  author = { id: m.id, type: 'PHOTOGRAPHER', roles: ['PHOTOGRAPHER', 'USER'], nickname: m.nickname };
  reporter = (await insertMember(db)).id;
});

afterAll(async () => {
  setDbForTests(null);
  await db.close();
});

describe('moderating an event', () => {
  it('hides, shows again and deletes, resolving the open reports and logging each action', async () => {
    const id = await newEvent();
    await report(id);
    expect(await hidePromotion(db, admin, id, '운영 정책 위반')).toEqual({ authorId: author.id });
    expect(await state(id)).toMatchObject({
      row: { deleted: true, hidden: true, hidden_reason: '운영 정책 위반' },
      reports: ['HIDDEN'],
      log: [{ action: 'HIDE', reason: '운영 정책 위반', reports: 1 }],
    });
    expect(await refusal(hidePromotion(db, admin, id, '다시'))).toMatchObject({ code: 'PROMOTION_NOT_FOUND' });

    await report(id);
    expect(await unhidePromotion(db, admin, id)).toEqual({ authorId: author.id });
    expect((await state(id)).row).toEqual({ deleted: false, hidden: false, hidden_reason: null });
    expect(await refusal(unhidePromotion(db, admin, id))).toMatchObject({ code: 'PROMOTION_NOT_FOUND' });

    expect(await moderatorDeletePromotion(db, admin, id)).toEqual({ authorId: author.id });
    expect(await state(id)).toMatchObject({
      row: { deleted: true, hidden: false, hidden_reason: null },
      reports: ['HIDDEN', 'UNHIDDEN'],
      log: [
        { action: 'HIDE', reports: 1 },
        { action: 'UNHIDE', reason: '', reports: 1 },
        { action: 'DELETE', reason: '', reports: 0 },
      ],
    });
    expect(await refusal(moderatorDeletePromotion(db, admin, id))).toMatchObject({ code: 'PROMOTION_NOT_FOUND' });
  });

  it('deletes a hidden event', async () => {
    const id = await newEvent();
    await hidePromotion(db, admin, id, '스팸');
    await moderatorDeletePromotion(db, admin, id);
    expect((await state(id)).row).toEqual({ deleted: true, hidden: false, hidden_reason: null });
  });
});
