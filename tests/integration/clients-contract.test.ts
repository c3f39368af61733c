/**
 * Wire details existing clients depend on (issue 18): a photographer's `address` is always an object,
 * a hidden-author event shows its author to the author and admins only (`author` and `authorId`), and
 * links typed without a scheme are stored as https addresses.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createEvent, eventBody, newPhotographer, newUser, upload, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { closeAgent, grantAdmin } from '../security/lib';

const NO_ADDRESS = { sido: '', sigungu: '', roadAddress: '', jibunAddress: '' };
const dataDir = mkdtempSync(join(tmpdir(), 'damabwa-clients-'));
const serverEnv = { DATA_DIR: dataDir, PGLITE_DIR: join(dataDir, 'db') };

let server: RunningServer;
let base = '';
let photographer: Session;
let adminAuthor: Session;
let otherAdmin: Session;
let user: Session;

beforeAll(async () => {
  server = await startServer(serverEnv);
  base = server.url;
  [photographer, adminAuthor, otherAdmin, user] = await Promise.all([
    newPhotographer(base),
    newPhotographer(base),
    newUser(base),
    newUser(base),
  ]);
  server = await grantAdmin(server, [adminAuthor.user.id, otherAdmin.user.id], () => startServer(serverEnv));
  base = server.url;
}, 120_000);

afterAll(async () => {
  if (server) {
    closeAgent(server.url);
    await server.stop();
  }
});

const pageBody = async (patch: Record<string, unknown>) => ({
  portfolio: await upload(base, photographer.token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE'),
  address: null,
  instagramId: null,
  contactLink: null,
  description: '자연광 스냅 작가입니다.',
  ...patch,
});

describe('photographer address', () => {
  it('is four empty strings, never null, when none was given (empty parts or null)', async () => {
    for (const address of [NO_ADDRESS, null]) {
      const saved = await call(base, 'PUT', '/api/v1/photographers/me/page', {
        token: photographer.token,
        body: await pageBody({ address }),
      });
      expect(saved.status).toBe(200);
      for (const path of [
        `/api/v1/photographers/${photographer.user.id}`,
        `/api/v1/photographers/${photographer.user.id}/details`,
      ]) {
        const res = await call(base, 'GET', path);
        expect(res.status).toBe(200);
        expect((res.body as { address: unknown }).address, path).toEqual(NO_ADDRESS);
      }
      const own = await call(base, 'GET', `/api/v1/photographers/${photographer.user.id}/details`, {
        token: photographer.token,
      });
      expect((own.body as { address: unknown }).address).toEqual(NO_ADDRESS);
    }
  });

  it('is the saved parts when one was given', async () => {
    const address = { sido: '서울', sigungu: '마포구', roadAddress: '서울 마포구 양화로 1', jibunAddress: '' };
    await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: photographer.token,
      body: await pageBody({ address }),
    });
    const res = await call(base, 'GET', `/api/v1/photographers/${photographer.user.id}/details`);
    expect((res.body as { address: unknown }).address).toEqual(address);
  });
});

describe('hidden-author events', () => {
  let id = 0;
  beforeAll(async () => {
    id = (await createEvent(base, adminAuthor.token, { isAuthorHidden: true })).id;
  });

  it('show author and authorId to the author and to admins', async () => {
    for (const viewer of [adminAuthor, otherAdmin]) {
      const details = await call(base, 'GET', `/api/v1/promotions/${id}/details`, { token: viewer.token });
      expect(details.body).toMatchObject({ isAuthorHidden: true, author: { id: adminAuthor.user.id } });
      const promotion = await call(base, 'GET', `/api/v1/promotions/${id}`, { token: viewer.token });
      expect(promotion.body).toMatchObject({ isAuthorHidden: true, authorId: adminAuthor.user.id });
    }
  });

  it('hide them from everyone else, anonymous callers included', async () => {
    for (const token of [undefined, user.token, photographer.token]) {
      const details = await call(base, 'GET', `/api/v1/promotions/${id}/details`, token ? { token } : {});
      expect(details.status).toBe(200);
      expect((details.body as { author: unknown }).author).toBeNull();
      const promotion = await call(base, 'GET', `/api/v1/promotions/${id}`, token ? { token } : {});
      expect(promotion.status).toBe(200);
      expect((promotion.body as { authorId: unknown }).authorId).toBeNull();
    }
  });

  it('leave events with a shown author as they were', async () => {
    const shown = await createEvent(base, photographer.token);
    const res = await call(base, 'GET', `/api/v1/promotions/${shown.id}`);
    expect((res.body as { authorId: unknown }).authorId).toBe(photographer.user.id);
  });
});

describe('links without a scheme', () => {
  it('are stored as https:// + the text when they are a plausible host', async () => {
    const created = await call(base, 'POST', '/api/v1/promotions', {
      token: photographer.token,
      body: await eventBody(base, photographer.token, { externalLink: '  open.kakao.com/o/abc  ' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ externalLink: 'https://open.kakao.com/o/abc' });
    const page = await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: photographer.token,
      body: await pageBody({ contactLink: 'www.instagram.com/studio' }),
    });
    expect(page.status).toBe(200);
    const read = await call(base, 'GET', `/api/v1/photographers/${photographer.user.id}`);
    expect(read.body).toMatchObject({ contactLink: 'https://www.instagram.com/studio' });
  });

  it('are still 422 when they are not', async () => {
    for (const link of [
      'javascript:alert(1)',
      'open kakao',
      'localhost',
      '//evil.example/x',
      'user@evil.example',
      '.com',
    ]) {
      const res = await call(base, 'POST', '/api/v1/promotions', {
        token: photographer.token,
        body: await eventBody(base, photographer.token, { externalLink: link }),
      });
      expect(res.status, link).toBe(422);
      const page = await call(base, 'PUT', '/api/v1/photographers/me/page', {
        token: photographer.token,
        body: await pageBody({ contactLink: link }),
      });
      expect(page.status, link).toBe(422);
    }
  });
});
