/**
 * Statistics over HTTP (issue 43): the apply link counts a click once per viewer a day and still takes
 * the reader to the event's external page (302), refuses events without a link with the 404 envelope;
 * the event page's apply button is that link; a photographer reads their numbers (others may not), and
 * the operator's numbers answer only an admin (401 anonymous, 403 others).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createEvent, newMember, newPhotographer, newUser, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, grantAdmin } from '../security/lib';

const dataDir = mkdtempSync(join(tmpdir(), 'damabwa-stats-'));
const serverEnv = { DATA_DIR: dataDir, PGLITE_DIR: join(dataDir, 'db'), RATE_LIMIT_WRITE: '1000' };

let server: RunningServer;
let base = '';
let author: Session;
let reader: Session;
let other: Session;
let admin: Session;
/** The "external" sign-up form an event links to. */
let external: Server;
let externalUrl = '';

interface Stats {
  totals: Record<string, number>;
  events: { id: number; totals: Record<string, number> }[];
  perDay: { day: string }[];
  chart: string;
}

beforeAll(async () => {
  external = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<p>외부 신청서 ${req.url ?? ''}</p>`);
  });
  await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
  externalUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}/form?x=1`;
  server = await startServer(serverEnv);
  base = server.url;
  [author, reader, other, admin] = await Promise.all([
    newPhotographer(base, { withPage: true }),
    newUser(base),
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
  await new Promise((resolve) => external?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const click = (id: number, token?: string) =>
  fetch(`${base}/api/v1/promotions/${id}/apply`, {
    redirect: 'manual',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const myStats = async (token: string) => {
  const res = await call(base, 'GET', '/api/v1/users/me/stats?days=30', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Stats;
};

describe('the apply link', () => {
  it('counts a click once per viewer a day and answers 302 to the external link', async () => {
    const event = await createEvent(base, author.token, { applyMode: 'LINK', externalLink: externalUrl });
    const before = await myStats(author.token);
    expect(before.totals['clicks']).toBe(0);

    for (const token of [reader.token, reader.token, other.token, undefined, undefined]) {
      const res = await click(event.id, token);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(externalUrl);
      expect(res.headers.get('cache-control')).toContain('no-store');
    }
    // HEAD answers the same without counting.
    expect(
      (await fetch(`${base}/api/v1/promotions/${event.id}/apply`, { method: 'HEAD', redirect: 'manual' })).status,
    ).toBe(302);
    // Two members and one address: three viewers.
    const after = await myStats(author.token);
    expect(after.totals['clicks']).toBe(3);
    expect(after.events.find((e) => e.id === event.id)?.totals['clicks']).toBe(3);

    // A browser following the link reaches the external page.
    const followed = await fetch(`${base}/api/v1/promotions/${event.id}/apply`);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(externalUrl);
    expect(await followed.text()).toContain('외부 신청서 /form?x=1');
  });

  it("is the event page's apply button, which needs no script", async () => {
    const event = await createEvent(base, author.token, { applyMode: 'LINK', externalLink: externalUrl });
    const html = await (await fetch(`${base}/event/${event.id}`)).text();
    expect(html).toContain(`href="/api/v1/promotions/${event.id}/apply"`);
    expect(html).not.toContain(`href="${externalUrl.replace('&', '&amp;')}"`);
  });

  it('answers 404 with the envelope for an event without a link, a deleted one and a missing one', async () => {
    const inApp = await createEvent(base, author.token, { applyMode: 'IN_APP', externalLink: '', capacity: 3 });
    const deleted = await createEvent(base, author.token, { applyMode: 'LINK', externalLink: externalUrl });
    expect((await call(base, 'DELETE', `/api/v1/promotions/${deleted.id}`, { token: author.token })).status).toBe(204);
    for (const [id, message] of [
      [inApp.id, '신청 링크가 없는 이벤트예요.'],
      [deleted.id, '이벤트를 찾을 수 없어요.'],
      [2_000_000_000, '이벤트를 찾을 수 없어요.'],
    ] as const) {
      const res = await click(id, reader.token);
      expect(res.status, String(id)).toBe(404);
      expect(await res.json()).toEqual({ code: 'PROMOTION_NOT_FOUND', message });
    }
    expect((await click(0)).status).toBe(404);
  });
});

describe('who reads which statistics', () => {
  it('a photographer reads their own; a user or someone signed out may not', async () => {
    const stats = await myStats(author.token);
    expect(stats.perDay).toHaveLength(30);
    expect(stats.chart).toMatch(/^<svg /);
    expect((await call(base, 'GET', '/api/v1/users/me/stats', { token: reader.token })).status).toBe(403);
    expect((await call(base, 'GET', '/api/v1/users/me/stats')).status).toBe(401);
    const bad = await call(base, 'GET', '/api/v1/users/me/stats?days=400', { token: author.token });
    expect(bad.status).toBe(422);
  });

  it("the operator's: 200 for an admin, 403 for others, 401 signed out", async () => {
    const ok = await call(base, 'GET', '/api/v1/admin/stats?days=30', { token: admin.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const body = ok.body as { totals: Record<string, number>; perDay: unknown[] };
    expect(Object.keys(body.totals).sort()).toEqual(['applications', 'events', 'members', 'reviews']);
    // Everyone this file signed up, and the events it posted, today.
    expect(body.totals['members']).toBeGreaterThanOrEqual(4);
    expect(body.totals['events']).toBeGreaterThanOrEqual(4);
    expect(body.perDay).toHaveLength(30);
    for (const token of [reader.token, author.token, (await newMember(base)).token]) {
      const res = await call(base, 'GET', '/api/v1/admin/stats', { token });
      expect(res.status).toBe(403);
      expect((res.body as { code: string }).code).toMatch(/^(ACCESS_DENIED|REGISTRATION_REQUIRED)$/);
    }
    const anonymous = await call(base, 'GET', '/api/v1/admin/stats');
    expect(anonymous.status).toBe(401);
    expect((anonymous.body as { code: string }).code).toBe('INVALID_AUTH_CREDENTIALS');
  });
});
