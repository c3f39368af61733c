/**
 * What one member can make the server hold or do with images: names in image lists are bounded and a
 * picture appears once per list (the shared server); image work in flight is bounded per member and
 * in total (a server of our own with small limits).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { IMAGE_NAME_MAX } from '../../src/lib/rules/image-name';
import { call, eventBody, newPhotographer, upload, type Session } from '../support/api';

const base = inject('baseUrl');
const LONG = '가'.repeat(50_000);

describe('image names and duplicates in image lists', () => {
  let author: Session;

  beforeAll(async () => {
    author = await newPhotographer(base);
  });

  it('keeps a long name to the upload bound in the event and the portfolio', async () => {
    const [image] = await upload(base, author.token, 'PROMOTION_IMAGE');
    const body = await eventBody(base, author.token, { images: [{ name: LONG, url: image?.url }] });
    const created = await call(base, 'POST', '/api/v1/promotions', { token: author.token, body });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: number };
    const event = await call(base, 'GET', `/api/v1/promotions/${id}`);
    const names = (event.body as { images: { name: string }[] }).images.map((i) => i.name);
    expect(names).toEqual(['가'.repeat(IMAGE_NAME_MAX)]);

    const portfolio = (await upload(base, author.token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', 2)).map((p, i) => ({
      url: p.url,
      name: i === 0 ? `\u202e${LONG}` : 'x/../../etc/passwd',
    }));
    const page = await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: author.token,
      body: { portfolio, address: null, instagramId: null, contactLink: null, description: '소개' },
    });
    expect(page.status).toBe(200);
    const stored = (page.body as { portfolio: { name: string }[] }).portfolio.map((p) => p.name);
    expect(stored).toEqual(['가'.repeat(IMAGE_NAME_MAX), 'passwd']);
  });

  it('refuses the same picture twice in one list (422, Korean message) and stores nothing', async () => {
    const [image] = await upload(base, author.token, 'PROMOTION_IMAGE');
    const twice = [image, { name: 'again.png', url: image?.url }];
    const body = await eventBody(base, author.token, { images: twice, title: '중복 사진 이벤트' });
    const res = await call(base, 'POST', '/api/v1/promotions', { token: author.token, body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/같은 사진/) });

    const page = await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: author.token,
      body: { portfolio: twice, address: null, instagramId: null, contactLink: null, description: '소개' },
    });
    expect(page.status).toBe(422);
    expect((page.body as { message: string }).message).toMatch(/같은 사진/);
  });
});
