/**
 * View counts are not read receipts (issue 46, item 11): a member's view row is keyed by a hash, never
 * by their id, and a withdrawn member's view (and apply-link click) rows go with them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { withdrawMember } from '#server/services/members';
import { memberViewerKey, viewerKey } from '#server/services/promotion-views';
import { createPromotion, viewPromotionDetails } from '#server/services/promotions';
import { insertMember, openTestDb } from '../support/db';

process.env['JWT_SECRET'] ??= 'views-privacy-test-secret-0123456789abcdef-0123456789';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('view rows', () => {
  it('name members by a keyed hash, and go when the member withdraws', async () => {
    const a = await insertMember(db, { roles: ['PHOTOGRAPHER', 'USER'] });
    const author: Principal = { id: a.id, type: 'PHOTOGRAPHER', roles: ['PHOTOGRAPHER', 'USER'], nickname: a.nickname };
    const day = todayKst();
    const event = await createPromotion(db, author, {
      promotionType: 'FREE',
      title: '조회 기록 이벤트',
      content: '내용',
      externalLink: 'https://example.com',
      startedAt: day,
      endedAt: day,
      photographyTypes: ['SNAP'],
      images: [{ name: 'a.webp', url: '/media/a.webp' }],
      activeRegions: [{ category: '서울', name: '강남구' }],
      hashtags: ['조회'],
      isAuthorHidden: false,
    });
    const reader = await insertMember(db);
    const stays = await insertMember(db);
    await viewPromotionDetails(db, event.id, null, viewerKey(reader, '203.0.113.5'));
    await viewPromotionDetails(db, event.id, null, viewerKey(stays, '203.0.113.6'));
    const rows = await db.query<{ viewer: string }>('select viewer from promotion_views where promotion_id = $1', [
      event.id,
    ]);
    expect(rows.map((r) => r.viewer).sort()).toEqual([memberViewerKey(reader.id), memberViewerKey(stays.id)].sort());
    expect(rows.some((r) => r.viewer.includes(String(reader.id)) && r.viewer === `m:${reader.id}`)).toBe(false);
    // Apply-link clicks are kept the same way (issue 43).
    await db.query('insert into promotion_clicks (promotion_id, viewer, day) values ($1, $2, $4), ($1, $3, $4)', [
      event.id,
      memberViewerKey(reader.id),
      memberViewerKey(stays.id),
      day,
    ]);
    await withdrawMember(db, reader.id);
    const clicks = await db.query<{ viewer: string }>('select viewer from promotion_clicks where promotion_id = $1', [
      event.id,
    ]);
    expect(clicks.map((r) => r.viewer)).toEqual([memberViewerKey(stays.id)]);
    const after = await db.query<{ viewer: string }>('select viewer from promotion_views where promotion_id = $1', [
      event.id,
    ]);
    expect(after.map((r) => r.viewer)).toEqual([memberViewerKey(stays.id)]);
  });
});
