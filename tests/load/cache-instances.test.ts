/**
 * Two server instances on one PostgreSQL database (DATABASE_URL): a write answered by one invalidates
 * the other's cached copies through LISTEN/NOTIFY, well before the copies' own max age.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createEvent, eventBody, freshNickname, newPhotographer, type Session } from '../support/api';
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

  it("keeps members' kept state exact across instances: saves, unsaves and logout", async () => {
    const fan = await newPhotographer(b.url);
    const path = `/api/v1/promotions/list?searchKeyword=${encodeURIComponent('인스턴스')}`;
    const list = async (base: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${fan.token}` } });
      const body = (await res.json()) as { items: { id: number; isSaved: boolean; saveCount: number }[] };
      return { kept: res.headers.get('x-member-list') === 'kept', item: body.items.find((i) => i.id === event) };
    };
    // Instance a keeps the fan's principal and saved ids.
    await expect.poll(async () => (await list(a.url)).kept, { timeout: 5_000, interval: 50 }).toBe(true);
    expect((await list(a.url)).item?.isSaved).toBe(false);
    // A save answered by b shows on a's kept answer (isSaved and the count it left) within a second.
    const before = (await list(a.url)).item?.saveCount ?? 0;
    expect((await call(b.url, 'DELETE', `/api/v1/promotions/${event}/unsave`, { token: fan.token })).status).toBe(404);
    expect((await call(b.url, 'POST', `/api/v1/promotions/${event}/save`, { token: fan.token })).status).toBe(204);
    await expect
      .poll(async () => (await list(a.url)).item, { timeout: 1_000, interval: 20 })
      .toMatchObject({ isSaved: true, saveCount: before + 1 });
    expect((await list(a.url)).kept).toBe(true);
    // A logout answered by b ends the token on a too.
    const out = await call(b.url, 'POST', '/api/v1/auth/logout', { body: { refreshToken: fan.refreshToken.value } });
    expect(out.status).toBe(204);
    await expect
      .poll(async () => (await call(a.url, 'GET', '/api/v1/users/me', { token: fan.token })).status, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(401);
  });
});
