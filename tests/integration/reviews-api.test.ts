/**
 * Reviews through the HTTP API (issue 43): a completed shoot reviewed with a public photo, the statuses
 * of every refusal, the photographer's answer, the lists, the additive rating fields of the photographer
 * answers, and the cached photographer page and list forgetting what a review changed.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createEvent, newPhotographer, newUser, upload, type Session } from '../support/api';

const base = inject('baseUrl');

interface Review {
  id: number;
  rating: number;
  text: string;
  photos: { name: string; url: string }[];
  reply: { text: string } | null;
  author: { id: number } | null;
  hidden?: unknown;
}

let author: Session;
let applicant: Session;
let applicationId: number;

/** An application of `who` to an event of `author`, moved up to `until`. */
async function shoot(who: Session, until: 'CONFIRMED' | 'COMPLETED'): Promise<number> {
  const event = await createEvent(base, author.token, { applyMode: 'IN_APP', externalLink: '', capacity: 5 });
  const applied = await call(base, 'POST', `/api/v1/promotions/${event.id}/applications`, {
    token: who.token,
    body: { introduction: '가족 사진을 찍고 싶어요.', consent: true },
  });
  const id = (applied.body as { id: number }).id;
  const move = (token: string, body: Record<string, unknown>) =>
    call(base, 'POST', `/api/v1/applications/${id}/transitions`, { token, body });
  await move(author.token, { to: 'SELECTED', shootAt: new Date().toISOString(), place: '서울숲' });
  await move(who.token, { to: 'CONFIRMED' });
  if (until === 'COMPLETED') expect((await move(author.token, { to: 'COMPLETED' })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  [author, applicant] = await Promise.all([newPhotographer(base, { withPage: true }), newUser(base)]);
  applicationId = await shoot(applicant, 'COMPLETED');
}, 60_000);

const TEXT = '작가님이 편하게 해 주셔서 자연스러운 사진이 나왔어요.';

describe('reviews over HTTP', () => {
  it('the applicant reviews a completed shoot with a public photo; the pages and lists show it at once', async () => {
    // Cached copies of the list and the page, kept before the review.
    await fetch(`${base}/api/v1/photographers/list?pageSize=100`);
    expect(await fetch(`${base}/photographer/${author.user.id}`).then((r) => r.text())).toContain('아직 후기가 없어요');
    // An event page of the photographer, kept before the review: no rating yet.
    const linkEvent = await createEvent(base, author.token);
    expect(await fetch(`${base}/event/${linkEvent.id}`).then((r) => r.text())).not.toContain('별점');

    const photos = await upload(base, applicant.token, 'REVIEW_IMAGE', 1);
    expect((await fetch(photos[0]!.url)).status).toBe(200);
    const res = await call(base, 'POST', `/api/v1/applications/${applicationId}/review`, {
      token: applicant.token,
      body: { rating: 5, text: TEXT, photos },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const review = res.body as Review;
    expect(res.headers.get('location')).toBe(`/api/v1/reviews/${review.id}`);
    expect(review).toMatchObject({ rating: 5, text: TEXT, author: { id: applicant.user.id }, hidden: null });
    expect(review.photos).toHaveLength(1);
    expect((await fetch(review.photos[0]!.url)).status).toBe(200);

    const again = await call(base, 'POST', `/api/v1/applications/${applicationId}/review`, {
      token: applicant.token,
      body: { rating: 5, text: TEXT },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_REVIEWED' } });

    const detail = await call(base, 'GET', `/api/v1/photographers/${author.user.id}/details`);
    expect(detail.body).toMatchObject({ rating: { average: 5, count: 1 }, completedShoots: 1 });
    const plain = await call(base, 'GET', `/api/v1/photographers/${author.user.id}`);
    expect(plain.body).toMatchObject({ rating: { average: 5, count: 1 }, completedShoots: 1 });
    // The kept list was invalidated: at most one stale answer while its new render runs.
    let list = await call(base, 'GET', '/api/v1/photographers/list?pageSize=100');
    for (let i = 0; i < 20 && list.headers.get('x-page-cache') === 'stale'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      list = await call(base, 'GET', '/api/v1/photographers/list?pageSize=100');
    }
    const item = (list.body as { items: { id: number }[] }).items.find((i) => i.id === author.user.id);
    expect(item).toMatchObject({ rating: { average: 5, count: 1 }, completedShoots: 1 });

    // The photographer page (kept before the review: invalidated) shows the rating, the shoots, the review.
    let page = await fetch(`${base}/photographer/${author.user.id}`);
    for (let i = 0; i < 20 && page.headers.get('x-page-cache') === 'stale'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      page = await fetch(`${base}/photographer/${author.user.id}`);
    }
    const html = await page.text();
    expect(html).toContain(TEXT);
    expect(html).toContain('담아봐에서 완료한 촬영 1회');
    expect(html).toContain('별점 5.0점, 후기 1개');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld ?? '{}')).toMatchObject({
      '@type': 'ProfessionalService',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '5.0', reviewCount: 1 },
    });
    // The event page shows its photographer's rating too, linked to their reviews (invalidated by the review).
    let eventPage = await fetch(`${base}/event/${linkEvent.id}`);
    for (let i = 0; i < 20 && eventPage.headers.get('x-page-cache') === 'stale'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      eventPage = await fetch(`${base}/event/${linkEvent.id}`);
    }
    const eventHtml = await eventPage.text();
    expect(eventHtml).toContain('별점 5.0점, 후기 1개');
    expect(eventHtml).toContain(`href="/photographer/${author.user.id}/reviews"`);
    const all = await fetch(`${base}/photographer/${author.user.id}/reviews`);
    expect(all.status).toBe(200);
    expect(await all.text()).toContain(TEXT);
    expect((await fetch(`${base}/photographer/2000000000/reviews`, { redirect: 'manual' })).status).not.toBe(200);

    const reviews = await call(base, 'GET', `/api/v1/photographers/${author.user.id}/reviews?page=0&pageSize=10`);
    expect(reviews.body).toMatchObject({ items: [{ id: review.id }], totalPage: 1, isLastPage: true });
    const mine = await call(base, 'GET', '/api/v1/users/me/reviews', { token: applicant.token });
    expect(mine.body).toMatchObject({ items: [{ id: review.id, applicationId, hidden: null }] });
    const app = await call(base, 'GET', `/api/v1/applications/${applicationId}`, { token: applicant.token });
    expect(app.body).toMatchObject({ reviewId: review.id, completedAt: expect.any(String) });
  });

  it('refusals answer their statuses', async () => {
    const stranger = await newUser(base);
    const post = (id: number, token: string | undefined, body: unknown) =>
      call(base, 'POST', `/api/v1/applications/${id}/review`, { ...(token ? { token } : {}), body });
    const ok = { rating: 4, text: TEXT };
    expect((await post(applicationId, undefined, ok)).status).toBe(401);
    expect(await post(applicationId, stranger.token, ok)).toMatchObject({
      status: 404,
      body: { code: 'APPLICATION_NOT_FOUND' },
    });
    expect(await post(applicationId, author.token, ok)).toMatchObject({ status: 403, body: { code: 'ACCESS_DENIED' } });
    const confirmed = await shoot(stranger, 'CONFIRMED');
    expect(await post(confirmed, stranger.token, ok)).toMatchObject({
      status: 409,
      body: { code: 'REVIEW_NOT_ALLOWED' },
    });
    const completed = await shoot(stranger, 'COMPLETED');
    expect(await post(completed, stranger.token, { rating: 9, text: '짧아요' })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION_ERROR' },
    });
    expect((await post(completed, stranger.token, '{')).status).toBe(400);
    expect((await call(base, 'GET', '/api/v1/reviews/2000000000')).status).toBe(404);
    expect((await call(base, 'GET', '/api/v1/photographers/2000000000/reviews')).status).toBe(404);
    expect((await call(base, 'GET', `/api/v1/photographers/${author.user.id}/reviews?pageSize=0`)).status).toBe(422);
  });

  it('the photographer answers once; the author edits and deletes; nobody else may', async () => {
    const other = await newUser(base);
    const id = await shoot(other, 'COMPLETED');
    const created = await call(base, 'POST', `/api/v1/applications/${id}/review`, {
      token: other.token,
      body: { rating: 3, text: '조금 아쉬웠지만 친절하셨어요.' },
    });
    const review = created.body as Review;
    const reply = (token: string) =>
      call(base, 'POST', `/api/v1/reviews/${review.id}/reply`, { token, body: { text: '소중한 후기 감사합니다.' } });
    expect((await reply(other.token)).status).toBe(403);
    const answered = await reply(author.token);
    expect(answered).toMatchObject({ status: 200, body: { reply: { text: '소중한 후기 감사합니다.' } } });
    expect(await reply(author.token)).toMatchObject({ status: 409, body: { code: 'ALREADY_REPLIED' } });

    const patch = (token: string) =>
      call(base, 'PATCH', `/api/v1/reviews/${review.id}`, {
        token,
        body: { rating: 4, text: '다시 보니 사진이 정말 마음에 들어요.' },
      });
    expect((await patch(author.token)).status).toBe(403);
    expect(await patch(other.token)).toMatchObject({ status: 200, body: { rating: 4 } });
    expect((await call(base, 'DELETE', `/api/v1/reviews/${review.id}`, { token: author.token })).status).toBe(403);
    expect((await call(base, 'DELETE', `/api/v1/reviews/${review.id}`, { token: other.token })).status).toBe(204);
    expect((await call(base, 'GET', `/api/v1/reviews/${review.id}`)).status).toBe(404);
    const detail = await call(base, 'GET', `/api/v1/photographers/${author.user.id}/details`);
    expect(detail.body).toMatchObject({ rating: { count: 1 } });
  });
});
