/**
 * Members' list answers from what the instance keeps (src/server/cache/member-lists.ts): after the first
 * call a member's list is answered before Astro without a database round trip, and it stays exact —
 * their own saves and unsaves show at once (isSaved and the count they left), other members see their
 * own state, and whatever ends a session or changes a member takes effect on the very next call.
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
  return { kept: res.headers.get('x-member-list') === 'kept', body, headers: res.headers, status: res.status };
}

/** Calls until the answer is made from kept state (the first calls warm it), at most a few times. */
async function keptList(path: string, token: string) {
  for (let i = 0; i < 20; i++) {
    const r = await list(path, token);
    if (r.kept) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never answered from kept state`);
}

describe('members’ list answers from kept state', () => {
  it('are answered before Astro, exact after each save and unsave, and the same as the endpoint’s', async () => {
    const author = await newPhotographer(base, { withPage: true });
    const word = freshNickname('킵');
    const a = await createEvent(base, author.token, { title: `킵 목록 ${word} 하나` });
    const b = await createEvent(base, author.token, { title: `킵 목록 ${word} 둘` });
    const member = await newUser(base);
    const path = `/api/v1/promotions/list?searchKeyword=${encodeURIComponent(word)}`;
    const first = await list(path, member.token);
    expect(first.kept).toBe(false);
    const kept = await keptList(path, member.token);
    // The kept answer is the endpoint's answer: same items, order, totals and fields.
    expect(kept.body).toEqual(first.body);
    expect(kept.headers.get('cache-control')).toBe('no-store');
    expect(kept.headers.get('x-content-type-options')).toBe('nosniff');
    // Sent whole with its length, as every answer made for one request (src/server/http/compress-answers.ts).
    expect(kept.headers.get('content-length')).toMatch(/^\d+$/);
    expect(kept.headers.get('transfer-encoding')).toBeNull();
    expect(kept.headers.get('vary')).toMatch(/Accept-Encoding/);

    expect((await call(base, 'POST', `/api/v1/promotions/${a.id}/save`, { token: member.token })).status).toBe(204);
    const saved = await list(path, member.token);
    expect(saved.kept).toBe(true);
    const byId = (r: { body: { items: Item[] } }) => new Map(r.body.items.map((i) => [i.id, i]));
    expect(byId(saved).get(a.id)).toMatchObject({ isSaved: true, saveCount: 1 });
    expect(byId(saved).get(b.id)).toMatchObject({ isSaved: false, saveCount: 0 });

    // Another member: their own state, not the first member's.
    const other = await newUser(base);
    await list(path, other.token);
    const theirs = await keptList(path, other.token);
    expect(byId(theirs).get(a.id)?.isSaved).toBe(false);

    expect((await call(base, 'DELETE', `/api/v1/promotions/${a.id}/unsave`, { token: member.token })).status).toBe(204);
    const unsaved = await list(path, member.token);
    expect(unsaved.kept).toBe(true);
    expect(byId(unsaved).get(a.id)).toMatchObject({ isSaved: false, saveCount: 0 });
  });

  it('photographer lists too', async () => {
    const photographer = await newPhotographer(base, { withPage: true });
    const member = await newUser(base);
    const path = `/api/v1/photographers/list?pageSize=50`;
    await list(path, member.token);
    await keptList(path, member.token);
    const save = await call(base, 'POST', `/api/v1/photographers/${photographer.user.id}/save`, {
      token: member.token,
    });
    expect(save.status).toBe(204);
    const after = await list(path, member.token);
    expect(after.kept).toBe(true);
    const mine = after.body.items.find((i) => i.id === photographer.user.id);
    if (mine) expect(mine.isSaved).toBe(true);
  });

  it('a logout ends the kept principal at once: the token is anonymous on the next call', async () => {
    const member = await newUser(base);
    const path = '/api/v1/promotions/list';
    await list(path, member.token);
    await keptList(path, member.token);
    expect((await call(base, 'GET', '/api/v1/users/me', { token: member.token })).status).toBe(200);
    const out = await call(base, 'POST', '/api/v1/auth/logout', {
      token: member.token,
      body: { refreshToken: member.refreshToken.value },
    });
    expect(out.status).toBeLessThan(300);
    expect((await list(path, member.token)).kept).toBe(false);
    expect((await call(base, 'GET', '/api/v1/users/me', { token: member.token })).status).toBe(401);
  });

  it('a member’s change is seen on the next call: a new member who registers may save at once', async () => {
    const member = await newMember(base);
    const author = await newPhotographer(base, { withPage: true });
    const word = freshNickname('등록');
    const event = await createEvent(base, author.token, { title: `등록 후 저장 ${word}` });
    const path = `/api/v1/promotions/list?searchKeyword=${encodeURIComponent(word)}`;
    await list(path, member.token);
    await keptList(path, member.token);
    // Not registered yet: saving is refused (the kept principal says so).
    const before = await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: member.token });
    expect(before.status).toBe(403);
    const registration = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: member.token,
      body: { nickname: freshNickname(), gender: 'FEMALE', instagramId: null },
    });
    expect(registration.status).toBe(200);
    // The registration forgot the kept principal: the very next call knows the member is registered.
    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: member.token })).status).toBe(204);
    expect(byIdOf((await list(path, member.token)).body).get(event.id)?.isSaved).toBe(true);
  });
});

function byIdOf(body: { items: Item[] }): Map<number, Item> {
  return new Map(body.items.map((i) => [i.id, i]));
}
