/**
 * Pictures survive a change of address (decision 018): pictures uploaded under one PUBLIC_ORIGIN still
 * load after the server restarts under another one, and again behind a CDN (MEDIA_BASE_URL); and every
 * ownership check still passes, whether the client sends the URL it got before the change or after.
 * Each server is ours (the database kept on disk between restarts, or DATABASE_URL in the PostgreSQL pass).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#lib/domain';
import { call, createEvent, newPhotographer, newUser, upload } from '../support/api';
import { freePort, startServer, type RunningServer } from '../support/server';

const dataDir = mkdtempSync(join(tmpdir(), 'damabwa-origin-'));
const keep = { DATA_DIR: dataDir, PGLITE_DIR: join(dataDir, 'db') };
const KEY_URL = /\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/;

let server: RunningServer | null = null;
let cdn: Server | null = null;

interface Uploaded {
  photographerId: number;
  eventId: number;
  profileImage: Image;
  portfolio: Image[];
  eventImages: Image[];
  eventBody: Record<string, unknown>;
}
let before: Uploaded;
let session = '';

/** A CDN in front of the app: `${cdnBase}/<key>` fetches `${origin}/media/<key>`. */
async function startCdn(origin: () => string): Promise<string> {
  const port = await freePort();
  cdn = createServer((req, res) => {
    const target = new URL(`/media${(req.url ?? '/').replace(/^\/cdn/, '')}`, origin());
    const upstream = httpRequest(target, { method: req.method }, (up) => {
      res.writeHead(up.statusCode ?? 502, { 'content-type': up.headers['content-type'] ?? '', 'x-cdn': 'hit' });
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end();
  });
  await new Promise<void>((resolve) => cdn?.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${port}/cdn`;
}

async function restart(env: Record<string, string> = {}): Promise<RunningServer> {
  await server?.stop();
  const port = await freePort();
  server = await startServer({ ...keep, PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, ...env });
  return server;
}

/** Every picture the API answers for the photographer and the event, with where it must load from. */
async function answeredPictures(base: string, up: Uploaded) {
  const photographer = (await call(base, 'GET', `/api/v1/photographers/${up.photographerId}`)).body as {
    profileImage: Image;
    portfolio: Image[];
  };
  const event = (await call(base, 'GET', `/api/v1/promotions/${up.eventId}`)).body as { images: Image[] };
  return { profileImage: photographer.profileImage, portfolio: photographer.portfolio, images: event.images };
}

async function expectLoads(urls: string[], from: string): Promise<void> {
  for (const url of urls) {
    expect(url.startsWith(`${from}/`), url).toBe(true);
    expect(url).toMatch(KEY_URL);
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type'), url).toBe('image/webp');
    await res.arrayBuffer();
  }
}

/** Edits the event and both profiles sending `pictures` back as the client holds them; all must pass. */
async function editWith(base: string, token: string, up: Uploaded, pictures: Uploaded) {
  const event = await call(base, 'PUT', `/api/v1/promotions/${up.eventId}`, {
    token,
    body: { ...up.eventBody, title: '주소가 바뀐 뒤 고친 이벤트', images: pictures.eventImages },
  });
  expect(event.status, JSON.stringify(event.body)).toBe(200);
  const profile = await call(base, 'PUT', '/api/v1/photographers/me/profile', {
    token,
    body: {
      nickname: `작가 ${up.photographerId}`,
      profileImage: pictures.profileImage,
      mainPhotographyTypes: ['SNAP'],
      activeRegions: [{ category: '서울', name: '강남구' }],
    },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const page = await call(base, 'PUT', '/api/v1/photographers/me/page', {
    token,
    body: { portfolio: pictures.portfolio, address: null, instagramId: null, contactLink: null, description: '소개' },
  });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return { event: event.body as { images: Image[] }, profile: profile.body as { profileImage: Image } };
}

beforeAll(async () => {
  const first = await restart();
  const p = await newPhotographer(first.url, { withPage: true });
  const event = await createEvent(first.url, p.token, {
    images: await upload(first.url, p.token, 'PROMOTION_IMAGE', 2),
  });
  const shown = await answeredPictures(first.url, { photographerId: p.user.id, eventId: event.id } as Uploaded);
  const eventBody = (await call(first.url, 'GET', `/api/v1/promotions/${event.id}`)).body as Record<string, unknown>;
  before = {
    photographerId: p.user.id,
    eventId: event.id,
    profileImage: shown.profileImage,
    portfolio: shown.portfolio,
    eventImages: shown.images,
    eventBody: {
      promotionType: eventBody['promotionType'],
      title: eventBody['title'],
      content: eventBody['content'],
      externalLink: eventBody['externalLink'],
      startedAt: eventBody['startedAt'],
      endedAt: eventBody['endedAt'],
      photographyTypes: eventBody['photographyTypes'],
      activeRegions: eventBody['activeRegions'],
      hashtags: eventBody['hashtags'],
    },
  };
  await expectLoads([before.profileImage.url, ...before.portfolio.map((i) => i.url)], `${first.url}/media`);
  expect(before.eventImages).toHaveLength(2);
  session = p.token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (cdn ? cdn.close(() => resolve()) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pictures after PUBLIC_ORIGIN changes', () => {
  it('load from the new origin, and every ownership check passes with old and new URLs', async () => {
    const moved = await restart();
    expect(moved.url).not.toBe(new URL(before.profileImage.url).origin);
    const now = await answeredPictures(moved.url, before);
    await expectLoads(
      [now.profileImage.url, ...now.portfolio.map((i) => i.url), ...now.images.map((i) => i.url)],
      `${moved.url}/media`,
    );
    expect(now.images.map((i) => i.name)).toEqual(before.eventImages.map((i) => i.name));

    // The same session (the signing secret is kept in DATA_DIR) edits with what it holds.
    const token = session;
    // A page loaded before the move sends back the old URLs; one loaded after, the new ones.
    const old = await editWith(moved.url, token, before, before);
    expect(old.event.images.map((i) => i.url)).toEqual(now.images.map((i) => i.url));
    expect(old.profile.profileImage.url).toBe(now.profileImage.url);
    await editWith(moved.url, token, before, {
      ...before,
      profileImage: now.profileImage,
      portfolio: now.portfolio,
      eventImages: now.images,
    });
  });

  it('load through a CDN set by MEDIA_BASE_URL, and edits still pass', async () => {
    let origin = '';
    const cdnBase = await startCdn(() => origin);
    const behind = await restart({ MEDIA_BASE_URL: cdnBase });
    origin = behind.url;
    const now = await answeredPictures(behind.url, before);
    const urls = [now.profileImage.url, ...now.portfolio.map((i) => i.url), ...now.images.map((i) => i.url)];
    await expectLoads(urls, cdnBase);
    expect((await fetch(urls[0] ?? '')).headers.get('x-cdn')).toBe('hit');
    const edited = await editWith(behind.url, session, before, {
      ...before,
      profileImage: now.profileImage,
      portfolio: now.portfolio,
      eventImages: now.images,
    });
    expect(edited.event.images.map((i) => i.url)).toEqual(now.images.map((i) => i.url));
    // Another member may not take these pictures, whichever base they name.
    const other = await newUser(behind.url);
    for (const profileImage of [now.profileImage, before.profileImage]) {
      const stolen = await call(behind.url, 'PUT', '/api/v1/users/me/profile', {
        token: other.token,
        body: { nickname: other.user.nickname, instagramId: null, profileImage },
      });
      expect(stolen.status).toBe(422);
    }
  });
});
