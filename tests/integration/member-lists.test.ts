/**
 * Members' list answers (`GET /api/v1/promotions/list` and `/photographers/list` with a token): the
 * shared answer for the filter with the member's own part laid over it (their `isSaved` and live
 * counts), exact after each save and unsave, and nothing about the member kept between requests: a
 * logout or a registration takes effect on the very next call.
 */
import { describe, expect, inject, it } from 'vitest';
import { call, createEvent, freshNickname, newMember, newPhotographer, newUser } from '../support/api';
import { bearer } from '../support/auth';

const base = inject('baseUrl');

interface Item {
  id: number;
  saveCount: number;
  isSaved: boolean;
}

async function list(path: string, token?: string) {
  const res = await fetch(`${base}${path}`, { headers: token ? bearer(token) : {} });
  const body = (await res.json()) as { items: Item[]; totalCount?: number };
  return { body, headers: res.headers, status: res.status };
}

const byId = (body: { items: Item[] }) => new Map(body.items.map((i) => [i.id, i]));

describe('members’ list answers', () => {
  it('are the shared answer with the member’s own state, never shared themselves; a bad query is the envelope', async () => {
    const author = await newPhotographer(base, { withPage: true });
    const word = freshNickname('만듦');
    const a = await createEvent(base, author.token, { title: `만든 목록 ${word} 하나` });
    await createEvent(base, author.token, { title: `만든 목록 ${word} 둘` });
    const member = await newUser(base);
    expect((await call(base, 'POST', `/api/v1/promotions/${a.id}/save`, { token: member.token })).status).toBe(204);
    const path = `/api/v1/promotions/list?searchKeyword=${encodeURIComponent(word)}`;
    const mine = await list(path, member.token);
    const anonymous = await list(path);
    expect(mine.body).toEqual({
      ...anonymous.body,
      items: anonymous.body.items.map((i) => ({ ...i, isSaved: i.id === a.id, saveCount: i.id === a.id ? 1 : 0 })),
    });
    expect(mine.body.items).toHaveLength(2);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.headers.get('x-page-cache')).toBeNull();
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');

    const bad = await fetch(`${base}/api/v1/promotions/list?pageSize=abc`, { headers: bearer(member.token) });
    const badAnonymous = await fetch(`${base}/api/v1/promotions/list?pageSize=abc`);
    expect(bad.status).toBe(400);
    expect(badAnonymous.status).toBe(400);
    expect(await bad.json()).toEqual(await badAnonymous.json());
  });

  it('show each save and unsave at once, to that member only', async () => {
    const author = await newPhotographer(base, { withPage: true });
    const word = freshNickname('킵');
    const a = await createEvent(base, author.token, { title: `킵 목록 ${word} 하나` });
    const b = await createEvent(base, author.token, { title: `킵 목록 ${word} 둘` });
    const member = await newUser(base);
    const other = await newUser(base);
    const path = `/api/v1/promotions/list?searchKeyword=${encodeURIComponent(word)}`;
    await list(path, member.token);
    expect((await call(base, 'POST', `/api/v1/promotions/${a.id}/save`, { token: member.token })).status).toBe(204);
    const saved = byId((await list(path, member.token)).body);
    expect(saved.get(a.id)).toMatchObject({ isSaved: true, saveCount: 1 });
    expect(saved.get(b.id)).toMatchObject({ isSaved: false, saveCount: 0 });
    expect(byId((await list(path, other.token)).body).get(a.id)).toMatchObject({ isSaved: false, saveCount: 1 });
    expect((await call(base, 'DELETE', `/api/v1/promotions/${a.id}/unsave`, { token: member.token })).status).toBe(204);
    expect(byId((await list(path, member.token)).body).get(a.id)).toMatchObject({ isSaved: false, saveCount: 0 });
  });

  it('photographer lists too', async () => {
    const photographer = await newPhotographer(base, { withPage: true });
    const member = await newUser(base);
    const path = `/api/v1/photographers/list?pageSize=100`;
    await list(path, member.token);
    const save = await call(base, 'POST', `/api/v1/photographers/${photographer.user.id}/save`, {
      token: member.token,
    });
    expect(save.status).toBe(204);
    const mine = (await list(path, member.token)).body.items.find((i) => i.id === photographer.user.id);
    if (mine) expect(mine.isSaved).toBe(true);
  });

  it('a token that names no member is answered as anonymous', async () => {
    const forged = await list('/api/v1/promotions/list', 'not-a-token');
    expect(forged.status).toBe(200);
    expect(forged.body.items.every((i) => !i.isSaved)).toBe(true);
  });

  it('a logout ends the session on the next call; a new member who registers may save at once', async () => {
    const member = await newUser(base);
    expect((await call(base, 'GET', '/api/v1/users/me', { token: member.token })).status).toBe(200);
    const out = await call(base, 'POST', '/api/v1/auth/logout', {
      token: member.token,
      body: { refreshToken: member.refreshToken.value },
    });
    expect(out.status).toBeLessThan(300);
    expect((await call(base, 'GET', '/api/v1/users/me', { token: member.token })).status).toBe(401);

    const fresh = await newMember(base);
    const author = await newPhotographer(base, { withPage: true });
    const event = await createEvent(base, author.token, { title: `등록 후 저장 ${freshNickname('등록')}` });
    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: fresh.token })).status).toBe(403);
    const registration = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: fresh.token,
      body: { nickname: freshNickname(), gender: 'FEMALE', instagramId: null },
    });
    expect(registration.status).toBe(200);
    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: fresh.token })).status).toBe(204);
  });
});
