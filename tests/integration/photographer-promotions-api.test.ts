import { describe, expect, inject, it } from 'vitest';
import { call, createEvent, day, newPhotographer, newUser } from '../support/api';

const base = inject('baseUrl');

interface ListAnswer {
  items: { id: number; isSaved: boolean; author: { id: number } | null; progressStatus: string; endedAt: string }[];
  page: number;
  pageSize: number;
  totalPage: number;
  isFirstPage: boolean;
  isLastPage: boolean;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

describe('GET /photographers/{id}/promotions', () => {
  it("answers the photographer's events newest first, paged, in the list item shape, with isSaved", async () => {
    const p = await newPhotographer(base, { withPage: true });
    const other = await newPhotographer(base, { withPage: true });
    const a = await createEvent(base, p.token);
    const b = await createEvent(base, p.token, { startedAt: day(3), endedAt: day(5) });
    const c = await createEvent(base, p.token);
    await createEvent(base, other.token);
    const path = `/api/v1/photographers/${p.user.id}/promotions`;

    const all = await call(base, 'GET', path);
    expect(all.status).toBe(200);
    const body = all.body as ListAnswer;
    expect(body.items.map((e) => e.id)).toEqual([c.id, b.id, a.id]);
    expect(body).toMatchObject({ page: 0, pageSize: 10, totalPage: 1, isFirstPage: true, isLastPage: true });
    const listed = (await call(base, 'GET', `/api/v1/promotions/list?pageSize=100`)).body as ListAnswer;
    // The same item shape as the event list.
    expect(body.items[0]).toEqual(listed.items.find((e) => e.id === c.id));
    expect(body.items.map((e) => e.progressStatus)).toEqual(['ONGOING', 'UPCOMING', 'ONGOING']);

    const paged = (await call(base, 'GET', `${path}?page=1&pageSize=2`)).body as ListAnswer;
    expect(paged.items.map((e) => e.id)).toEqual([a.id]);
    expect(paged).toMatchObject({ page: 1, totalPage: 2, hasPreviousPage: true, hasNextPage: false });

    const reader = await newUser(base);
    expect((await call(base, 'POST', `/api/v1/promotions/${b.id}/save`, { token: reader.token })).status).toBe(204);
    const mine = (await call(base, 'GET', path, { token: reader.token })).body as ListAnswer;
    expect(mine.items.map((e) => e.isSaved)).toEqual([false, true, false]);
    const anonymous = (await call(base, 'GET', path)).body as ListAnswer;
    expect(anonymous.items.every((e) => !e.isSaved)).toBe(true);

    // Nothing of this photographer has ended (the API refuses past dates; the service test covers ENDED).
    const ended = (await call(base, 'GET', `${path}?status=ENDED`)).body as ListAnswer;
    expect(ended).toMatchObject({ items: [], totalPage: 0 });
    expect((await call(base, 'GET', `${path}?status=CURRENT`)).body).toEqual(anonymous);

    expect((await call(base, 'DELETE', `/api/v1/promotions/${c.id}`, { token: p.token })).status).toBe(204);
    const after = (await call(base, 'GET', path)).body as ListAnswer;
    expect(after.items.map((e) => e.id)).toEqual([b.id, a.id]);
  });

  it('404 for a member without a photographer page or a bad id; 400/422 for bad parameters; 405', async () => {
    const user = await newUser(base);
    const notFound = await call(base, 'GET', `/api/v1/photographers/${user.user.id}/promotions`);
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({ code: 'PHOTOGRAPHER_NOT_FOUND' });
    for (const id of ['0', 'abc', '99999999999']) {
      expect((await call(base, 'GET', `/api/v1/photographers/${id}/promotions`)).status).toBe(404);
    }
    const p = await newPhotographer(base, { withPage: true });
    const path = `/api/v1/photographers/${p.user.id}/promotions`;
    const badStatus = await call(base, 'GET', `${path}?status=ONGOING`);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await call(base, 'GET', `${path}?pageSize=0`)).status).toBe(422);
    expect((await call(base, 'GET', `${path}?page=x`)).status).toBe(400);
    expect((await call(base, 'POST', path, { token: p.token, body: {} })).status).toBe(405);
  });
});

describe('/photographer/:id events block', () => {
  it('shows the current events as cards and the tab counts; a page past the end shows the last page', async () => {
    const p = await newPhotographer(base, { withPage: true });
    const a = await createEvent(base, p.token, { title: '작가 페이지 첫 이벤트' });
    const html = async (query: string) => {
      const res = await fetch(`${base}/photographer/${p.user.id}${query}`, { redirect: 'manual' });
      expect(res.status).toBe(200);
      return res.text();
    };
    const page = await html('');
    expect(page).toContain(`href="/event/${a.id}"`);
    expect(page).toContain('진행 중·예정 1');
    expect(page).toContain('지난 이벤트 0');
    expect(await html('?page=99')).toContain(`href="/event/${a.id}"`);
    const ended = await html('?events=ended');
    expect(ended).not.toContain(`href="/event/${a.id}"`);
    expect(ended).toContain('지난 이벤트가 없어요.');
  });
});

describe('GET /promotions/saved?closingWithinDays', () => {
  it("lists the member's saved events closing within the days, soonest first; 422 outside 0–30", async () => {
    const p = await newPhotographer(base);
    const tomorrow = await createEvent(base, p.token, { endedAt: day(1) });
    const today = await createEvent(base, p.token, { endedAt: day(0) });
    const later = await createEvent(base, p.token, { endedAt: day(4) });
    const member = await newUser(base);
    for (const e of [later, tomorrow, today]) {
      expect((await call(base, 'POST', `/api/v1/promotions/${e.id}/save`, { token: member.token })).status).toBe(204);
    }
    const soon = await call(base, 'GET', '/api/v1/promotions/saved?closingWithinDays=3', { token: member.token });
    expect(soon.status).toBe(200);
    const body = soon.body as ListAnswer;
    expect(body.items.map((e) => e.id)).toEqual([today.id, tomorrow.id]);
    expect(body.items.every((e) => e.isSaved)).toBe(true);
    // Without the parameter: every saved event, newest save first (unchanged).
    const all = (await call(base, 'GET', '/api/v1/promotions/saved', { token: member.token })).body as ListAnswer;
    expect(all.items.map((e) => e.id)).toEqual([today.id, tomorrow.id, later.id]);
    for (const bad of ['-1', '31', 'x', '1.5']) {
      const res = await call(base, 'GET', `/api/v1/promotions/saved?closingWithinDays=${bad}`, { token: member.token });
      expect(res.status, bad).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await call(base, 'GET', '/api/v1/promotions/saved?closingWithinDays=3')).status).toBe(401);
  });
});
