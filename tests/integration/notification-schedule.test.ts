/**
 * Scheduled notifications (issue 42), on PGlite and on PostgreSQL: the day-before shoot reminder and a
 * saved event closing tomorrow go out from 09:00 KST the day before, once, whatever passes, restarts or
 * instances run; a cancelled shoot and a kind turned off get none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { applyTo, moveApplication } from '#server/services/applications';
import { runNotificationSchedule } from '#server/services/notification-schedule';
import { notificationsOf, updateNotificationSettings } from '#server/services/notifications';
import { createPromotion, type PromotionInput } from '#server/services/promotions';
import { insertPrincipal, openTestDb, promotionInput } from '../support/db';

let db: Db;
let author: Principal;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** `hh:mm` KST on the day `offset` days from today, as ms. */
const kst = (offset: number, hhmm: string) => Date.parse(`${todayKst(Date.now() + offset * DAY)}T${hhmm}:00+09:00`);

const member = (roles?: ('USER' | 'PHOTOGRAPHER')[]) => insertPrincipal(db, roles);

const event = (patch: Partial<PromotionInput> = {}) =>
  promotionInput({ title: '가을 스냅', endedAt: todayKst(Date.now() + 20 * DAY), hashtags: [], ...patch });

const kinds = async (p: Principal, kind: string) =>
  (await notificationsOf(db, p, { page: 0, pageSize: 50 })).items.filter((n) => n.kind === kind);

beforeAll(async () => {
  db = await openTestDb();
  author = await member(['PHOTOGRAPHER', 'USER']);
});

afterAll(async () => {
  await db.close();
});

describe('the day-before shoot reminder', () => {
  it('goes out from 09:00 KST the day before, once across passes; not for a cancelled shoot', async () => {
    const e = await createPromotion(db, author, event({ title: '한강 피크닉 스냅' }));
    const [kept, dropped, off] = [await member(), await member(), await member()];
    const shootAt = new Date(kst(3, '14:00')).toISOString();
    for (const who of [kept, dropped, off]) {
      const a = await applyTo(db, who, e.id, { introduction: '안녕하세요', preferredDates: [], consent: true });
      await moveApplication(db, author, a.id, { to: 'SELECTED', shootAt, place: '여의도 한강공원' });
      if (who === dropped) await moveApplication(db, author, a.id, { to: 'CANCELLED', reason: '우천' });
    }
    await updateNotificationSettings(db, off, { settings: [{ kind: 'SHOOT_REMINDER', inApp: false, push: false }] });

    // Two days before, and the day before at 08:59: nothing.
    await runNotificationSchedule(db, kst(1, '10:00'));
    await runNotificationSchedule(db, kst(2, '08:59'));
    expect(await kinds(kept, 'SHOOT_REMINDER')).toEqual([]);
    // 09:00 the day before: once, however many passes (a restart, a second instance) follow.
    await runNotificationSchedule(db, kst(2, '09:00'));
    await runNotificationSchedule(db, kst(2, '09:05'));
    await Promise.all([runNotificationSchedule(db, kst(2, '12:00')), runNotificationSchedule(db, kst(2, '12:00'))]);
    const told = await kinds(kept, 'SHOOT_REMINDER');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: '내일 촬영이 있어요',
      body: expect.stringMatching(/^‘한강 피크닉 스냅’ · \d+월 \d+일 \(.\) 오후 2:00 · 여의도 한강공원$/),
      link: expect.stringMatching(/^\/my\/applications#application-\d+$/),
    });
    expect(await kinds(dropped, 'SHOOT_REMINDER')).toEqual([]);
    expect(await kinds(off, 'SHOOT_REMINDER')).toEqual([]);
  });
});

describe('a saved event closing tomorrow', () => {
  it('tells each member who saved it, once, from 09:00 KST the day before; never its author', async () => {
    const e = await createPromotion(
      db,
      author,
      event({ title: '마감 임박 이벤트', endedAt: todayKst(Date.now() + 2 * DAY) }),
    );
    const saver = await member();
    for (const who of [saver, author])
      await db.query('insert into promotion_saves (member_id, promotion_id) values ($1, $2)', [who.id, e.id]);
    await runNotificationSchedule(db, kst(0, '09:30'));
    expect(await kinds(saver, 'SAVED_EVENT_CLOSING')).toEqual([]);
    await runNotificationSchedule(db, kst(1, '09:30'));
    await runNotificationSchedule(db, kst(1, '18:00'));
    expect(await kinds(saver, 'SAVED_EVENT_CLOSING')).toEqual([
      expect.objectContaining({
        title: '저장한 이벤트가 내일 마감돼요',
        body: '‘마감 임박 이벤트’ 신청이 내일까지예요.',
        link: `/event/${e.id}`,
      }),
    ]);
    expect(await kinds(author, 'SAVED_EVENT_CLOSING')).toEqual([]);
  });
});

describe('a saved photographer’s new event (advertising)', () => {
  it('tells savers who opted in, once, only from 08:00 to 21:00 KST; never others, nor for a hidden author', async () => {
    const photographer = await member(['PHOTOGRAPHER', 'USER']);
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, description) values ($1, '{SNAP}', '소개')
       on conflict do nothing`,
      [photographer.id],
    );
    const [fan, quiet] = [await member(), await member()];
    for (const who of [fan, quiet])
      await db.query('insert into photographer_saves (member_id, photographer_id) values ($1, $2)', [
        who.id,
        photographer.id,
      ]);
    // Only the fan opts in (which records the MARKETING consent).
    await updateNotificationSettings(db, fan, { settings: [{ kind: 'PROMOTIONAL', inApp: true, push: true }] });
    const e = await createPromotion(db, photographer, event({ title: '겨울 프로필 촬영' }));
    const hiddenAuthor = await createPromotion(db, photographer, event({ title: '작가 숨김 이벤트' }));
    await db.query('update promotions set is_author_hidden = true where id = $1', [hiddenAuthor.id]);

    // Night: nothing; from 08:00: once (any time today is within a day of the posting).
    for (const at of [kst(0, '21:00'), kst(0, '23:30'), kst(0, '07:59')]) await runNotificationSchedule(db, at);
    expect(await kinds(fan, 'PROMOTIONAL')).toEqual([]);
    await runNotificationSchedule(db, kst(0, '08:00'));
    await runNotificationSchedule(db, kst(0, '12:00'));
    expect(await kinds(fan, 'PROMOTIONAL')).toEqual([
      expect.objectContaining({
        title: `(광고) ${photographer.nickname}님이 새 이벤트를 올렸어요`,
        body: '‘겨울 프로필 촬영’ · 저장한 사진작가의 새 이벤트예요.',
        link: `/event/${e.id}`,
      }),
    ]);
    expect(await kinds(quiet, 'PROMOTIONAL')).toEqual([]);
    expect(await kinds(photographer, 'PROMOTIONAL')).toEqual([]);
  });
});

describe('an event closing with undecided applicants', () => {
  it('tells its author once, from 09:00 KST the day before, with how many wait', async () => {
    const e = await createPromotion(
      db,
      author,
      event({ title: '마감 전 결정', endedAt: todayKst(Date.now() + 2 * DAY) }),
    );
    const apply = async () =>
      (
        await applyTo(db, await member(), e.id, {
          introduction: '신청해요',
          preferredDates: [todayKst()],
          consent: true,
        })
      ).id;
    await apply();
    await apply();
    const chosen = await apply();
    await moveApplication(db, author, chosen, {
      to: 'SELECTED',
      shootAt: new Date(Date.now() + DAY).toISOString(),
      place: '공원',
    });
    await runNotificationSchedule(db, kst(1, '08:59'));
    expect(await kinds(author, 'EVENT_CLOSING_UNDECIDED')).toEqual([]);
    await runNotificationSchedule(db, kst(1, '09:00'));
    await runNotificationSchedule(db, kst(1, '15:00'));
    expect(await kinds(author, 'EVENT_CLOSING_UNDECIDED')).toEqual([
      expect.objectContaining({
        title: '내일 마감인데 아직 결정하지 않은 신청이 2건 있어요',
        link: `/my/inbox/${e.id}`,
      }),
    ]);
  });
});
