/**
 * The page cache against the built server: which write invalidates which page (and which never does),
 * that the writer sees their write at once, that no request can leave a render claimed, that unknown
 * parameters make no new entry, and that members share list answers with their own part laid over.
 */
import http from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  call,
  createEvent,
  eventBody,
  freshNickname,
  newPhotographer,
  newUser,
  upload,
  type Session,
} from '../support/api';
import { bearer, signIn, uniqueAccount } from '../support/auth';

const base = inject('baseUrl');

const cacheState = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  return { state: res.headers.get('x-page-cache'), text: await res.text(), status: res.status };
};
/** Renders the pages (twice: the second answer must come from the cache). */
const warm = async (paths: string[]) => {
  for (const p of paths) await cacheState(p);
  for (const p of paths) expect((await cacheState(p)).state, p).toBe('hit');
};
const hit = async (path: string) => (await cacheState(path)).state === 'hit';
const wroteCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('dmb_wrote='))
    ?.split(';')[0];

/** A raw request the client gives up on, or one a fetch cannot make (`//x/…`, a GET with a body). */
function rawGet(path: string, headers: Record<string, string> = {}, abortAfterMs?: number): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
    req.end();
  });
}

async function timed(path: string): Promise<number> {
  const t = Date.now();
  await cacheState(path);
  return Date.now() - t;
}

describe('page cache: what a write invalidates', () => {
  let a: Session;
  let b: Session;
  let user: Session;
  let ea: number;
  let eb: number;
  let pages: string[];

  beforeAll(async () => {
    [a, b, user] = await Promise.all([
      newPhotographer(base, { withPage: true }),
      newPhotographer(base, { withPage: true }),
      newUser(base),
    ]);
    ea = (await createEvent(base, a.token, { title: `캐시 A ${freshNickname('e')}` })).id;
    eb = (await createEvent(base, b.token, { title: `캐시 B ${freshNickname('e')}` })).id;
    pages = [
      `/event/${ea}`,
      `/event/${eb}`,
      `/photographer/${a.user.id}`,
      `/photographer/${b.user.id}`,
      '/events',
      '/photographers',
      '/',
    ];
  });

  it('clears no public page on saves, sign-in, refresh, logout, uploads or a USER’s own profile', async () => {
    await warm(pages);
    const writes: [string, () => Promise<number>][] = [
      ['save', async () => (await call(base, 'POST', `/api/v1/promotions/${ea}/save`, { token: user.token })).status],
      [
        'unsave',
        async () => (await call(base, 'DELETE', `/api/v1/promotions/${ea}/unsave`, { token: user.token })).status,
      ],
      [
        'save photographer',
        async () => (await call(base, 'POST', `/api/v1/photographers/${a.user.id}/save`, { token: user.token })).status,
      ],
      ['sign-in', async () => ((await signIn(base, uniqueAccount())).accessToken ? 200 : 0)],
      [
        'refresh',
        async () =>
          (await call(base, 'POST', '/api/v1/auth/refresh', { body: { refreshToken: user.refreshToken.value } }))
            .status,
      ],
      ['upload', async () => ((await upload(base, user.token, 'USER_PROFILE_IMAGE')).length === 1 ? 200 : 0)],
      [
        'USER profile',
        async () =>
          (
            await call(base, 'PUT', '/api/v1/users/me/profile', {
              token: user.token,
              body: { nickname: freshNickname('u'), instagramId: null, profileImage: null },
            })
          ).status,
      ],
    ];
    for (const [name, write] of writes) {
      expect(await write(), name).toBeLessThan(300);
      for (const p of pages) expect(await hit(p), `${p} after ${name}`).toBe(true);
    }
    const s = await signIn(base, uniqueAccount());
    const logout = await fetch(`${base}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(s) },
      body: JSON.stringify({ refreshToken: s.refreshToken.value }),
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie()).toEqual([]);
    for (const p of pages) expect(await hit(p), `${p} after logout`).toBe(true);
  });

  it('an event edit invalidates its page, the lists and its author’s page, nothing else', async () => {
    await warm(pages);
    const title = `고친 제목 ${freshNickname('t')}`;
    const res = await call(base, 'PUT', `/api/v1/promotions/${ea}`, {
      token: a.token,
      body: { ...(await eventBody(base, a.token)), title },
    });
    expect(res.status).toBe(200);
    for (const p of [`/event/${ea}`, `/photographer/${a.user.id}`, '/events', '/']) expect(await hit(p), p).toBe(false);
    for (const p of [`/event/${eb}`, `/photographer/${b.user.id}`, '/photographers'])
      expect(await hit(p), p).toBe(true);
    // Everybody gets the new title once the one re-render is done.
    await expect
      .poll(async () => (await cacheState(`/event/${ea}`)).text.includes(title), { timeout: 5_000 })
      .toBe(true);
  });

  it('suggestions: one cached answer per text as looked up, the same for members, renewed by an edit', async () => {
    const word = `추천${freshNickname('s')}`;
    const { id } = await createEvent(base, a.token, { title: `${word} 이벤트` });
    const q = (typed: string) => `/api/v1/search/suggestions?q=${encodeURIComponent(typed)}`;
    const titles = async (path: string) =>
      ((JSON.parse((await cacheState(path)).text) as { items: { text: string }[] }).items ?? []).map((i) => i.text);
    expect(await titles(q(word))).toEqual([`${word} 이벤트`]);
    // A jamo being composed, spaces, unknown parameters and a member's token: the same entry.
    for (const path of [q(`${word}ㅇ`), q(` ${word} `), `${q(word)}&utm_source=x`])
      expect(await hit(path), path).toBe(true);
    expect((await cacheState(q(word), bearer(user.token))).state).toBe('hit');
    const res = await call(base, 'PUT', `/api/v1/promotions/${id}`, {
      token: a.token,
      body: { ...(await eventBody(base, a.token)), title: '다른 제목' },
    });
    expect(res.status).toBe(200);
    expect(await hit(q(word))).toBe(false);
    await expect.poll(() => titles(q(word)), { timeout: 5_000 }).toEqual([]);
  });

  it('a photographer’s profile edit invalidates their page, the photographer lists and their events’ pages', async () => {
    await warm(pages);
    const res = await call(base, 'PUT', '/api/v1/photographers/me/profile', {
      token: b.token,
      body: {
        nickname: `작가 ${freshNickname('p')}`,
        instagramId: null,
        profileImage: (await upload(base, b.token, 'USER_PROFILE_IMAGE'))[0],
        mainPhotographyTypes: ['SNAP'],
        activeRegions: [{ category: '서울', name: '강남구' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const p of [`/photographer/${b.user.id}`, '/photographers', '/', `/event/${eb}`])
      expect(await hit(p), p).toBe(false);
    for (const p of [`/event/${ea}`, `/photographer/${a.user.id}`, '/events']) expect(await hit(p), p).toBe(true);
  });

  it('the writer sees an edited title and a new event on the next page they open', async () => {
    await warm([`/event/${ea}`, '/events']);
    const title = `바로 보이는 제목 ${freshNickname('t')}`;
    const edit = await fetch(`${base}/api/v1/promotions/${ea}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(a.token) },
      body: JSON.stringify({ ...(await eventBody(base, a.token)), title }),
    });
    expect(edit.status).toBe(200);
    const cookie = wroteCookieOf(edit);
    expect(cookie).toMatch(/^dmb_wrote=\d{13}\.[\w-]{22}$/);
    expect((await cacheState(`/event/${ea}`, { cookie: cookie! })).text).toContain(title);

    const created = `새 이벤트 ${freshNickname('n')}`;
    const create = await fetch(`${base}/api/v1/promotions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(a.token) },
      body: JSON.stringify(await eventBody(base, a.token, { title: created })),
    });
    expect(create.status).toBe(201);
    expect((await cacheState('/events', { cookie: wroteCookieOf(create)! })).text).toContain(created);
  });
});

describe('page cache: robust by construction', () => {
  it('no request leaves a render claimed: //host paths, oversized bodies, aborted clients', async () => {
    // Each case once made every later visitor of the page wait 5 s for a render nobody was doing.
    expect(await rawGet('//x/photographers?sortType=POPULAR')).toBeGreaterThan(0);
    expect(await timed('/photographers?sortType=POPULAR')).toBeLessThan(2_500);
    expect(await rawGet('/events?sortType=POPULAR', { 'content-length': String(50 * 1024 * 1024) })).toBe(413);
    expect(await timed('/events?sortType=POPULAR')).toBeLessThan(2_500);
    await rawGet('/events?type=DISCOUNT&sortType=POPULAR', {}, 1);
    expect(await timed('/events?type=DISCOUNT&sortType=POPULAR')).toBeLessThan(2_500);
  });

  it('unknown parameters name the same entry: a thousand tracking links are one cached page', async () => {
    await warm(['/events?type=FREE']);
    for (let i = 0; i < 30; i++) expect(await hit(`/events?type=FREE&utm_source=x${i}&fbclid=${i}`)).toBe(true);
  });
});

describe('page cache: members share list answers', () => {
  it('a member gets the shared answer with their own isSaved and live count; the shared copy stays', async () => {
    const author = await newPhotographer(base, { withPage: true });
    const word = freshNickname('공유');
    const event = await createEvent(base, author.token, { title: `목록 공유 ${word}` });
    const member = await newUser(base);
    const url = `/api/v1/promotions/list?pageSize=1&searchKeyword=${encodeURIComponent(word)}`;
    const item = (text: string) =>
      (JSON.parse(text) as { items: { id: number; saveCount: number; isSaved: boolean }[] }).items[0];
    await warm([url]);
    expect(item((await cacheState(url)).text)).toMatchObject({ id: event.id, saveCount: 0, isSaved: false });

    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: member.token })).status).toBe(204);
    const mine = await cacheState(url, bearer(member.token));
    expect(mine.state).toBeNull();
    expect(item(mine.text)).toMatchObject({ id: event.id, saveCount: 1, isSaved: true });
    // A save changes no shared answer: the anonymous copy is still served (its count may lag a minute).
    expect(await hit(url)).toBe(true);
    const other = await newUser(base);
    expect(item((await cacheState(url, bearer(other.token))).text)).toMatchObject({ isSaved: false, saveCount: 1 });

    const saves = await call(base, 'GET', `/api/v1/users/me/saves?promotionIds=${event.id}`, { token: member.token });
    expect(saves.body).toMatchObject({ promotionIds: [event.id], promotionCounts: { [String(event.id)]: 1 } });
  });
});

describe('page cache: no request decides what others see (the keys come from what the render reads)', () => {
  const links = (html: string, kind: 'event' | 'photographer') =>
    new Set([...html.matchAll(new RegExp(`href="/${kind}/(\\d+)"`, 'g'))].map((m) => Number(m[1])));
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('a keyword sent to /events or /photographers does not empty them, fresh or after an invalidation', async () => {
    const author = await newPhotographer(base, { withPage: true });
    // A key nobody has asked for yet (a fresh entry), then the plain lists right after an invalidation.
    const event = await createEvent(base, author.token, { title: `목록 독점 ${freshNickname('e')}` });
    await cacheState('/events?type=FREE&searchKeyword=없는zz');
    await settle();
    expect(links((await cacheState('/events?type=FREE')).text, 'event')).toContain(event.id);
    for (const [poison, plain, kind, id] of [
      ['/events?searchKeyword=없는zz', '/events', 'event', event.id],
      ['/photographers?searchKeyword=zzqq', '/photographers', 'photographer', author.user.id],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        // Round 2: after an invalidation, with the copy stale and re-rendered by the hostile request.
        if (round === 1) await createEvent(base, author.token, { title: `다시 ${freshNickname('e')}` });
        await cacheState(poison);
        await settle();
        const seen = links((await cacheState(plain)).text, kind);
        expect(seen.size, `${plain} after ${poison}, round ${round}`).toBeGreaterThan(0);
        expect(seen, `${plain} after ${poison}, round ${round}`).toContain(id);
      }
    }
  });

  it('the photographers API answers ?sortType=POPULAR as popular, whatever ?sort=LATEST&sortType=POPULAR rendered', async () => {
    const older = await newPhotographer(base, { withPage: true });
    const newer = await newPhotographer(base, { withPage: true });
    const fan = await newUser(base);
    expect((await call(base, 'POST', `/api/v1/photographers/${older.user.id}/save`, { token: fan.token })).status).toBe(
      204,
    );
    const ids = (text: string) => (JSON.parse(text) as { items: { id: number }[] }).items.map((i) => i.id);
    const api = '/api/v1/photographers/list';
    for (let round = 0; round < 2; round++) {
      if (round === 1) await newPhotographer(base, { withPage: true });
      await cacheState(`${api}?sort=LATEST&sortType=POPULAR`);
      await settle();
      const popular = ids((await cacheState(`${api}?sortType=POPULAR`)).text);
      const latest = ids((await cacheState(`${api}?sort=LATEST`)).text);
      // What the database says, asked as a member (never from the anonymous copies).
      const truth = ids((await cacheState(`${api}?sortType=POPULAR&pageSize=10`, bearer(fan.token))).text);
      expect(latest[0], 'the newest photographer leads the latest list').not.toBe(older.user.id);
      expect(popular, `round ${round}`).toEqual(truth);
      expect(popular).not.toEqual(latest);
    }
    expect(newer.user.id).toBeGreaterThan(older.user.id);
  });
});
