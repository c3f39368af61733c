/**
 * Issue 40: reports cover an application. Either of its two parties may report it; to anyone else it
 * does not exist. The admin finds it in /admin's queue and, while a report on it is open, reads it and
 * loads its private photos.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResponse } from '#lib/contract';
import type { OpenReportsPage } from '#lib/contract-moderation';
import { call, createEvent, day, newPhotographer, newUser, uniquePicture, upload, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, grantAdmin } from '../security/lib';

const dataDir = mkdtempSync(join(tmpdir(), 'damabwa-application-reports-'));
const serverEnv = { DATA_DIR: dataDir, PGLITE_DIR: join(dataDir, 'db'), RATE_LIMIT_WRITE: '1000' };

let server: RunningServer;
let base = '';
let author: Session;
let applicant: Session;
let stranger: Session;
let admin: Session;

beforeAll(async () => {
  server = await startServer(serverEnv);
  base = server.url;
  [author, applicant, stranger, admin] = await Promise.all([
    newPhotographer(base, { withPage: true }),
    newUser(base),
    newPhotographer(base, { withPage: true }),
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

async function application(): Promise<ApplicationResponse> {
  const event = await createEvent(base, author.token, {
    applyMode: 'IN_APP',
    externalLink: '',
    capacity: 3,
    title: '신고될 신청의 이벤트',
  });
  const photos = await upload(base, applicant.token, 'APPLICATION_IMAGE', 1, uniquePicture);
  const res = await call(base, 'POST', `/api/v1/promotions/${event.id}/applications`, {
    token: applicant.token,
    body: { introduction: '부적절한 소개', preferredDates: [day(1)], photos, contact: '', consent: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ApplicationResponse;
}

const report = (s: Session, id: number, reason = 'INAPPROPRIATE_PHOTO') =>
  call(base, 'POST', '/api/v1/reports', { token: s.token, body: { targetType: 'APPLICATION', targetId: id, reason } });
const photoStatus = async (url: string, s: Session) =>
  (await fetch(url, { headers: { authorization: `Bearer ${s.token}` } })).status;

describe('reports on an application', () => {
  it('only its applicant and its author may report it; a stranger learns nothing', async () => {
    const a = await application();
    expect((await report(stranger, a.id)).status).toBe(404);
    expect((await report(stranger, a.id)).body).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
    expect((await report(author, a.id)).status).toBe(201);
    expect((await report(author, a.id)).status).toBe(409);
    expect((await report(applicant, a.id, 'FRAUD')).status).toBe(201);
  });

  it('the admin reads a reported application, its photos included, and an unreported one not at all', async () => {
    const quiet = await application();
    const reported = await application();
    for (const a of [quiet, reported]) expect(await photoStatus(a.photos[0]!.url, admin)).toBe(404);
    expect((await call(base, 'GET', `/api/v1/applications/${quiet.id}`, { token: admin.token })).status).toBe(404);
    expect((await report(author, reported.id)).status).toBe(201);
    const read = await call(base, 'GET', `/api/v1/applications/${reported.id}`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: reported.id, introduction: '부적절한 소개' });
    expect(await photoStatus(reported.photos[0]!.url, admin)).toBe(200);
    expect(await photoStatus(quiet.photos[0]!.url, admin)).toBe(404);
    // Still not the admin's to move.
    const move = await call(base, 'POST', `/api/v1/applications/${reported.id}/transitions`, {
      token: admin.token,
      body: { to: 'DECLINED' },
    });
    expect(move.status).toBe(403);
  });

  it('shows in /admin’s queue, filtered by type, named by its event, and can be dismissed', async () => {
    const a = await application();
    expect((await report(applicant, a.id, 'SPAM')).status).toBe(201);
    const page = (
      await call(base, 'GET', '/api/v1/admin/reports?targetType=APPLICATION&pageSize=100', { token: admin.token })
    ).body as OpenReportsPage;
    const item = page.items.find((r) => r.targetId === a.id);
    expect(item).toMatchObject({
      targetType: 'APPLICATION',
      reason: 'SPAM',
      target: { type: 'APPLICATION', id: a.id, name: '신고될 신청의 이벤트', hidden: false, deleted: false },
    });
    expect(page.items.every((r) => r.targetType === 'APPLICATION')).toBe(true);
    expect((await call(base, 'POST', `/api/v1/admin/reports/${item!.id}/dismiss`, { token: admin.token })).status).toBe(
      204,
    );
    // Answered, the application is its two parties' alone again.
    expect((await call(base, 'GET', `/api/v1/applications/${a.id}`, { token: admin.token })).status).toBe(404);
    // Hiding is for public content: an application has no hide endpoint.
    expect(
      (
        await call(base, 'POST', `/api/v1/admin/applications/${a.id}/hide`, {
          token: admin.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});
