/**
 * Notifications through the HTTP API (issue 42): an application tells its author, a selection its
 * applicant; the list, the unread count, marking read (some, all; never another's) and the settings.
 */
import { NOTIFICATION_KINDS } from '#lib/notifications';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createEvent, day, newPhotographer, newUser, type Session } from '../support/api';

const base = inject('baseUrl');

interface Listed {
  items: {
    id: number;
    kind: string;
    title: string;
    body: string;
    link: string;
    createdAt: string;
    readAt: string | null;
  }[];
  unreadCount: number;
  page: number;
  totalPage: number;
}

let author: Session;
let applicant: Session;
let eventId: number;
let applicationId: number;

const list = async (s: Session, query = '') =>
  (await call(base, 'GET', `/api/v1/users/me/notifications${query}`, { token: s.token })).body as Listed;

beforeAll(async () => {
  [author, applicant] = await Promise.all([newPhotographer(base), newUser(base)]);
  eventId = (
    await createEvent(base, author.token, {
      applyMode: 'IN_APP',
      externalLink: '',
      capacity: 3,
      title: '알림 시험 이벤트',
    })
  ).id;
  const applied = await call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, {
    token: applicant.token,
    body: { introduction: '신청합니다', preferredDates: [day(1)], consent: true },
  });
  expect(applied.status).toBe(201);
  applicationId = (applied.body as { id: number }).id;
}, 60_000);

describe('notifications API', () => {
  it('lists the author’s new application with its link, newest first, with the unread count', async () => {
    const got = await call(base, 'GET', '/api/v1/users/me/notifications?page=0&pageSize=10', { token: author.token });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(got.body).toMatchObject({
      unreadCount: 1,
      page: 0,
      pageSize: 10,
      totalPage: 1,
      items: [
        {
          kind: 'NEW_APPLICATIONS',
          title: '새 신청 1건',
          body: '‘알림 시험 이벤트’에 새 신청이 들어왔어요. 신청자를 확인해 보세요.',
          link: `/my/inbox/${eventId}`,
          readAt: null,
          createdAt: expect.any(String),
          id: expect.any(Number),
        },
      ],
    });
    expect((await list(applicant)).items).toEqual([]);
  });

  it('a selection reaches the applicant; marking read is one’s own only', async () => {
    const moved = await call(base, 'POST', `/api/v1/applications/${applicationId}/transitions`, {
      token: author.token,
      body: { to: 'SELECTED', shootAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), place: '망원 한강공원' },
    });
    expect(moved.status).toBe(200);
    const mine = await list(applicant);
    expect(mine.unreadCount).toBe(1);
    const selected = mine.items[0]!;
    expect(selected).toMatchObject({
      kind: 'APPLICATION_SELECTED',
      link: `/my/applications#application-${applicationId}`,
      body: expect.stringContaining('장소: 망원 한강공원'),
    });
    // The author marking the applicant's id changes nothing.
    const foreign = await call(base, 'POST', '/api/v1/users/me/notifications/read', {
      token: author.token,
      body: { ids: [selected.id] },
    });
    expect(foreign.body).toEqual({ marked: 0, unreadCount: 1 });
    expect((await list(applicant)).unreadCount).toBe(1);
    const own = await call(base, 'POST', '/api/v1/users/me/notifications/read', {
      token: applicant.token,
      body: { ids: [selected.id] },
    });
    expect(own.body).toEqual({ marked: 1, unreadCount: 0 });
    const all = await call(base, 'POST', '/api/v1/users/me/notifications/read', {
      token: author.token,
      body: { all: true },
    });
    expect(all.body).toEqual({ marked: 1, unreadCount: 0 });
    expect((await list(author)).items.every((n) => n.readAt !== null)).toBe(true);
    const bad = await call(base, 'POST', '/api/v1/users/me/notifications/read', { token: author.token, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('형태로') });
    expect((await call(base, 'GET', '/api/v1/users/me/notifications?pageSize=0', { token: author.token })).status).toBe(
      422,
    );
  });

  it('settings: every kind, the promotional one off until opted in (recording the consent)', async () => {
    const path = '/api/v1/users/me/notification-settings';
    const before = (await call(base, 'GET', path, { token: applicant.token })).body as {
      settings: { kind: string; inApp: boolean; push: boolean }[];
      promotionalConsentAt: string | null;
    };
    expect(before.settings.map((s) => s.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(before.settings.find((s) => s.kind === 'PROMOTIONAL')).toEqual({
      kind: 'PROMOTIONAL',
      inApp: false,
      push: false,
    });
    expect(before.promotionalConsentAt).toBeNull();
    const on = await call(base, 'PUT', path, {
      token: applicant.token,
      body: { settings: [{ kind: 'PROMOTIONAL', inApp: true, push: true }] },
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ promotionalConsentAt: expect.any(String) });
    const consents = (await call(base, 'GET', '/api/v1/users/me/consents', { token: applicant.token })).body as {
      optional: { kind: string; agreed: boolean }[];
    };
    expect(consents.optional.find((c) => c.kind === 'MARKETING')?.agreed).toBe(true);
    const bad = await call(base, 'PUT', path, { token: applicant.token, body: { settings: [{ kind: 'X' }] } });
    expect(bad.status).toBe(400);
  });
});
