/**
 * Two server instances on one PostgreSQL database (DATABASE_URL): a write answered by one invalidates
 * the other's cached copies through LISTEN/NOTIFY, well before the copies' own max age.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createEvent, eventBody, freshNickname, newPhotographer, newUser, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';

const DATABASE_URL = process.env['DATABASE_URL'] ?? '';

describe.skipIf(!DATABASE_URL)('page cache across two instances on one PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let author: Session;
  let event: number;

  beforeAll(async () => {
    const env = { JWT_SECRET: `cache-instances-shared-secret-0123456789abcdef-${Date.now()}` };
    [a, b] = (await Promise.all([startServer(env), startServer(env)])) as [RunningServer, RunningServer];
    author = await newPhotographer(a.url, { withPage: true });
    event = (await createEvent(a.url, author.token, { title: `인스턴스 ${freshNickname('e')}` })).id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  const state = async (base: string, path: string) => {
    const res = await fetch(`${base}${path}`);
    return { cached: res.headers.get('x-page-cache'), text: await res.text() };
  };

  it("sees the other instance's event edit within a second, in the event page and the lists", async () => {
    for (const base of [a.url, b.url]) {
      await state(base, `/event/${event}`);
      await state(base, '/events');
      expect((await state(base, `/event/${event}`)).cached).toBe('hit');
      expect((await state(base, '/events')).cached).toBe('hit');
    }
    const title = `다른 인스턴스에서 고침 ${freshNickname('t')}`;
    const edit = await call(a.url, 'PUT', `/api/v1/promotions/${event}`, {
      token: author.token,
      body: { ...(await eventBody(a.url, author.token)), title },
    });
    expect(edit.status).toBe(200);
    const started = Date.now();
    // Page max age is 60 s: only the notification can make the new title show within a second.
    await expect
      .poll(async () => (await state(b.url, `/event/${event}`)).text.includes(title), { timeout: 3_000, interval: 20 })
      .toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect
      .poll(async () => (await state(b.url, '/events')).text.includes(title), { timeout: 3_000, interval: 20 })
      .toBe(true);
  });

  it('invalidates nothing on the other instance for a save', async () => {
    const fan = await newPhotographer(b.url);
    await state(a.url, `/event/${event}`);
    await state(a.url, `/event/${event}`);
    expect((await call(b.url, 'POST', `/api/v1/promotions/${event}/save`, { token: fan.token })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 300));
    expect((await state(a.url, `/event/${event}`)).cached).toBe('hit');
  });

  it('a logout, a withdrawal and an admin role change on one instance hold on the other at the next request', async () => {
    // Nothing about a member is kept between requests: each one reads the member and the session.
    const me = (base: string, token: string) => call(base, 'GET', '/api/v1/users/me', { token });
    const leaver = await newUser(a.url);
    const quitter = await newUser(a.url);
    const promoted = await newUser(a.url);
    for (const s of [leaver, quitter, promoted]) expect((await me(b.url, s.token)).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/v1/admin/moderation', { token: promoted.token })).status).toBe(403);

    const out = await call(a.url, 'POST', '/api/v1/auth/logout', {
      token: leaver.token,
      body: { refreshToken: leaver.refreshToken.value },
    });
    expect(out.status).toBe(204);
    expect((await me(b.url, leaver.token)).status).toBe(401);

    expect((await call(a.url, 'DELETE', '/api/v1/users/me', { token: quitter.token })).status).toBe(200);
    expect((await me(b.url, quitter.token)).status).toBe(401);

    const grant = spawnSync('node_modules/.bin/tsx', ['scripts/admin.ts', 'grant-admin', String(promoted.user.id)], {
      env: { ...process.env, DATABASE_URL, APP_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(grant.status, grant.stderr).toBe(0);
    expect((await call(b.url, 'GET', '/api/v1/admin/moderation', { token: promoted.token })).status).toBe(200);
    const revoke = spawnSync('node_modules/.bin/tsx', ['scripts/admin.ts', 'revoke-admin', String(promoted.user.id)], {
      env: { ...process.env, DATABASE_URL, APP_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(revoke.status, revoke.stderr).toBe(0);
    expect((await call(a.url, 'GET', '/api/v1/admin/moderation', { token: promoted.token })).status).toBe(403);
    expect((await call(b.url, 'GET', '/api/v1/admin/moderation', { token: promoted.token })).status).toBe(403);
  });

  it('a takedown on one instance takes on the other at once: no stale copy of a hidden or deleted event', async () => {
    const moderator = await newUser(a.url);
    const grant = spawnSync('node_modules/.bin/tsx', ['scripts/admin.ts', 'grant-admin', String(moderator.user.id)], {
      env: { ...process.env, DATABASE_URL, APP_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(grant.status, grant.stderr).toBe(0);
    const title = `내려갈 이벤트 ${freshNickname('t')}`;
    const hidden = (await createEvent(a.url, author.token, { title })).id;
    const deleted = (await createEvent(a.url, author.token, { title })).id;
    for (const id of [hidden, deleted]) {
      await state(b.url, `/event/${id}`);
      expect((await state(b.url, `/event/${id}`)).cached).toBe('hit');
    }
    const hide = await call(a.url, 'POST', `/api/v1/admin/promotions/${hidden}/hide`, {
      token: moderator.token,
      body: { reason: '광고성 게시물' },
    });
    expect(hide.status).toBe(204);
    const del = await call(a.url, 'DELETE', `/api/v1/promotions/${deleted}`, { token: author.token });
    expect(del.status).toBe(204);
    // The page itself (a gone page answers the redirect home, whose cards are not this page).
    const shows = async (id: number) => {
      const res = await fetch(`${b.url}/event/${id}`, { redirect: 'manual' });
      return res.status === 200 && (await res.text()).includes(title);
    };
    for (const id of [hidden, deleted]) {
      // Within a second (the notification), and then never the old copy again.
      await expect.poll(() => shows(id), { timeout: 1_000, interval: 20 }).toBe(false);
      for (let i = 0; i < 5; i++) expect(await shows(id)).toBe(false);
    }
  });

  it('a NOTIFY from any login, malformed or forged, crashes no instance and changes nothing they serve', async () => {
    // A role with no table rights may still NOTIFY on any channel of the database.
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    let url = DATABASE_URL;
    try {
      await admin.query(`do $$ begin create role bus_forger login; exception when duplicate_object then null; end $$`);
      const forger = new URL(DATABASE_URL);
      forger.username = 'bus_forger';
      forger.password = '';
      url = forger.toString();
    } catch {
      // A server that lets this login create no role: forge as this login.
    } finally {
      await admin.end();
    }
    for (const base of [a.url, b.url]) {
      await state(base, `/event/${event}`);
      expect((await state(base, `/event/${event}`)).cached).toBe('hit');
    }
    const forger = new pg.Client({ connectionString: url });
    await forger.connect();
    const unsigned = JSON.stringify({ from: 'forger', all: true, purge: true });
    const payloads = [
      'null',
      '{"toggles":[null]}',
      '[]',
      '"text"',
      '{',
      unsigned,
      JSON.stringify({ body: unsigned, sig: 'AAAA' }),
      JSON.stringify({ body: null, sig: null }),
      JSON.stringify({ body: unsigned }),
    ];
    try {
      for (const payload of payloads) await forger.query('select pg_notify($1, $2)', ['damabwa_cache', payload]);
      await forger.query(`notify damabwa_cache`);
    } finally {
      await forger.end();
    }
    await new Promise((r) => setTimeout(r, 300));
    for (const base of [a.url, b.url]) {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // Still the kept copy: no forged message invalidated or purged it.
      expect((await state(base, `/event/${event}`)).cached).toBe('hit');
    }
  });
});
