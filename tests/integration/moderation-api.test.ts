/**
 * Reports and moderation (issue 22): reporting, the admin's overview, hiding, unhiding and deleting an
 * event, hiding a photographer page, dismissing a report, and the hidden event's and page's owner views.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationOverview, OpenReportsPage } from '#lib/contract-moderation';
import { call, createEvent, newMember, newPhotographer, newUser, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, grantAdmin } from '../security/lib';

const dataDir = mkdtempSync(join(tmpdir(), 'damabwa-moderation-'));
const serverEnv = {
  DATA_DIR: dataDir,
  PGLITE_DIR: join(dataDir, 'db'),
  RATE_LIMIT_WRITE: '1000',
  // No stale copies: a list answered after a write shows it only if the write invalidated the list's tags.
  PAGE_CACHE_SWR: '0',
};

let server: RunningServer;
let base = '';
let author: Session;
let reporter: Session;
let admin: Session;

beforeAll(async () => {
  server = await startServer(serverEnv);
  base = server.url;
  [author, reporter, admin] = await Promise.all([
    newPhotographer(base, { withPage: true }),
    newUser(base),
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

const overview = async () =>
  (await call(base, 'GET', '/api/v1/admin/moderation', { token: admin.token })).body as ModerationOverview;
const listIds = async (query = '') =>
  (
    (await call(base, 'GET', `/api/v1/promotions/list?pageSize=100${query}`)).body as { items: { id: number }[] }
  ).items.map((e) => e.id);

describe('POST /reports', () => {
  it('201 once per member and target; 409 REPORT_ALREADY_OPEN for a second open report', async () => {
    const event = await createEvent(base, author.token);
    const body = { targetType: 'PROMOTION', targetId: event.id, reason: 'SPAM' };
    const first = await call(base, 'POST', '/api/v1/reports', { token: reporter.token, body });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ targetType: 'PROMOTION', targetId: event.id, reason: 'SPAM', detail: '' });
    const again = await call(base, 'POST', '/api/v1/reports', {
      token: reporter.token,
      body: { ...body, reason: 'FRAUD' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'REPORT_ALREADY_OPEN' });
    // Another member may report the same target.
    const other = await newUser(base);
    expect((await call(base, 'POST', '/api/v1/reports', { token: other.token, body })).status).toBe(201);
    // A photographer page.
    const page = await call(base, 'POST', '/api/v1/reports', {
      token: reporter.token,
      body: {
        targetType: 'PHOTOGRAPHER',
        targetId: author.user.id,
        reason: 'OTHER',
        detail: '  다른 사람 사진 같아요 ',
      },
    });
    expect(page.status).toBe(201);
    expect(page.body).toMatchObject({ detail: '다른 사람 사진 같아요' });
  });

  it('422 for 기타 without text, 400 for a bad reason, 404 for a missing target, 401/403 for callers', async () => {
    const event = await createEvent(base, author.token);
    const send = (body: unknown, token = reporter.token) => call(base, 'POST', '/api/v1/reports', { token, body });
    const other = await send({ targetType: 'PROMOTION', targetId: event.id, reason: 'OTHER', detail: '   ' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'detail' }] });
    expect((await send({ targetType: 'PROMOTION', targetId: event.id, reason: 'NOPE' })).status).toBe(400);
    expect((await send({ targetType: 'EVENT', targetId: event.id, reason: 'SPAM' })).status).toBe(400);
    const long = await send({ targetType: 'PROMOTION', targetId: event.id, reason: 'SPAM', detail: '가'.repeat(501) });
    expect(long.status).toBe(422);
    const missing = await send({ targetType: 'PROMOTION', targetId: 99_999_999, reason: 'SPAM' });
    expect(missing.body).toMatchObject({ code: 'PROMOTION_NOT_FOUND' });
    const notPhotographer = await send({ targetType: 'PHOTOGRAPHER', targetId: reporter.user.id, reason: 'SPAM' });
    expect(notPhotographer.body).toMatchObject({ code: 'PHOTOGRAPHER_NOT_FOUND' });
    expect(
      (
        await call(base, 'POST', '/api/v1/reports', {
          body: { targetType: 'PROMOTION', targetId: event.id, reason: 'SPAM' },
        })
      ).status,
    ).toBe(401);
    const unregistered = await newMember(base);
    const refused = await send({ targetType: 'PROMOTION', targetId: event.id, reason: 'SPAM' }, unregistered.token);
    expect(refused.body).toMatchObject({ code: 'REGISTRATION_REQUIRED' });
  });
});

describe('hiding an event', () => {
  it('takes it out of lists and search, 404s it to the public, shows it to its author and admins, and unhides', async () => {
    const event = await createEvent(base, author.token, { title: '숨김 확인용 벚꽃 스냅' });
    expect(await listIds()).toContain(event.id);
    await call(base, 'POST', '/api/v1/reports', {
      token: reporter.token,
      body: { targetType: 'PROMOTION', targetId: event.id, reason: 'INAPPROPRIATE_PHOTO' },
    });
    const before = await overview();
    expect(before.reports[0]).toMatchObject({
      targetType: 'PROMOTION',
      targetId: event.id,
      reporter: { id: reporter.user.id },
      target: { name: '숨김 확인용 벚꽃 스냅', hidden: false, deleted: false },
    });
    expect(before.events[0]).toMatchObject({ id: event.id, hiddenAt: null });

    const hide = await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/hide`, {
      token: admin.token,
      body: { reason: '다른 작가의 사진을 사용했어요.' },
    });
    expect(hide.status).toBe(204);
    expect(await listIds()).not.toContain(event.id);
    expect(await listIds(`&keyword=${encodeURIComponent('벚꽃 스냅')}`)).not.toContain(event.id);
    const authorsList = (await call(base, 'GET', `/api/v1/photographers/${author.user.id}/promotions?pageSize=100`))
      .body as { items: { id: number }[] };
    expect(authorsList.items.map((e) => e.id)).not.toContain(event.id);
    for (const path of [`/api/v1/promotions/${event.id}`, `/api/v1/promotions/${event.id}/details`]) {
      expect((await call(base, 'GET', path)).status).toBe(404);
    }
    expect((await fetch(`${base}/event/${event.id}`, { redirect: 'manual' })).status).not.toBe(200);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(`/event/${event.id}<`);

    const view = `/api/v1/promotions/${event.id}/moderation`;
    const seen = await call(base, 'GET', view, { token: author.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ hiddenReason: '다른 작가의 사진을 사용했어요.', promotion: { id: event.id } });
    expect((await call(base, 'GET', view, { token: admin.token })).status).toBe(200);
    expect((await call(base, 'GET', view, { token: reporter.token })).status).toBe(404);
    expect((await call(base, 'GET', view)).status).toBe(404);

    const after = await overview();
    expect(after.reports.some((r) => r.targetId === event.id && r.targetType === 'PROMOTION')).toBe(false);
    expect(after.log[0]).toMatchObject({
      action: 'HIDE',
      admin: { id: admin.user.id },
      targetId: event.id,
      reason: '다른 작가의 사진을 사용했어요.',
      reportsResolved: 1,
    });
    expect(after.events.find((e) => e.id === event.id)?.hiddenAt).not.toBeNull();
    // Hiding twice: the event is no longer public.
    const twice = await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/hide`, {
      token: admin.token,
      body: { reason: '다시' },
    });
    expect(twice.status).toBe(404);
    // Reported again while hidden: not found.
    const report = await call(base, 'POST', '/api/v1/reports', {
      token: reporter.token,
      body: { targetType: 'PROMOTION', targetId: event.id, reason: 'SPAM' },
    });
    expect(report.status).toBe(404);

    expect(
      (await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/unhide`, { token: admin.token })).status,
    ).toBe(204);
    expect(await listIds()).toContain(event.id);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).status).toBe(200);
    expect((await call(base, 'GET', view, { token: author.token })).status).toBe(404);
    expect((await overview()).log[0]).toMatchObject({ action: 'UNHIDE', targetId: event.id });
    expect(
      (await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/unhide`, { token: admin.token })).status,
    ).toBe(404);
  });

  it('422 without a reason; the event stays public', async () => {
    const event = await createEvent(base, author.token);
    const res = await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/hide`, { token: admin.token, body: {} });
    expect(res.status).toBe(422);
    expect(await listIds()).toContain(event.id);
  });

  it('an admin deletes a hidden event for good; unhide then finds nothing', async () => {
    const event = await createEvent(base, author.token);
    await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/hide`, {
      token: admin.token,
      body: { reason: '스팸' },
    });
    expect((await call(base, 'DELETE', `/api/v1/admin/promotions/${event.id}`, { token: admin.token })).status).toBe(
      204,
    );
    expect(
      (await call(base, 'POST', `/api/v1/admin/promotions/${event.id}/unhide`, { token: admin.token })).status,
    ).toBe(404);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}/moderation`, { token: author.token })).status).toBe(
      404,
    );
    expect((await call(base, 'DELETE', `/api/v1/admin/promotions/${event.id}`, { token: admin.token })).status).toBe(
      404,
    );
    const o = await overview();
    expect(o.events.some((e) => e.id === event.id)).toBe(false);
    expect(o.log[0]).toMatchObject({ action: 'DELETE', targetId: event.id });
  });
});

describe('photographer pages and dismissals', () => {
  it('hides a photographer page from lists and its page, and shows it again', async () => {
    const p = await newPhotographer(base, { withPage: true });
    const ids = async () =>
      (
        (await call(base, 'GET', '/api/v1/photographers/list?pageSize=100')).body as { items: { id: number }[] }
      ).items.map((x) => x.id);
    expect(await ids()).toContain(p.user.id);
    const hide = await call(base, 'POST', `/api/v1/admin/photographers/${p.user.id}/hide`, {
      token: admin.token,
      body: { reason: '사칭 계정' },
    });
    expect(hide.status).toBe(204);
    expect(await ids()).not.toContain(p.user.id);
    expect((await call(base, 'GET', `/api/v1/photographers/${p.user.id}/details`)).status).toBe(404);
    expect((await call(base, 'GET', `/api/v1/photographers/${p.user.id}/promotions`)).status).toBe(404);
    // The profile and the moderation view answer its owner and admins; anyone else: not found.
    const profile = (token?: string) => call(base, 'GET', `/api/v1/photographers/${p.user.id}`, token ? { token } : {});
    const view = (token?: string) =>
      call(base, 'GET', `/api/v1/photographers/${p.user.id}/moderation`, token ? { token } : {});
    for (const token of [undefined, reporter.token, author.token]) {
      for (const res of [await profile(token), await view(token)]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'PHOTOGRAPHER_NOT_FOUND' });
      }
    }
    expect((await profile(p.token)).body).toMatchObject({ id: p.user.id });
    expect((await profile(admin.token)).status).toBe(200);
    for (const token of [p.token, admin.token]) {
      const res = await view(token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ photographer: { id: p.user.id }, hiddenReason: '사칭 계정' });
      expect(Date.parse((res.body as { hiddenAt: string }).hiddenAt)).toBeGreaterThan(0);
    }
    expect(
      (await call(base, 'POST', `/api/v1/admin/photographers/${p.user.id}/unhide`, { token: admin.token })).status,
    ).toBe(204);
    expect(await ids()).toContain(p.user.id);
    // Public again: the profile answers everyone, and there is no hidden view to show.
    expect((await profile()).status).toBe(200);
    expect((await view(p.token)).status).toBe(404);
  });

  it('dismisses a report (logged, no longer open); 404 for a closed or missing one', async () => {
    const event = await createEvent(base, author.token);
    const made = await call(base, 'POST', '/api/v1/reports', {
      token: reporter.token,
      body: { targetType: 'PROMOTION', targetId: event.id, reason: 'FRAUD' },
    });
    const id = (made.body as { id: number }).id;
    expect((await call(base, 'POST', `/api/v1/admin/reports/${id}/dismiss`, { token: admin.token })).status).toBe(204);
    const o = await overview();
    expect(o.reports.some((r) => r.id === id)).toBe(false);
    expect(o.log[0]).toMatchObject({ action: 'DISMISS', targetId: event.id, admin: { id: admin.user.id } });
    expect((await call(base, 'POST', `/api/v1/admin/reports/${id}/dismiss`, { token: admin.token })).status).toBe(404);
    // Closed: the member may report it again.
    const again = await call(base, 'POST', '/api/v1/reports', {
      token: reporter.token,
      body: { targetType: 'PROMOTION', targetId: event.id, reason: 'FRAUD' },
    });
    expect(again.status).toBe(201);
  });

  it('pages open reports with how many the filter keeps; dismisses one reporter’s in one go', async () => {
    const flooder = await newUser(base);
    const events = await Promise.all([1, 2, 3].map(() => createEvent(base, author.token)));
    for (const e of events) {
      const made = await call(base, 'POST', '/api/v1/reports', {
        token: flooder.token,
        body: { targetType: 'PROMOTION', targetId: e.id, reason: 'SPAM' },
      });
      expect(made.status).toBe(201);
    }
    const page = async (query: string) =>
      (await call(base, 'GET', `/api/v1/admin/reports?reporterId=${flooder.user.id}${query}`, { token: admin.token }))
        .body as OpenReportsPage;
    const first = await page('&pageSize=2');
    expect(first.total).toBe(3);
    expect(first.items.map((r) => r.targetId)).toEqual([events[2]?.id, events[1]?.id]);
    expect((await page('&pageSize=2&page=1')).items.map((r) => r.targetId)).toEqual([events[0]?.id]);
    expect((await page('&reason=FRAUD')).total).toBe(0);
    const dismissed = await call(base, 'POST', '/api/v1/admin/reports/dismiss-by-reporter', {
      token: admin.token,
      body: { reporterId: flooder.user.id },
    });
    expect(dismissed.body).toEqual({ dismissed: 3 });
    expect(await page('')).toEqual({ items: [], total: 0 });
    // The log names each dismissed report's event by its title.
    expect((await overview()).log.slice(0, 3).map((l) => [l.action, l.targetLabel])).toEqual(
      events.map(() => ['DISMISS', '한강 야경 스냅 이벤트']),
    );
  });

  it('the admin endpoints are admin-only', async () => {
    const res = await call(base, 'GET', '/api/v1/admin/moderation', { token: reporter.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCESS_DENIED' });
    expect((await call(base, 'GET', '/api/v1/admin/moderation')).status).toBe(401);
  });
});
