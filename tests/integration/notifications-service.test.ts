/**
 * Notifications at the service level, on PGlite and on PostgreSQL (issue 42): each application trigger
 * tells exactly whom it should, with its Korean text and link, in the change's transaction, never the
 * member who caused it, never twice; new applications batched per event; settings and the promotional
 * opt-in; a member reads and marks only their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { NotificationItem } from '#lib/notifications';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { applyTo, moveApplication } from '#server/services/applications';
import {
  markRead,
  notificationSettingsOf,
  notificationsOf,
  notify,
  updateNotificationSettings,
} from '#server/services/notifications';
import { createPromotion, type PromotionInput } from '#server/services/promotions';
import { insertPrincipal, openTestDb, promotionInput } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
let author: Principal;
const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);
const page = { page: 0, pageSize: 50 };
const MINUTE = 60_000;

const member = (roles?: ('USER' | 'PHOTOGRAPHER')[]) => insertPrincipal(db, roles);

const event = (patch: Partial<PromotionInput> = {}) => promotionInput(patch);

const intake = { introduction: '아이 돌 사진을 남기고 싶어요.', preferredDates: [day(2)], consent: true };

async function inbox(p: Principal): Promise<{ items: NotificationItem[]; unreadCount: number }> {
  return notificationsOf(db, p, page);
}

beforeAll(async () => {
  db = await openTestDb();
  author = await member(['PHOTOGRAPHER', 'USER']);
});

afterAll(async () => {
  await db.close();
});

describe('new applications, batched per event', () => {
  it('tells the author "새 신청 N건" in one unread row per event, never the applicant', async () => {
    const a = await member(['PHOTOGRAPHER', 'USER']);
    const e = await createPromotion(db, a, event({ title: '한강 노을 스냅' }));
    const [x, y] = [await member(), await member()];
    await applyTo(db, x, e.id, intake);
    expect((await inbox(a)).items).toEqual([
      expect.objectContaining({
        kind: 'NEW_APPLICATIONS',
        title: '새 신청 1건',
        body: '‘한강 노을 스냅’에 새 신청이 들어왔어요. 신청자를 확인해 보세요.',
        link: `/my/inbox/${e.id}`,
        readAt: null,
      }),
    ]);
    await applyTo(db, y, e.id, intake);
    const after = await inbox(a);
    expect(after.unreadCount).toBe(1);
    expect(after.items.map((n) => n.title)).toEqual(['새 신청 2건']);
    expect((await inbox(x)).items).toEqual([]);
    expect((await inbox(y)).items).toEqual([]);
    // Another event of the same author has its own row.
    const e2 = await createPromotion(db, a, event({ title: '벚꽃 프로필' }));
    await applyTo(db, x, e2.id, intake);
    expect((await inbox(a)).items.map((n) => [n.title, n.link])).toEqual([
      ['새 신청 1건', `/my/inbox/${e2.id}`],
      ['새 신청 2건', `/my/inbox/${e.id}`],
    ]);
  });

  it('a read batch counts afresh within 15 minutes and starts a new row after', async () => {
    const a = await member(['PHOTOGRAPHER', 'USER']);
    const e = await createPromotion(db, a, event());
    const t0 = Date.now();
    await applyTo(db, await member(), e.id, intake, t0);
    await markRead(db, a, { all: true });
    // Read, and within the window: the same row, unread again, counting from 1.
    await applyTo(db, await member(), e.id, intake, t0 + 5 * MINUTE);
    let list = await inbox(a);
    expect(list.items.map((n) => [n.title, n.readAt])).toEqual([['새 신청 1건', null]]);
    // Unread, it keeps collecting however old it is.
    await applyTo(db, await member(), e.id, intake, t0 + 20 * MINUTE);
    list = await inbox(a);
    expect(list.items.map((n) => n.title)).toEqual(['새 신청 2건']);
    // Read and older than 15 minutes: the next application starts a new row.
    await markRead(db, a, { all: true });
    await applyTo(db, await member(), e.id, intake, t0 + 20 * MINUTE);
    list = await inbox(a);
    expect(list.items.map((n) => [n.title, n.readAt === null])).toEqual([
      ['새 신청 1건', true],
      ['새 신청 2건', false],
    ]);
    expect(list.unreadCount).toBe(1);
  });

  it('concurrent applications to one event make one row with their count', async () => {
    const a = await member(['PHOTOGRAPHER', 'USER']);
    const e = await createPromotion(db, a, event({ capacity: 50 }));
    const applicants = await Promise.all(Array.from({ length: 8 }, () => member()));
    await Promise.all(applicants.map((p) => applyTo(db, p, e.id, intake)));
    expect((await inbox(a)).items.map((n) => n.title)).toEqual(['새 신청 8건']);
  });
});

describe('moves', () => {
  it('selection tells the applicant the date, time and place; never the author who made it', async () => {
    const e = await createPromotion(db, author, event({ title: '서울숲 가족사진' }));
    const me = await member();
    const app = await applyTo(db, me, e.id, intake);
    const before = (await inbox(author)).items.length;
    // 2026-12-03 14:30 KST
    await moveApplication(db, author, app.id, {
      to: 'SELECTED',
      shootAt: '2026-12-03T05:30:00.000Z',
      place: '서울숲 2번 출구',
      message: '편한 옷으로 오세요',
    });
    expect((await inbox(me)).items).toEqual([
      expect.objectContaining({
        kind: 'APPLICATION_SELECTED',
        title: '‘서울숲 가족사진’에 선정되었어요',
        body: '촬영 일정: 12월 3일 (목) 오후 2:30\n장소: 서울숲 2번 출구\n작가님 메시지: 편한 옷으로 오세요',
        link: `/my/applications#application-${app.id}`,
      }),
    ]);
    expect((await inbox(author)).items.length).toBe(before);
    // The applicant withdraws: the author is told, the applicant not.
    await moveApplication(db, me, app.id, { to: 'WITHDRAWN' });
    const told = (await inbox(author)).items.find((n) => n.kind === 'APPLICATION_WITHDRAWN');
    expect(told).toMatchObject({
      title: '신청이 취소되었어요',
      body: `${me.nickname}님이 ‘서울숲 가족사진’ 신청을 취소했어요.`,
      link: `/my/inbox/${e.id}#application-${app.id}`,
    });
    expect((await inbox(me)).items.map((n) => n.kind)).toEqual(['APPLICATION_SELECTED']);
  });

  it('a decline and a cancellation tell the applicant, with the message and the reason', async () => {
    const e = await createPromotion(db, author, event({ title: '웨딩 스냅' }));
    const [p, q] = [await member(), await member()];
    const declined = await applyTo(db, p, e.id, intake);
    await moveApplication(db, author, declined.id, { to: 'DECLINED', message: '다음에 꼭 모실게요' });
    expect((await inbox(p)).items).toEqual([
      expect.objectContaining({
        kind: 'APPLICATION_DECLINED',
        title: '‘웨딩 스냅’ 신청 결과',
        body: '아쉽지만 이번에는 선정되지 않았어요.\n작가님 메시지: 다음에 꼭 모실게요',
        link: `/my/applications#application-${declined.id}`,
      }),
    ]);
    const chosen = await applyTo(db, q, e.id, intake);
    await moveApplication(db, author, chosen.id, {
      to: 'SELECTED',
      shootAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      place: '한강공원',
    });
    await moveApplication(db, q, chosen.id, { to: 'CONFIRMED' });
    await moveApplication(db, author, chosen.id, { to: 'CANCELLED', reason: '작가 사정으로 취소합니다' });
    expect((await inbox(q)).items.map((n) => [n.kind, n.title, n.body])).toEqual([
      ['APPLICATION_CANCELLED', '‘웨딩 스냅’ 선정이 취소되었어요', '취소 사유: 작가 사정으로 취소합니다'],
      ['APPLICATION_SELECTED', '‘웨딩 스냅’에 선정되었어요', expect.stringContaining('장소: 한강공원')],
    ]);
  });

  it('a refused move tells nobody; a cause is told once; the causing member is never told', async () => {
    const e = await createPromotion(db, author, event());
    const me = await member();
    const app = await applyTo(db, me, e.id, intake);
    expect(
      await refusal(moveApplication(db, me, app.id, { to: 'SELECTED', shootAt: new Date().toISOString(), place: 'x' })),
    ).toMatchObject({ code: 'APPLICATION_TRANSITION_NOT_ALLOWED' });
    expect((await inbox(me)).items).toEqual([]);
    const n = {
      recipientId: me.id,
      actorId: author.id,
      kind: 'APPLICATION_DECLINED' as const,
      title: '제목',
      body: '본문',
      link: '/my/applications',
      dedupeKey: `test:${me.id}:once`,
    };
    expect(await notify(db, n)).toEqual(expect.any(Number));
    expect(await notify(db, n)).toBeNull();
    expect(await notify(db, { ...n, actorId: me.id, dedupeKey: `test:${me.id}:self` })).toBeNull();
    expect((await inbox(me)).items).toHaveLength(1);
    // Written in the caller's transaction: rolled back with it.
    await db
      .transaction(async (tx) => {
        await notify(tx, { ...n, dedupeKey: `test:${me.id}:rolled-back` });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect((await inbox(me)).items).toHaveLength(1);
  });
});

describe('settings', () => {
  it('a kind turned off is not written; the promotional kind is off until opted in, with the consent', async () => {
    const me = await member();
    const before = await notificationSettingsOf(db, me.id);
    expect(before.settings.find((s) => s.kind === 'PROMOTIONAL')).toEqual({
      kind: 'PROMOTIONAL',
      inApp: false,
      push: false,
    });
    expect(before.settings.find((s) => s.kind === 'APPLICATION_SELECTED')).toMatchObject({ inApp: true, push: true });
    expect(before.promotionalConsentAt).toBeNull();
    const promo = (key: string) => ({
      recipientId: me.id,
      actorId: null,
      kind: 'PROMOTIONAL' as const,
      title: '새 이벤트',
      body: '',
      link: '/event/1',
      dedupeKey: `test:${me.id}:${key}`,
    });
    expect(await notify(db, promo('a'))).toBeNull();

    const on = await updateNotificationSettings(db, me, {
      settings: [{ kind: 'PROMOTIONAL', inApp: true, push: false }],
    });
    expect(on.settings.find((s) => s.kind === 'PROMOTIONAL')).toMatchObject({ inApp: true, push: false });
    expect(on.promotionalConsentAt).toEqual(expect.any(String));
    const [consent] = await db.query<{ how: string }>(
      `select how from consents where member_id = $1 and kind = 'MARKETING' and withdrawn_at is null`,
      [me.id],
    );
    expect(consent?.how).toBe('SETTINGS');
    expect(await notify(db, promo('b'))).toEqual(expect.any(Number));

    const off = await updateNotificationSettings(db, me, {
      settings: [
        { kind: 'PROMOTIONAL', inApp: false, push: false },
        { kind: 'APPLICATION_SELECTED', inApp: false, push: false },
      ],
    });
    expect(off.promotionalConsentAt).toBeNull();
    expect(await notify(db, promo('c'))).toBeNull();
    expect(await notify(db, { ...promo('d'), kind: 'APPLICATION_SELECTED' })).toBeNull();
    expect((await inbox(me)).items.map((n) => n.title)).toEqual(['새 이벤트']);

    for (const bad of [{}, { settings: [] }, { settings: [{ kind: 'NOPE', inApp: true, push: true }] }]) {
      expect(await refusal(updateNotificationSettings(db, me, bad))).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('reading and marking', () => {
  it('a member marks only their own; all: true marks every one of theirs', async () => {
    const [me, other] = [await member(), await member()];
    const mk = (to: Principal, key: string) =>
      notify(db, {
        recipientId: to.id,
        actorId: null,
        kind: 'SAVED_EVENT_CLOSING',
        title: key,
        body: '',
        link: '/event/1',
        dedupeKey: `test:${to.id}:${key}`,
      });
    const [m1, m2, o1] = [await mk(me, '1'), await mk(me, '2'), await mk(other, '1')];
    expect(await markRead(db, me, { ids: [o1] })).toEqual({ marked: 0, unreadCount: 2 });
    expect((await inbox(other)).unreadCount).toBe(1);
    expect(await markRead(db, me, { ids: [m1, o1] })).toEqual({ marked: 1, unreadCount: 1 });
    expect(await markRead(db, me, { all: true })).toEqual({ marked: 1, unreadCount: 0 });
    expect((await inbox(other)).unreadCount).toBe(1);
    expect((await inbox(me)).items.map((n) => n.id)).toEqual([m2, m1]);
    for (const bad of [{}, { ids: 'x' }, { ids: [0] }, { ids: [1.5] }, { all: false }, { all: true, ids: [1] }]) {
      expect(await refusal(markRead(db, me, bad))).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
