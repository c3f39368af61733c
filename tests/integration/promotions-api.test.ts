import { describe, expect, inject, it } from 'vitest';
import {
  call,
  createEvent,
  day,
  eventBody,
  newMember,
  newPhotographer,
  newUser,
  upload,
  type Session,
} from '../support/api';

const base = inject('baseUrl');
type Page = {
  items: { id: number }[];
  page: number;
  pageSize: number;
  totalPage: number;
  isFirstPage: boolean;
  isLastPage: boolean;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};

describe('promotion contract', () => {
  it('creates an event (201 + Location) and answers every read shape exactly', async () => {
    const p = await newPhotographer(base);
    const body = await eventBody(base, p.token, {
      photographyTypes: ['SNAP', 'CONCEPT'],
      activeRegions: [
        { category: '서울', name: '마포구' },
        { category: '서울', name: '강남구' },
      ],
      hashtags: ['야경', '커플'],
    });
    const created = await call(base, 'POST', '/api/v1/promotions', { token: p.token, body });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect(created.headers.get('location')).toBe(`/api/v1/promotions/${id}`);
    expect(Object.keys(created.body as object).sort()).toEqual(
      [
        'id',
        'authorId',
        'promotionType',
        'title',
        'content',
        'externalLink',
        'startedAt',
        'endedAt',
        'viewCount',
        'isAuthorHidden',
        'photographyTypes',
        'images',
        'activeRegions',
        'hashtags',
        // Issue 40 (docs/api.md): how the event takes applications.
        'applyMode',
        'capacity',
        'showPlacesLeft',
        'asksInstagram',
        'asksPhotos',
      ].sort(),
    );
    expect(created.body).toMatchObject({
      authorId: p.user.id,
      photographyTypes: ['CONCEPT', 'SNAP'],
      activeRegions: [
        { category: '서울', name: '강남구' },
        { category: '서울', name: '마포구' },
      ],
      hashtags: ['야경', '커플'],
      viewCount: 0,
      isAuthorHidden: false,
    });
    const plain = await call(base, 'GET', `/api/v1/promotions/${id}`);
    expect((plain.body as { viewCount: number }).viewCount).toBe(0);
    const details = await call(base, 'GET', `/api/v1/promotions/${id}/details`);
    expect(Object.keys(details.body as object).sort()).toEqual(
      [
        'id',
        'author',
        'promotionType',
        'title',
        'content',
        'externalLink',
        'startedAt',
        'endedAt',
        'viewCount',
        'saveCount',
        'isSaved',
        'isAuthorHidden',
        'photographyTypes',
        'images',
        'activeRegions',
        'hashtags',
        'progressStatus',
        // Issue 40 (docs/api.md): how the event takes applications.
        'applyMode',
        'capacity',
        'showPlacesLeft',
        'asksInstagram',
        'asksPhotos',
      ].sort(),
    );
    expect(details.body).toMatchObject({
      viewCount: 1,
      saveCount: 0,
      isSaved: false,
      progressStatus: 'ONGOING',
      author: { id: p.user.id, isAdmin: false, type: 'PHOTOGRAPHER' },
    });
    const list = await call(
      base,
      'GET',
      `/api/v1/promotions/list?searchKeyword=${encodeURIComponent(body['title'] as string)}&pageSize=100`,
    );
    const item = (list.body as Page).items.find((i) => i.id === id) as unknown as Record<string, unknown>;
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'author',
        'promotionType',
        'title',
        'startedAt',
        'endedAt',
        'saveCount',
        'isSaved',
        'isAuthorHidden',
        'photographyTypes',
        'images',
        'activeRegions',
        'hashtags',
        'progressStatus',
      ].sort(),
    );
    expect(Object.keys(item['author'] as object).sort()).toEqual(
      ['id', 'instagramId', 'isAdmin', 'nickname', 'profileImage', 'roles'].sort(),
    );
  });

  it('validates bodies: 422 per rule, 400 for wrong types, javascript: links refused', async () => {
    const p = await newPhotographer(base);
    const good = await eventBody(base, p.token);
    const cases: [Record<string, unknown>, number][] = [
      [{ title: '가나' }, 422],
      [{ title: '가'.repeat(31) }, 422],
      [{ content: '' }, 422],
      [{ content: '가'.repeat(501) }, 422],
      [{ photographyTypes: [] }, 422],
      [{ photographyTypes: ['SNAP', 'PROFILE', 'SELF'] }, 422],
      [{ activeRegions: [] }, 422],
      [{ hashtags: [] }, 422],
      [{ hashtags: ['a', 'b', 'c', 'd'] }, 422],
      [{ hashtags: ['야경', '야경'] }, 422],
      [{ startedAt: day(-1) }, 422],
      [{ endedAt: day(-1) }, 422],
      [{ externalLink: 'javascript:alert(1)' }, 422],
      [{ externalLink: 'data:text/html,hi' }, 422],
      [{ externalLink: 'vbscript:msgbox' }, 422],
      [{ images: [] }, 422],
      [{ images: [{ name: 'x', url: 'https://evil.example/x.jpg' }] }, 422],
      [{ title: 5 }, 400],
      [{ promotionType: 'PAID' }, 400],
      [{ startedAt: '2026-02-30' }, 400],
    ];
    for (const [patch, status] of cases) {
      const res = await call(base, 'POST', '/api/v1/promotions', { token: p.token, body: { ...good, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(status);
      expect((res.body as { message: string }).message).toMatch(/[가-힣]/);
    }
    const notJson = await fetch(`${base}/api/v1/promotions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(notJson.status).toBe(415);
  });

  it('paging: pageSize 0 and 101 are 422; an empty result is one last page', async () => {
    expect((await call(base, 'GET', '/api/v1/promotions/list?pageSize=0')).status).toBe(422);
    expect((await call(base, 'GET', '/api/v1/promotions/list?pageSize=101')).status).toBe(422);
    expect((await call(base, 'GET', '/api/v1/promotions/list?page=abc')).status).toBe(400);
    expect((await call(base, 'GET', '/api/v1/promotions/list?sortType=RANDOM')).status).toBe(400);
    const empty = await call(base, 'GET', '/api/v1/promotions/list?searchKeyword=zzzz없음zzzz');
    expect(empty.body).toEqual({
      items: [],
      page: 0,
      pageSize: 10,
      totalPage: 0,
      isFirstPage: true,
      isLastPage: true,
      hasPreviousPage: false,
      hasNextPage: false,
    });
  });

  it('filters by each key alone and combined, in both list forms; % is literal; paging is stable', async () => {
    const p = await newPhotographer(base);
    const tag = `tg${Date.now().toString(36)}`;
    const a = await createEvent(base, p.token, {
      title: `100% 무료 ${tag}`,
      promotionType: 'FREE',
      photographyTypes: ['PROFILE'],
      activeRegions: [{ category: '부산', name: '해운대구' }],
    });
    const b = await createEvent(base, p.token, {
      title: `할인 스냅 ${tag}`,
      promotionType: 'DISCOUNT',
      startedAt: day(2),
      endedAt: day(4),
      activeRegions: [{ category: '서울', name: '강남구' }],
    });
    const ids = async (query: string) =>
      (
        (await call(base, 'GET', `/api/v1/promotions/list?searchKeyword=${tag}&pageSize=100&${query}`)).body as Page
      ).items.map((i) => i.id);
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('type=FREE')).toEqual([a.id]);
    expect(await ids('type=')).toEqual([b.id, a.id]);
    expect(await ids('progressStatus=UPCOMING')).toEqual([b.id]);
    expect(await ids('progressStatus=ALL')).toEqual([b.id, a.id]);
    expect(await ids('progressStatus=ONGOING')).toEqual([a.id]);
    expect(await ids(`regions=${encodeURIComponent('부산')}`)).toEqual([a.id]);
    expect(await ids(`regions=${encodeURIComponent('서울 강남구')}`)).toEqual([b.id]);
    expect(await ids(`regions=${encodeURIComponent('부산,서울 강남구')}`)).toEqual([b.id, a.id]);
    expect(await ids(`regions=${encodeURIComponent('부산')}&regions=${encodeURIComponent('서울 강남구')}`)).toEqual([
      b.id,
      a.id,
    ]);
    expect(await ids('photographyTypes=PROFILE,SELF')).toEqual([a.id]);
    expect(await ids('photographyTypes=SNAP&type=DISCOUNT&progressStatus=UPCOMING')).toEqual([b.id]);
    const percent = await call(
      base,
      'GET',
      `/api/v1/promotions/list?searchKeyword=${encodeURIComponent('%')}&pageSize=100`,
    );
    const titles = (percent.body as { items: { title: string }[] }).items.map((i) => i.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.includes('%'))).toBe(true);
    // Walk all pages of the whole list in both sorts: every item once.
    for (const sort of ['LATEST', 'POPULAR']) {
      const seen: number[] = [];
      for (let page = 0; page < 200; page++) {
        const res = (await call(base, 'GET', `/api/v1/promotions/list?sortType=${sort}&page=${page}&pageSize=3`))
          .body as Page;
        seen.push(...res.items.map((i) => i.id));
        if (res.isLastPage) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining([a.id, b.id]));
    }
  });
});

describe('permissions', () => {
  async function actors() {
    const [author, other, user, unregistered] = await Promise.all([
      newPhotographer(base),
      newPhotographer(base),
      newUser(base),
      newMember(base),
    ]);
    return { author, other, user, unregistered };
  }

  it('create: anonymous 401, unregistered and USER 403, PHOTOGRAPHER 201; isAuthorHidden only for ADMIN', async () => {
    const { author, user, unregistered } = await actors();
    const body = await eventBody(base, author.token);
    expect((await call(base, 'POST', '/api/v1/promotions', { body })).status).toBe(401);
    expect((await call(base, 'POST', '/api/v1/promotions', { token: 'Bearer-null', body })).status).toBe(401);
    const userBody = { ...body, images: await upload(base, user.token, 'PROMOTION_IMAGE') };
    expect((await call(base, 'POST', '/api/v1/promotions', { token: user.token, body: userBody })).body).toMatchObject({
      code: 'ACCESS_DENIED',
    });
    expect((await call(base, 'POST', '/api/v1/promotions', { token: unregistered.token, body })).status).toBe(403);
    const hidden = await call(base, 'POST', '/api/v1/promotions', {
      token: author.token,
      body: { ...body, isAuthorHidden: true },
    });
    expect(hidden.status).toBe(403);
    expect(hidden.body).toMatchObject({ code: 'PROMOTION_AUTHOR_HIDDEN_PERMISSION_DENIED' });
  });

  it('update: only the author; delete: the author; save/unsave: any member; saved lists need a member', async () => {
    const { author, other, user } = await actors();
    const event = await createEvent(base, author.token);
    const body = await eventBody(base, author.token, { title: '수정된 이벤트 제목' });
    expect((await call(base, 'PUT', `/api/v1/promotions/${event.id}`, { body })).status).toBe(401);
    const otherBody = { ...body, images: await upload(base, other.token, 'PROMOTION_IMAGE') };
    expect(
      (await call(base, 'PUT', `/api/v1/promotions/${event.id}`, { token: other.token, body: otherBody })).body,
    ).toMatchObject({ code: 'PROMOTION_UPDATE_PERMISSION_DENIED' });
    expect((await call(base, 'PUT', `/api/v1/promotions/${event.id}`, { token: user.token, body })).status).toBe(403);
    const updated = await call(base, 'PUT', `/api/v1/promotions/${event.id}`, { token: author.token, body });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: '수정된 이벤트 제목' });
    expect((await call(base, 'PUT', '/api/v1/promotions/99999999', { token: author.token, body })).status).toBe(404);

    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`)).status).toBe(401);
    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: user.token })).status).toBe(204);
    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: user.token })).body).toMatchObject(
      { code: 'ALREADY_PROMOTION_SAVE' },
    );
    expect((await call(base, 'POST', '/api/v1/promotions/99999999/save', { token: user.token })).body).toMatchObject({
      code: 'PROMOTION_NOT_FOUND',
    });
    const details = await call(base, 'GET', `/api/v1/promotions/${event.id}/details`, { token: user.token });
    expect(details.body).toMatchObject({ isSaved: true, saveCount: 1 });
    const batch = await call(
      base,
      'GET',
      `/api/v1/users/me/saves?promotionIds=${event.id},99999999&photographerIds=${author.user.id}`,
      { token: user.token },
    );
    // With the live counts of the ids that exist (the page itself may be a minute-old shared copy).
    expect(batch.body).toEqual({
      promotionIds: [event.id],
      photographerIds: [],
      promotionCounts: { [String(event.id)]: 1 },
      photographerCounts: { [String(author.user.id)]: 0 },
    });
    expect((await call(base, 'GET', '/api/v1/promotions/saved')).status).toBe(401);
    expect(
      ((await call(base, 'GET', '/api/v1/promotions/saved', { token: user.token })).body as Page).items.map(
        (i) => i.id,
      ),
    ).toEqual([event.id]);
    expect((await call(base, 'DELETE', `/api/v1/promotions/${event.id}/unsave`, { token: user.token })).status).toBe(
      204,
    );
    expect(
      (await call(base, 'DELETE', `/api/v1/promotions/${event.id}/unsave`, { token: user.token })).body,
    ).toMatchObject({ code: 'PROMOTION_SAVE_NOT_FOUND' });

    expect((await call(base, 'DELETE', `/api/v1/promotions/${event.id}`, { token: other.token })).body).toMatchObject({
      code: 'PROMOTION_DELETE_PERMISSION_DENIED',
    });
    expect((await call(base, 'DELETE', `/api/v1/promotions/${event.id}`, { token: user.token })).status).toBe(403);
    expect((await call(base, 'DELETE', `/api/v1/promotions/${event.id}`, { token: author.token })).status).toBe(204);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}/details`)).body).toMatchObject({
      code: 'PROMOTION_NOT_FOUND',
    });
    expect((await call(base, 'GET', '/api/v1/promotions/abc/details')).status).toBe(404);
  });

  it('photographer saves: 204, 409 twice, 404 for a missing photographer, own code on unsave', async () => {
    const photographer: Session = await newPhotographer(base, { withPage: true });
    const fan = await newUser(base);
    const path = `/api/v1/photographers/${photographer.user.id}`;
    expect((await call(base, 'POST', `${path}/save`, { token: fan.token })).status).toBe(204);
    expect((await call(base, 'POST', `${path}/save`, { token: fan.token })).body).toMatchObject({
      code: 'ALREADY_PHOTOGRAPHER_SAVE',
    });
    expect((await call(base, 'POST', '/api/v1/photographers/99999999/save', { token: fan.token })).body).toMatchObject({
      code: 'PHOTOGRAPHER_NOT_FOUND',
    });
    const details = await call(base, 'GET', `${path}/details`, { token: fan.token });
    expect(details.body).toMatchObject({ saveCount: 1, isSaved: true, id: photographer.user.id });
    expect(
      ((await call(base, 'GET', '/api/v1/photographers/saved', { token: fan.token })).body as Page).items.map(
        (i) => i.id,
      ),
    ).toEqual([photographer.user.id]);
    // The saved list carries the public count, so its bookmarks show it like every other save toggle.
    const savedList = await call(base, 'GET', '/api/v1/photographers/saved', { token: fan.token });
    expect((savedList.body as { items: { saveCount?: number }[] }).items[0]?.saveCount).toBe(1);
    expect((await call(base, 'DELETE', `${path}/unsave`, { token: fan.token })).status).toBe(204);
    expect((await call(base, 'DELETE', `${path}/unsave`, { token: fan.token })).body).toMatchObject({
      code: 'PHOTOGRAPHER_SAVE_NOT_FOUND',
    });
    const wrongMethod = await call(base, 'DELETE', '/api/v1/regions/groups');
    expect(wrongMethod.status).toBe(405);
  });

  it('counts a viewer once per day (HEAD never) and 50 concurrent viewers and saves exactly', async () => {
    const author = await newPhotographer(base);
    const event = await createEvent(base, author.token);
    const details = `/api/v1/promotions/${event.id}/details`;
    // One anonymous visitor (one address) reloading 50 times at once is one view.
    await Promise.all(Array.from({ length: 50 }, () => call(base, 'GET', details)));
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).body).toMatchObject({ viewCount: 1 });
    const fans = await Promise.all(Array.from({ length: 50 }, () => newUser(base)));
    for (const _ of [1, 2, 3]) {
      const head = await fetch(`${base}${details}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${fans[0]?.token}` },
      });
      expect(head.status).toBe(200);
    }
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).body).toMatchObject({ viewCount: 1 });
    await Promise.all(fans.map((f) => call(base, 'GET', details, { token: f.token })));
    await Promise.all(fans.map((f) => call(base, 'GET', details, { token: f.token })));
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).body).toMatchObject({ viewCount: 51 });
    // A GET claiming to be HEAD still counts (only the server itself marks a HEAD).
    const spoof = await newMember(base);
    await fetch(`${base}${details}`, {
      headers: { authorization: `Bearer ${spoof.token}`, 'x-original-method': 'HEAD' },
    });
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).body).toMatchObject({ viewCount: 52 });
    const results = await Promise.all(
      fans.map((f) => call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: f.token })),
    );
    expect(results.every((r) => r.status === 204)).toBe(true);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}/details`)).body).toMatchObject({ saveCount: 50 });
  });
});
