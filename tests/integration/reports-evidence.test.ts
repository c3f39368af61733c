/**
 * Reports that cannot bury each other, and evidence that outlives accounts (issue 46, item 9): no
 * report on one's own content; open reports a page at a time, filtered; a flood dismissed in one go;
 * a withdrawn reporter's reports stay, anonymised; the log keeps an admin's name after they leave; role
 * changes are logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { dismissReportsOf, hidePromotion, moderatorDeletePromotion } from '#server/services/moderation';
import { countOpenReports, moderationOverview, openReports } from '#server/services/moderation-read';
import { setAdminRole, withdrawMember } from '#server/services/members';
import { createPromotion } from '#server/services/promotions';
import { createReport } from '#server/services/reports';
import { insertMember, openTestDb } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
const who = (m: { id: number; nickname: string }, roles: Principal['roles'] = ['USER']): Principal => ({
  id: m.id,
  type: roles.includes('PHOTOGRAPHER') ? 'PHOTOGRAPHER' : 'USER',
  roles,
  nickname: m.nickname,
});

async function event(author: Principal): Promise<number> {
  const p = await createPromotion(db, author, {
    promotionType: 'FREE',
    title: '신고 대상 이벤트',
    content: '내용',
    externalLink: 'https://example.com/apply',
    startedAt: todayKst(),
    endedAt: todayKst(Date.now() + 5 * 86_400_000),
    photographyTypes: ['SNAP'],
    images: [],
    activeRegions: [{ category: '서울', name: '강남구' }],
    hashtags: ['신고'],
    isAuthorHidden: false,
  });
  return p.id;
}

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('reports', () => {
  it('refuse one’s own event or page', async () => {
    const author = who(await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] }), ['PHOTOGRAPHER', 'USER']);
    const id = await event(author);
    expect(
      await refusal(createReport(db, author, { targetType: 'PROMOTION', targetId: id, reason: 'SPAM', detail: '' })),
    ).toMatchObject({ code: 'ACCESS_DENIED' });
    const own = await refusal(
      createReport(db, author, { targetType: 'PHOTOGRAPHER', targetId: author.id, reason: 'SPAM', detail: '' }),
    );
    // Refused either way: this member has no public page (404), and one's own page is never reportable.
    expect(['ACCESS_DENIED', 'PHOTOGRAPHER_NOT_FOUND']).toContain(own.code);
  });

  it('page and filter; a flood from one reporter is dismissed in one go and buries nothing', async () => {
    const author = who(await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] }), ['PHOTOGRAPHER', 'USER']);
    const admin = who(await insertMember(db, { roles: ['ADMIN', 'USER'] }), ['ADMIN', 'USER']);
    const flooder = who(await insertMember(db));
    const honest = who(await insertMember(db));
    const fraud = await event(author);
    await createReport(db, honest, { targetType: 'PROMOTION', targetId: fraud, reason: 'FRAUD', detail: '입금 요구' });
    for (let i = 0; i < 60; i++) {
      const id = await event(author);
      await createReport(db, flooder, { targetType: 'PROMOTION', targetId: id, reason: 'SPAM', detail: '' });
    }
    expect(await openReports(db, { reporterId: flooder.id }, { page: 0, pageSize: 100 })).toHaveLength(60);
    expect((await openReports(db, { reason: 'FRAUD', targetId: fraud })).map((r) => r.reporter?.id)).toEqual([
      honest.id,
    ]);
    expect(await openReports(db, { reporterId: flooder.id }, { page: 1, pageSize: 50 })).toHaveLength(10);
    expect(await countOpenReports(db, { reporterId: flooder.id })).toBe(60);
    expect(await countOpenReports(db, { reporterId: flooder.id, reason: 'FRAUD' })).toBe(0);
    expect(await dismissReportsOf(db, admin, flooder.id)).toBe(60);
    expect((await moderationOverview(db)).reports.map((r) => r.targetId)).toContain(fraud);
  });

  it('outlive their reporter (anonymised) and the admin who acted (the log keeps the name)', async () => {
    const author = who(await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] }), ['PHOTOGRAPHER', 'USER']);
    const reporter = who(await insertMember(db));
    const target = await event(author);
    const report = await createReport(db, reporter, {
      targetType: 'PROMOTION',
      targetId: target,
      reason: 'FRAUD',
      detail: '사기',
    });
    await withdrawMember(db, reporter.id);
    const kept = (await openReports(db, { targetId: target })).find((r) => r.id === report.id);
    expect(kept).toMatchObject({ reporter: null, detail: '사기', reason: 'FRAUD' });

    const adminRow = await insertMember(db, { roles: ['ADMIN', 'USER'] });
    const admin = who(adminRow, ['ADMIN', 'USER']);
    await hidePromotion(db, admin, target, '사기 의심');
    await withdrawMember(db, admin.id);
    const entry = (await moderationOverview(db)).log.find((l) => l.targetId === target && l.action === 'HIDE');
    expect(entry?.admin).toEqual({ id: null, nickname: adminRow.nickname });
  });

  it('are named in the log by what their target was, after it is gone (issue 44, item 18)', async () => {
    const authorRow = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] });
    const author = who(authorRow, ['PHOTOGRAPHER', 'USER']);
    const admin = who(await insertMember(db, { roles: ['ADMIN', 'USER'] }), ['ADMIN', 'USER']);
    const target = await event(author);
    await hidePromotion(db, admin, target, '사기 의심');
    await moderatorDeletePromotion(db, admin, target);
    // The author leaves: their events go with them, the log still says what was acted on.
    await withdrawMember(db, author.id);
    expect(await db.query('select 1 from promotions where id = $1', [target])).toHaveLength(0);
    const log = (await moderationOverview(db)).log.filter((l) => l.targetType === 'PROMOTION' && l.targetId === target);
    expect(log.map((l) => [l.action, l.targetLabel])).toEqual([
      ['DELETE', '신고 대상 이벤트'],
      ['HIDE', '신고 대상 이벤트'],
    ]);
    const m = await insertMember(db);
    await setAdminRole(db, m.id, true);
    const grant = (await moderationOverview(db)).log.find((l) => l.targetType === 'MEMBER' && l.targetId === m.id);
    expect(grant?.targetLabel).toBe(m.nickname);
  });

  it('log granting and revoking the ADMIN role', async () => {
    const m = await insertMember(db);
    await setAdminRole(db, m.id, true);
    await setAdminRole(db, m.id, false);
    const log = (await moderationOverview(db)).log.filter((l) => l.targetType === 'MEMBER' && l.targetId === m.id);
    expect(log.map((l) => l.action)).toEqual(['REVOKE_ADMIN', 'GRANT_ADMIN']);
  });
});
