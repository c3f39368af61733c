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
  const madeBy = res.headers.get('x-member-list');
  return { kept: madeBy === 'kept', madeBy, body, headers: res.headers, status: res.status };
}

/** The headers of a shared (anonymous) answer's caching. */
const CACHING = new Set(['cache-control', 'age', 'x-cache', 'etag', 'last-modified', 'cdn-cache-control']);

/** The headers an answer carries whichever way it was made (not its date, id or length). */
function headersOf(r: { headers: Headers }) {
  const skip = new Set(['date', 'x-request-id', 'content-length', 'x-member-list']);
  return [...r.headers].filter(([name]) => !skip.has(name));
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

describe('members’ list answers made before Astro', () => {
  it('are the endpoint’s answer: the same body, status and headers, the envelope for a bad query', async () => {
    const author = await newPhotographer(base, { withPage: true });
    const word = freshNickname('만듦');
    const a = await createEvent(base, author.token, { title: `만든 목록 ${word} 하나` });
    await createEvent(base, author.token, { title: `만든 목록 ${word} 둘` });
    const member = await newUser(base);
    expect((await call(base, 'POST', `/api/v1/promotions/${a.id}/save`, { token: member.token })).status).toBe(204);
    const path = `/api/v1/promotions/list?searchKeyword=${encodeURIComponent(word)}`;
    // Nothing kept for this member and filter yet: made from the database, never through Astro.
    const made = await list(path, member.token);
    expect(made.madeBy).toBe('made');
    const anonymous = await list(path);
    expect(anonymous.madeBy).toBeNull();
    // The member's answer is the anonymous one with their own saved state.
    expect(made.body).toEqual({
      ...anonymous.body,
      items: anonymous.body.items.map((i) => ({ ...i, isSaved: i.id === a.id })),
    });
    expect(made.body.items).toHaveLength(2);
    // The same headers as the endpoint's anonymous answer but its caching: a member's is never shared.
    const uncached = (r: { headers: Headers }) => headersOf(r).filter(([name]) => !CACHING.has(name));
    expect(uncached(made)).toEqual(uncached(anonymous));
    expect(made.headers.get('cache-control')).toBe('no-store');
    expect(made.headers.get('content-security-policy')).toBe(anonymous.headers.get('content-security-policy'));
    expect(made.headers.get('x-content-type-options')).toBe('nosniff');
    expect(made.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(made.headers.get('content-length')).toMatch(/^\d+$/);

    // A bad query: the endpoint's envelope and status, made here too.
    const bad = await fetch(`${base}/api/v1/promotions/list?pageSize=abc`, { headers: bearer(member.token) });
    const badAnonymous = await fetch(`${base}/api/v1/promotions/list?pageSize=abc`);
    expect(bad.headers.get('x-member-list')).toBe('made');
    expect(bad.status).toBe(badAnonymous.status);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(await badAnonymous.json());
    expect(headersOf(bad)).toEqual(headersOf(badAnonymous));

    // HEAD: the same status and headers, no body.
    const head = await fetch(`${base}${path}`, { method: 'HEAD', headers: bearer(member.token) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('a token that names no member is answered as anonymous (by the endpoint)', async () => {
    const forged = await list('/api/v1/promotions/list', 'not-a-token');
    expect(forged.status).toBe(200);
    expect(forged.madeBy).toBeNull();
    expect(forged.body.items.every((i) => !i.isSaved)).toBe(true);
  });
});

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
