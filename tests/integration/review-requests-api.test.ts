/**
 * Issue 44 item 7: the owner of hidden content is told and may act. `GET /users/me/hidden` lists it; the
 * author edits or deletes a hidden event; 다시 검토 요청 reaches the admin's overview, once until
 * answered; the admin shows it again or keeps it hidden (logged). Nobody else learns it exists.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HiddenItems, HiddenPromotionView, ModerationOverview } from '#lib/contract-moderation';
import { call, createEvent, eventBody, newPhotographer, newUser, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, grantAdmin } from '../security/lib';

const dataDir = mkdtempSync(join(tmpdir(), 'damabwa-review-requests-'));
const serverEnv = { DATA_DIR: dataDir, PGLITE_DIR: join(dataDir, 'db'), RATE_LIMIT_WRITE: '1000', PAGE_CACHE_SWR: '0' };

let server: RunningServer;
let base = '';
let author: Session;
let stranger: Session;
let admin: Session;

beforeAll(async () => {
  server = await startServer(serverEnv);
  base = server.url;
  [author, stranger, admin] = await Promise.all([
    newPhotographer(base, { withPage: true }),
    newPhotographer(base),
    newUser(base),
  ]);
  server = await grantAdmin(server, [admin.user.id], () => startServer(serverEnv));
  base = server.url;
}, 120_000);

afterAll(async () => {
  if (server) {
    closeAgent(server.url);
    await server.stop();
  }
});

const hide = async (id: number, reason = '광고성 내용') =>
  expect(
    (await call(base, 'POST', `/api/v1/admin/promotions/${id}/hide`, { token: admin.token, body: { reason } })).status,
  ).toBe(204);
const myHidden = async (s: Session) =>
  ((await call(base, 'GET', '/api/v1/users/me/hidden', { token: s.token })).body as HiddenItems).items;
const overview = async () =>
  (await call(base, 'GET', '/api/v1/admin/moderation', { token: admin.token })).body as ModerationOverview;
const requestReview = (id: number, s: Session) =>
  call(base, 'POST', `/api/v1/promotions/${id}/review-request`, { token: s.token });

describe('hidden content and its owner', () => {
  it('lists the owner’s hidden events with the reason, to the owner only', async () => {
    const event = await createEvent(base, author.token, { title: '숨겨질 이벤트' });
    expect(await myHidden(author)).toEqual([]);
    await hide(event.id, '연락처 도용');
    const items = await myHidden(author);
    expect(items).toEqual([
      expect.objectContaining({
        type: 'PROMOTION',
        id: event.id,
        name: '숨겨질 이벤트',
        hiddenReason: '연락처 도용',
        reviewRequestedAt: null,
      }),
    ]);
    expect(await myHidden(stranger)).toEqual([]);
    expect((await call(base, 'GET', '/api/v1/users/me/hidden')).status).toBe(401);
  });

  it('the author edits a hidden event, which stays hidden; anyone else gets 404, not 403', async () => {
    const event = await createEvent(base, author.token);
    await hide(event.id);
    const body = { ...(await eventBody(base, author.token)), title: '고친 제목' };
    const edited = await call(base, 'PUT', `/api/v1/promotions/${event.id}`, { token: author.token, body });
    expect(edited.status).toBe(200);
    const view = await call(base, 'GET', `/api/v1/promotions/${event.id}/moderation`, { token: author.token });
    expect((view.body as HiddenPromotionView).promotion.title).toBe('고친 제목');
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).status).toBe(404);
    const other = await call(base, 'PUT', `/api/v1/promotions/${event.id}`, { token: stranger.token, body });
    expect(other.status).toBe(404);
    expect((await call(base, 'DELETE', `/api/v1/promotions/${event.id}`, { token: stranger.token })).status).toBe(404);
    expect((await requestReview(event.id, stranger)).status).toBe(404);
  });

  it('the author deletes a hidden event: it is gone for everyone, the owner list included', async () => {
    const event = await createEvent(base, author.token);
    await hide(event.id);
    expect((await call(base, 'DELETE', `/api/v1/promotions/${event.id}`, { token: author.token })).status).toBe(204);
    expect((await myHidden(author)).map((i) => i.id)).not.toContain(event.id);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}/moderation`, { token: author.token })).status).toBe(
      404,
    );
    expect(
      (
        await call(base, 'PUT', `/api/v1/promotions/${event.id}`, {
          token: author.token,
          body: await eventBody(base, author.token),
        })
      ).status,
    ).toBe(404);
  });

  it('다시 검토 요청 reaches the admin once; keeping it hidden answers it and is logged', async () => {
    const event = await createEvent(base, author.token, { title: '검토 요청할 이벤트' });
    const live = await createEvent(base, author.token);
    expect((await requestReview(live.id, author)).status).toBe(404);
    await hide(event.id);
    expect((await requestReview(event.id, author)).status).toBe(204);
    const again = await requestReview(event.id, author);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'REVIEW_ALREADY_REQUESTED' });
    expect((await myHidden(author)).find((i) => i.id === event.id)?.reviewRequestedAt).toEqual(expect.any(String));
    expect((await overview()).reviewRequests).toContainEqual(
      expect.objectContaining({ type: 'PROMOTION', id: event.id, name: '검토 요청할 이벤트' }),
    );
    const keep = `/api/v1/admin/promotions/${event.id}/keep-hidden`;
    expect((await call(base, 'POST', keep, { token: author.token })).status).toBe(403);
    expect((await call(base, 'POST', keep, { token: admin.token })).status).toBe(204);
    expect((await call(base, 'POST', keep, { token: admin.token })).status).toBe(404);
    const after = await overview();
    expect(after.reviewRequests.map((r) => r.id)).not.toContain(event.id);
    expect(after.log[0]).toMatchObject({ action: 'KEEP_HIDDEN', targetType: 'PROMOTION', targetId: event.id });
    // Still hidden, and the owner may ask again after the answer.
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).status).toBe(404);
    expect((await requestReview(event.id, author)).status).toBe(204);
    // Shown again: the request is answered too.
    expect(
      (await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/unhide`, { token: admin.token })).status,
    ).toBe(204);
    expect((await overview()).reviewRequests.map((r) => r.id)).not.toContain(event.id);
    expect((await myHidden(author)).map((i) => i.id)).not.toContain(event.id);
  });

  it('the owner of a hidden photographer page asks for another look', async () => {
    const owner = await newPhotographer(base, { withPage: true });
    const path = '/api/v1/photographers/me/review-request';
    expect((await call(base, 'POST', path, { token: owner.token })).status).toBe(404);
    const hidden = await call(base, 'POST', `/api/v1/admin/photographers/${owner.user.id}/hide`, {
      token: admin.token,
      body: { reason: '도용된 포트폴리오' },
    });
    expect(hidden.status).toBe(204);
    expect(await myHidden(owner)).toEqual([
      expect.objectContaining({ type: 'PHOTOGRAPHER', id: owner.user.id, hiddenReason: '도용된 포트폴리오' }),
    ]);
    expect((await call(base, 'POST', path, { token: owner.token })).status).toBe(204);
    expect((await call(base, 'POST', path, { token: owner.token })).status).toBe(409);
    expect((await overview()).reviewRequests).toContainEqual(
      expect.objectContaining({ type: 'PHOTOGRAPHER', id: owner.user.id }),
    );
    const keep = `/api/v1/admin/photographers/${owner.user.id}/keep-hidden`;
    expect((await call(base, 'POST', keep, { token: admin.token })).status).toBe(204);
    expect((await myHidden(owner))[0]?.reviewRequestedAt).toBeNull();
  });
});
