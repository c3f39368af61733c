/**
 * Reviews at the service level, on PGlite and on PostgreSQL (issue 43): who may review what and when,
 * edits, deletion, the photographer's answer, reports and hiding, the photographer's kept rating exact
 * under concurrent reviews, completed shoots, and a withdrawn author's review.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { processImage } from '#server/media/pipeline';
import { applyTo, getApplication, listMine, moveApplication } from '#server/services/applications';
import { cleanUpFiles } from '#server/services/file-cleanup';
import { saveImages } from '#server/services/files';
import { withdrawMember } from '#server/services/members';
import { setReviewHidden } from '#server/services/moderation';
import { openReports } from '#server/services/moderation-read';
import { getPhotographer, listPhotographers } from '#server/services/photographers';
import { createPromotion } from '#server/services/promotions';
import { createReport } from '#server/services/reports';
import {
  deleteReview,
  editReview,
  getReview,
  listMyReviews,
  listPhotographerReviews,
  replyToReview,
  writeReview,
} from '#server/services/reviews';
import { createLocalStorage } from '#server/storage/index';
import { insertPhotographer, insertPrincipal, openTestDb, promotionInput } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
const DAY = 86_400_000;
const page = { page: 0, pageSize: 20 };
const TEXT = '친절하게 찍어 주셔서 정말 좋았어요!';

const member = (roles?: ('USER' | 'PHOTOGRAPHER' | 'ADMIN')[]) => insertPrincipal(db, roles);

const photographer = () => insertPhotographer(db);

const event = (capacity: number) => promotionInput({ capacity });

/** `n` applicants of one event of `author`, each application moved up to `until`. */
async function shoots(
  author: Principal,
  n: number,
  until: 'APPLIED' | 'CONFIRMED' | 'COMPLETED' = 'COMPLETED',
): Promise<{ applicant: Principal; applicationId: number }[]> {
  const e = await createPromotion(db, author, event(Math.max(n, 1)));
  const out = [];
  for (let i = 0; i < n; i++) {
    const applicant = await member();
    const a = await applyTo(db, applicant, e.id, { introduction: '안녕하세요', consent: true });
    if (until !== 'APPLIED') {
      await moveApplication(db, author, a.id, { to: 'SELECTED', shootAt: new Date().toISOString(), place: '서울숲' });
      await moveApplication(db, applicant, a.id, { to: 'CONFIRMED' });
      if (until === 'COMPLETED') await moveApplication(db, author, a.id, { to: 'COMPLETED' });
    }
    out.push({ applicant, applicationId: a.id });
  }
  return out;
}

const body = (patch: Record<string, unknown> = {}) => ({ rating: 5, text: TEXT, photos: [], ...patch });
const ratingRow = async (id: number) =>
  (
    await db.query<{ review_count: number; rating_sum: number; completed_shoots: number }>(
      'select review_count, rating_sum, completed_shoots from photographer_pages where member_id = $1',
      [id],
    )
  )[0];

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.close();
});

describe('who may review what, and when', () => {
  it('only the applicant of a completed shoot, once, within 30 days of completion', async () => {
    const author = await photographer();
    const [done] = await shoots(author, 1);
    const [confirmed] = await shoots(author, 1, 'CONFIRMED');
    const [applied] = await shoots(author, 1, 'APPLIED');
    const { applicant, applicationId } = done!;

    // Not before completion.
    for (const s of [confirmed!, applied!])
      expect(await refusal(writeReview(db, s.applicant, s.applicationId, body()))).toMatchObject({
        code: 'REVIEW_NOT_ALLOWED',
      });
    // Not another's application: a stranger does not see it, its author and an admin may not review it.
    expect(await refusal(writeReview(db, await member(), applicationId, body()))).toMatchObject({
      code: 'APPLICATION_NOT_FOUND',
    });
    expect(await refusal(writeReview(db, applied!.applicant, applicationId, body()))).toMatchObject({
      code: 'APPLICATION_NOT_FOUND',
    });
    expect(await refusal(writeReview(db, author, applicationId, body()))).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(await refusal(writeReview(db, await member(['ADMIN', 'USER']), applicationId, body()))).toMatchObject({
      code: 'ACCESS_DENIED',
    });
    // Not after 30 days.
    expect(await refusal(writeReview(db, applicant, applicationId, body(), Date.now() + 31 * DAY))).toMatchObject({
      code: 'REVIEW_NOT_ALLOWED',
    });
    // The rules of the body: 1–5 stars, 10–500 characters, up to 3 photos.
    for (const bad of [
      body({ rating: 0 }),
      body({ rating: 6 }),
      body({ rating: 4.5 }),
      body({ text: '아홉글자만있음' }),
      body({ text: '열 글자가 안 돼' }),
      body({ text: '가'.repeat(501) }),
      body({ photos: [1, 2, 3, 4].map((i) => ({ name: `${i}`, url: `/media/${i}.webp` })) }),
    ])
      expect(await refusal(writeReview(db, applicant, applicationId, bad))).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await refusal(writeReview(db, applicant, applicationId, { rating: '5', text: TEXT }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });

    // On day 29 it is fine, once.
    const review = await writeReview(db, applicant, applicationId, body({ rating: 4 }), Date.now() + 29 * DAY);
    expect(review).toMatchObject({
      rating: 4,
      text: TEXT,
      photographerId: author.id,
      author: { id: applicant.id, nickname: applicant.nickname },
      promotion: { title: '가족 스냅 무료 촬영' },
      reply: null,
      applicationId,
      hidden: null,
    });
    expect(await refusal(writeReview(db, applicant, applicationId, body()))).toMatchObject({
      code: 'ALREADY_REVIEWED',
    });
    // The application tells its applicant it is reviewed, and when it was completed.
    const mine = (await listMine(db, applicant, page)).items[0];
    expect(mine).toMatchObject({ id: applicationId, reviewId: review.id, completedAt: expect.any(String) });
    // The public reads it without what is its author's.
    const seen = await getReview(db, null, review.id);
    expect(seen.applicationId).toBeUndefined();
    expect(seen.hidden).toBeUndefined();
  });

  it('the author edits for 7 days and deletes at any time; a deleted review is not written again', async () => {
    const author = await photographer();
    const [{ applicant, applicationId }] = (await shoots(author, 1)) as [
      { applicant: Principal; applicationId: number },
    ];
    const review = await writeReview(db, applicant, applicationId, body({ rating: 2 }));
    expect(await ratingRow(author.id)).toMatchObject({ review_count: 1, rating_sum: 2, completed_shoots: 1 });

    expect(await refusal(editReview(db, await member(), review.id, body()))).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(await refusal(editReview(db, author, review.id, body()))).toMatchObject({ code: 'ACCESS_DENIED' });
    const edited = await editReview(
      db,
      applicant,
      review.id,
      body({ rating: 5, text: '다시 생각해 보니 최고였어요.' }),
    );
    expect(edited).toMatchObject({ rating: 5, text: '다시 생각해 보니 최고였어요.' });
    expect(await ratingRow(author.id)).toMatchObject({ review_count: 1, rating_sum: 5 });
    expect(await refusal(editReview(db, applicant, review.id, body(), Date.now() + 8 * DAY))).toMatchObject({
      code: 'REVIEW_NOT_ALLOWED',
    });

    expect(await refusal(deleteReview(db, author, review.id))).toMatchObject({ code: 'ACCESS_DENIED' });
    await deleteReview(db, applicant, review.id);
    expect(await ratingRow(author.id)).toMatchObject({ review_count: 0, rating_sum: 0, completed_shoots: 1 });
    expect(await refusal(getReview(db, null, review.id))).toMatchObject({ code: 'REVIEW_NOT_FOUND' });
    expect(await refusal(deleteReview(db, applicant, review.id))).toMatchObject({ code: 'REVIEW_NOT_FOUND' });
    expect(await refusal(writeReview(db, applicant, applicationId, body()))).toMatchObject({
      code: 'ALREADY_REVIEWED',
    });
    expect((await listPhotographerReviews(db, author.id, page)).items).toEqual([]);
  });
});

describe('the photographer’s answer, the list and the rating', () => {
  it('the reviewed photographer answers once; the list is newest first, paged; the page shows the rating', async () => {
    const author = await photographer();
    const done = await shoots(author, 3);
    const written = [];
    for (const [i, s] of done.entries())
      written.push(await writeReview(db, s.applicant, s.applicationId, body({ rating: [5, 4, 4][i] })));
    const first = written[0]!;

    expect(await refusal(replyToReview(db, await photographer(), first.id, { text: '감사합니다' }))).toMatchObject({
      code: 'ACCESS_DENIED',
    });
    expect(await refusal(replyToReview(db, done[0]!.applicant, first.id, { text: '감사합니다' }))).toMatchObject({
      code: 'ACCESS_DENIED',
    });
    expect(await refusal(replyToReview(db, author, first.id, { text: '  ' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const answered = await replyToReview(db, author, first.id, { text: '찾아 주셔서 감사합니다!' });
    expect(answered.reply).toMatchObject({ text: '찾아 주셔서 감사합니다!', createdAt: expect.any(String) });
    expect(await refusal(replyToReview(db, author, first.id, { text: '한 번 더' }))).toMatchObject({
      code: 'ALREADY_REPLIED',
    });

    const list = await listPhotographerReviews(db, author.id, { page: 0, pageSize: 2 });
    expect(list.items.map((r) => r.id)).toEqual([written[2]!.id, written[1]!.id]);
    expect(list).toMatchObject({ totalPage: 2, hasNextPage: true });
    const last = await listPhotographerReviews(db, author.id, { page: 1, pageSize: 2 });
    expect(last.items.map((r) => r.id)).toEqual([first.id]);
    expect(last.items[0]!.reply?.text).toBe('찾아 주셔서 감사합니다!');

    const p = await getPhotographer(db, author.id, null);
    expect(p.rating).toEqual({ average: 4.3, count: 3 });
    expect(p.completedShoots).toBe(3);
    const listed = await listPhotographers(
      db,
      { regions: [], categories: [], photographyTypes: [], keyword: undefined, sort: 'LATEST' },
      { page: 0, pageSize: 100 },
      null,
    );
    expect(listed.items.find((i) => i.id === author.id)).toMatchObject({
      rating: { average: 4.3, count: 3 },
      completedShoots: 3,
    });
    expect(await refusal(listPhotographerReviews(db, 2_000_000_000, page))).toMatchObject({
      code: 'PHOTOGRAPHER_NOT_FOUND',
    });
  });

  it('average and count stay exact under concurrent reviews', async () => {
    const author = await photographer();
    const done = await shoots(author, 12);
    const stars = done.map((_, i) => (i % 5) + 1);
    const results = await Promise.allSettled(
      done.map((s, i) => writeReview(db, s.applicant, s.applicationId, body({ rating: stars[i] }))),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // And the same application reviewed twice at once: one review.
    const again = await Promise.allSettled(
      done.slice(0, 3).map((s) => writeReview(db, s.applicant, s.applicationId, body())),
    );
    expect(again.every((r) => r.status === 'rejected')).toBe(true);
    const sum = stars.reduce((a, b) => a + b, 0);
    expect(await ratingRow(author.id)).toMatchObject({ review_count: 12, rating_sum: sum, completed_shoots: 12 });
    const counted = await db.query<{ n: number; s: number }>(
      'select count(*)::int as n, sum(rating)::int as s from reviews where photographer_id = $1',
      [author.id],
    );
    expect(counted[0]).toEqual({ n: 12, s: sum });
    expect((await getPhotographer(db, author.id, null)).rating).toEqual({
      average: Math.round((sum / 12) * 10) / 10,
      count: 12,
    });
  });
});

describe('reports, hiding, withdrawal and photos', () => {
  it('anyone signed in reports a review; an admin hides it, its author reads why; unhiding restores it', async () => {
    const author = await photographer();
    const [{ applicant, applicationId }] = (await shoots(author, 1)) as [
      { applicant: Principal; applicationId: number },
    ];
    const review = await writeReview(db, applicant, applicationId, body({ rating: 1 }));
    expect(
      await refusal(
        createReport(db, applicant, { targetType: 'REVIEW', targetId: review.id, reason: 'SPAM', detail: '' }),
      ),
    ).toMatchObject({ code: 'ACCESS_DENIED' });
    const report = await createReport(db, author, {
      targetType: 'REVIEW',
      targetId: review.id,
      reason: 'OTHER',
      detail: '촬영하지 않은 내용이에요',
    });
    expect(report).toMatchObject({ targetType: 'REVIEW', targetId: review.id });
    const open = await openReports(db, { targetType: 'REVIEW', targetId: review.id });
    expect(open[0]?.target).toMatchObject({ type: 'REVIEW', hidden: false, deleted: false, photographerId: author.id });

    const admin = await member(['ADMIN', 'USER']);
    await setReviewHidden(db, admin, review.id, { reason: '사실과 다른 내용' });
    expect(await openReports(db, { targetType: 'REVIEW', targetId: review.id })).toEqual([]);
    expect(await ratingRow(author.id)).toMatchObject({ review_count: 0, rating_sum: 0 });
    expect((await listPhotographerReviews(db, author.id, page)).items).toEqual([]);
    expect(await refusal(getReview(db, null, review.id))).toMatchObject({ code: 'REVIEW_NOT_FOUND' });
    expect(await refusal(getReview(db, author, review.id))).toMatchObject({ code: 'REVIEW_NOT_FOUND' });
    expect((await getReview(db, applicant, review.id)).hidden).toMatchObject({ reason: '사실과 다른 내용' });
    expect((await listMyReviews(db, applicant, page)).items[0]?.hidden).toMatchObject({ reason: '사실과 다른 내용' });
    expect(await refusal(replyToReview(db, author, review.id, { text: '답글' }))).toMatchObject({
      code: 'REVIEW_NOT_FOUND',
    });
    expect(await refusal(setReviewHidden(db, admin, review.id, { reason: '또' }))).toMatchObject({
      code: 'REVIEW_NOT_FOUND',
    });
    // Edited while hidden, the rating is untouched; shown again, it counts as it now is.
    await editReview(db, applicant, review.id, body({ rating: 3 }));
    expect(await ratingRow(author.id)).toMatchObject({ review_count: 0, rating_sum: 0 });
    await setReviewHidden(db, admin, review.id, null);
    expect(await ratingRow(author.id)).toMatchObject({ review_count: 1, rating_sum: 3 });
    expect((await getReview(db, null, review.id)).rating).toBe(3);
  });

  it('a review keeps its public photos; a withdrawn author’s review stays, signed by nobody, without them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'damabwa-review-photos-'));
    const storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost/media' });
    try {
      const author = await photographer();
      const [{ applicant, applicationId }] = (await shoots(author, 1)) as [
        { applicant: Principal; applicationId: number },
      ];
      const [photo] = await saveImages(db, storage, applicant.id, 'REVIEW_IMAGE', [
        {
          name: 'shoot.jpg',
          image: await processImage(
            await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c96' } })
              .jpeg()
              .toBuffer(),
          ),
        },
      ]);
      // Someone else's upload is refused.
      const [foreign] = await saveImages(db, storage, author.id, 'REVIEW_IMAGE', [
        {
          name: 'x.jpg',
          image: await processImage(
            await sharp({ create: { width: 20, height: 20, channels: 3, background: '#36c' } })
              .jpeg()
              .toBuffer(),
          ),
        },
      ]);
      expect(await refusal(writeReview(db, applicant, applicationId, body({ photos: [foreign] })))).toMatchObject({
        code: 'VALIDATION_ERROR',
      });
      const review = await writeReview(db, applicant, applicationId, body({ photos: [photo] }));
      // Public: under /media, named by the same storage key as the upload's answer.
      const key = /[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/.exec(photo!.url)?.[0];
      expect(review.photos).toEqual([{ name: 'shoot.jpg', url: expect.stringMatching(new RegExp(`/media/${key}$`)) }]);
      // The cleanup job keeps a photo a review uses.
      await cleanUpFiles({ db, storage, graceMs: 0, unusedGraceMs: 0, now: new Date(Date.now() + 60_000) });
      const kept = await db.query('select 1 from files where owner_id = $1 and kind = $2', [
        applicant.id,
        'REVIEW_IMAGE',
      ]);
      expect(kept.length).toBe(1);

      await withdrawMember(db, applicant.id, storage);
      const after = await getReview(db, null, review.id);
      expect(after).toMatchObject({ author: null, rating: 5, text: TEXT, photos: [] });
      expect(await ratingRow(author.id)).toMatchObject({ review_count: 1, rating_sum: 5 });
      // The application, anonymised, still knows it was reviewed.
      expect((await getApplication(db, author, applicationId)).reviewId).toBe(review.id);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
