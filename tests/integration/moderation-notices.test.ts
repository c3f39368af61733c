/**
 * Issue 42's remaining kinds: the applicant is asked for a review once the shoot is completed; the
 * owner of content hears what an admin did to it; each reporter hears that their report was handled.
 * Each once, with its Korean text and link, and never for the member who caused it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { NotificationItem, NotificationKind } from '#lib/notifications';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { applyTo, moveApplication } from '#server/services/applications';
import {
  dismissReport,
  hidePromotion,
  moderatorDeletePromotion,
  setPhotographerHidden,
  unhidePromotion,
} from '#server/services/moderation';
import { notificationsOf } from '#server/services/notifications';
import { createPromotion, type PromotionInput } from '#server/services/promotions';
import { createReport } from '#server/services/reports';
import { keepHidden, requestReview } from '#server/services/review-requests';
import { insertPrincipal, openTestDb, promotionInput } from '../support/db';

let db: Db;
let author: Principal;
let admin: Principal;
const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);

const member = (roles?: ('USER' | 'PHOTOGRAPHER' | 'ADMIN')[]) => insertPrincipal(db, roles);

const event = (patch: Partial<PromotionInput> = {}) => promotionInput({ title: '한강 노을 스냅', ...patch });

async function told(p: Principal, kind: NotificationKind): Promise<NotificationItem[]> {
  return (await notificationsOf(db, p, { page: 0, pageSize: 100 })).items.filter((n) => n.kind === kind);
}

beforeAll(async () => {
  db = await openTestDb();
  author = await member(['PHOTOGRAPHER', 'USER']);
  admin = await member(['ADMIN', 'USER']);
});

afterAll(async () => {
  await db.close();
});

describe('a review request', () => {
  it('tells the applicant once the shoot is completed, linking to 내 신청', async () => {
    const e = await createPromotion(db, author, event({ title: '성수 커플 스냅' }));
    const me = await member();
    const a = await applyTo(db, me, e.id, { introduction: '커플 사진이요', preferredDates: [day(1)], consent: true });
    await moveApplication(db, author, a.id, { to: 'SELECTED', shootAt: new Date().toISOString(), place: '성수역' });
    await moveApplication(db, me, a.id, { to: 'CONFIRMED' });
    expect(await told(me, 'REVIEW_REQUEST')).toEqual([]);
    await moveApplication(db, author, a.id, { to: 'COMPLETED' }, Date.now() + 86_400_000);
    expect(await told(me, 'REVIEW_REQUEST')).toEqual([
      expect.objectContaining({
        title: '촬영은 어떠셨나요?',
        body: '‘성수 커플 스냅’ 후기를 남겨 주세요. 촬영 완료 후 30일 동안 쓸 수 있어요.',
        link: `/my/applications#application-${a.id}`,
      }),
    ]);
    expect(await told(author, 'REVIEW_REQUEST')).toEqual([]);
  });
});

describe('moderation', () => {
  it('tells the author of a hidden event why, then that it is public again, and each reporter the outcome', async () => {
    const e = await createPromotion(db, author, event({ title: '가짜 이벤트' }));
    const [r1, r2] = [await member(), await member()];
    await createReport(db, r1, { targetType: 'PROMOTION', targetId: e.id, reason: 'FRAUD', detail: '' });
    await createReport(db, r2, { targetType: 'PROMOTION', targetId: e.id, reason: 'SPAM', detail: '' });
    await hidePromotion(db, admin, e.id, '연락처 도용');
    expect(await told(author, 'CONTENT_MODERATED')).toEqual([
      expect.objectContaining({
        title: '이벤트가 숨겨졌어요',
        body: '‘가짜 이벤트’\n사유: 연락처 도용\n내용을 고친 뒤 다시 검토를 요청할 수 있어요.',
        link: `/event/${e.id}`,
      }),
    ]);
    for (const r of [r1, r2])
      expect(await told(r, 'REPORT_HANDLED')).toEqual([
        expect.objectContaining({ title: '신고를 처리했어요', body: '신고한 이벤트: ‘가짜 이벤트’\n처리 결과: 숨김' }),
      ]);
    expect(await told(admin, 'CONTENT_MODERATED')).toEqual([]);

    await requestReview(db, author, 'PROMOTION', e.id);
    await keepHidden(db, admin, 'PROMOTION', e.id, '');
    await requestReview(db, author, 'PROMOTION', e.id);
    await unhidePromotion(db, admin, e.id);
    expect((await told(author, 'CONTENT_MODERATED')).map((n) => n.title)).toEqual([
      '이벤트가 다시 공개되었어요',
      '다시 검토했지만 숨김이 유지돼요',
      '이벤트가 숨겨졌어요',
    ]);
    // Shown again: the reporters hear nothing more.
    expect(await told(r1, 'REPORT_HANDLED')).toHaveLength(1);
  });

  it('a deletion links the author to my page; a dismissal tells its reporter only; a withdrawn reporter is skipped', async () => {
    const e = await createPromotion(db, author, event({ title: '지울 이벤트' }));
    const reporter = await member();
    await createReport(db, reporter, { targetType: 'PROMOTION', targetId: e.id, reason: 'SPAM', detail: '' });
    const other = await createPromotion(db, author, event({ title: '멀쩡한 이벤트' }));
    const wrong = await createReport(db, reporter, {
      targetType: 'PROMOTION',
      targetId: other.id,
      reason: 'OTHER',
      detail: '그냥',
    });
    await dismissReport(db, admin, wrong.id);
    expect(await told(reporter, 'REPORT_HANDLED')).toEqual([
      expect.objectContaining({
        title: '신고를 검토했어요',
        body: '신고한 이벤트: ‘멀쩡한 이벤트’\n처리 결과: 운영 정책 위반을 찾지 못했어요',
      }),
    ]);
    const before = (await told(author, 'CONTENT_MODERATED')).length;
    await moderatorDeletePromotion(db, admin, e.id);
    const notices = await told(author, 'CONTENT_MODERATED');
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({ title: '이벤트가 삭제되었어요', link: '/mypage' });
    expect((await told(reporter, 'REPORT_HANDLED')).map((n) => n.body)).toContain(
      '신고한 이벤트: ‘지울 이벤트’\n처리 결과: 삭제',
    );
  });

  it('tells the owner of a hidden photographer page', async () => {
    const owner = await member(['PHOTOGRAPHER', 'USER']);
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, description) values ($1, '{SNAP}', '소개')
       on conflict do nothing`,
      [owner.id],
    );
    await setPhotographerHidden(db, admin, owner.id, { reason: '도용된 사진' });
    expect(await told(owner, 'CONTENT_MODERATED')).toEqual([
      expect.objectContaining({ title: '사진작가 페이지가 숨겨졌어요', link: `/photographer/${owner.id}` }),
    ]);
  });
});
