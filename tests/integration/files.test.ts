/**
 * POST /api/v1/files and GET /media/<key> over HTTP, against the built server: the shared one (local
 * disk storage), and one of our own with the S3 driver against fauxqs and a small upload rate limit.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, signIn, uniqueAccount, uniqueNickname, type LoginAnswer } from '../support/auth';
import { pngClaiming, phoneJpeg, solidPng } from '../support/images';
import { startTestS3, type TestS3 } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

const base = inject('baseUrl');
const MAX = 3_145_728;

interface Part {
  name: string;
  bytes: Uint8Array;
}

function form(fileType: string | null, files: Part[]): FormData {
  const fd = new FormData();
  if (fileType !== null) fd.append('fileType', fileType);
  for (const f of files) fd.append('files', new Blob([new Uint8Array(f.bytes)], { type: 'image/jpeg' }), f.name);
  return fd;
}

async function post(body: BodyInit, headers: Record<string, string>) {
  const res = await fetch(`${base}/api/v1/files`, { method: 'POST', headers, body });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    connection: res.headers.get('connection'),
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

/** Media URLs carry PUBLIC_ORIGIN; fetch them from the test server. */
const local = (url: string): string => `${base}${new URL(url).pathname}`;

describe('POST /api/v1/files', () => {
  let me: LoginAnswer;
  let auth: Record<string, string>;
  let png: Buffer;

  beforeAll(async () => {
    me = await signIn(base, uniqueAccount('uploader'));
    auth = bearer(me);
    // Registered: before that a member may upload one profile picture only (files-pace.test.ts).
    const registered = await fetch(`${base}/api/v1/users/me/registration`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: uniqueNickname(), gender: 'FEMALE', instagramId: null }),
    });
    expect(registered.status).toBe(200);
    png = await solidPng(64, 48);
  });

  it('is for members only: anonymous and `Bearer null` are 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer null' }]) {
      const res = await post(form('PROMOTION_IMAGE', [{ name: 'a.png', bytes: png }]), headers);
      expect(res.status).toBe(401);
      expect(res.body['code']).toBe('INVALID_AUTH_CREDENTIALS');
    }
  });

  it('answers 201 with name and url; the stored image is upright, ≤ 2048 px, EXIF-free and cached forever', async () => {
    const res = await post(form('PROMOTION_IMAGE', [{ name: '촬영 현장.jpg', bytes: await phoneJpeg() }]), auth);
    expect(res.status).toBe(201);
    const files = res.body['files'] as { name: string; url: string }[];
    expect(files).toHaveLength(1);
    expect(files[0]?.name).toBe('촬영 현장.jpg');
    const url = files[0]?.url ?? '';
    expect(url).toMatch(/^https?:\/\/[^/]+\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);

    const img = await fetch(local(url));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await img.arrayBuffer());
    expect(img.headers.get('content-length')).toBe(String(bytes.length));
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1536, 2048]);
    expect(meta.exif).toBeUndefined();

    const etag = img.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await fetch(local(url), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const thumb = await fetch(local(url.replace(/\.webp$/, '_480.webp')));
    expect(thumb.status).toBe(200);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([360, 480]);

    const head = await fetch(local(url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
  });

  it('keeps the upload order of several files', async () => {
    const parts = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map(async (c, i) => ({
        name: `${i + 1}.png`,
        bytes: await solidPng(30 + i, 30, c),
      })),
    );
    const res = await post(form('PHOTOGRAPHER_PORTFOLIO_IMAGE', parts), auth);
    expect(res.status).toBe(201);
    const files = res.body['files'] as { name: string; url: string }[];
    expect(files.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png']);
    for (const [i, f] of files.entries()) {
      const meta = await sharp(Buffer.from(await (await fetch(local(f.url))).arrayBuffer())).metadata();
      expect(meta.width).toBe(30 + i);
    }
  });

  it('answers 415 for a text file renamed .jpg', async () => {
    const res = await post(
      form('USER_PROFILE_IMAGE', [
        { name: 'photo.jpg', bytes: new TextEncoder().encode('not a picture '.repeat(100)) },
      ]),
      auth,
    );
    expect(res.status).toBe(415);
    expect(res.type).toMatch(/application\/json/);
    expect(res.body['code']).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(String(res.body['message'])).toMatch(/[가-힣]/);
  });

  it('refuses a PNG whose header claims 100000×100000 quickly (413)', async () => {
    const started = performance.now();
    const res = await post(form('PROMOTION_IMAGE', [{ name: 'bomb.png', bytes: pngClaiming(100_000, 100_000) }]), auth);
    expect(res.status).toBe(413);
    expect(res.body['code']).toBe('PAYLOAD_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('answers 413 for a 3,145,729-byte file and 201 for 3,145,728 bytes', async () => {
    const padded = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(png);
      return bytes;
    };
    const over = await post(form('PROMOTION_IMAGE', [{ name: 'over.png', bytes: padded(MAX + 1) }]), auth);
    expect(over.status).toBe(413);
    expect(over.body['code']).toBe('PAYLOAD_TOO_LARGE');
    const exact = await post(form('PROMOTION_IMAGE', [{ name: 'exact.png', bytes: padded(MAX) }]), auth);
    expect(exact.status).toBe(201);
  });

  it('answers 413 for a body far over the limits, without reading it all into memory', async () => {
    const res = await post(
      form('PROMOTION_IMAGE', [{ name: 'huge.png', bytes: new Uint8Array(45 * 1024 * 1024) }]),
      auth,
    );
    expect(res.status).toBe(413);
    // The rest of the body is left unread on the connection: a client must not send another request on it.
    expect(res.connection).toBe('close');
    // A body read to its end keeps the connection.
    const small = await post(
      form(
        'PROMOTION_IMAGE',
        Array.from({ length: 11 }, () => ({ name: 'a.png', bytes: png })),
      ),
      auth,
    );
    expect([small.status, small.connection]).toEqual([413, 'keep-alive']);
  });

  it('answers 413 for 11 files and 201 for 10', async () => {
    const parts = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `${i}.png`, bytes: png }));
    const eleven = await post(form('PROMOTION_IMAGE', parts(11)), auth);
    expect(eleven.status).toBe(413);
    expect(eleven.body['code']).toBe('PAYLOAD_TOO_LARGE');
    const ten = await post(form('PROMOTION_IMAGE', parts(10)), auth);
    expect(ten.status).toBe(201);
    expect(ten.body['files']).toHaveLength(10);
  });

  it('answers 400 without a file part, without a valid fileType, and for a truncated body', async () => {
    expect((await post(form('PROMOTION_IMAGE', []), auth)).status).toBe(400);
    expect((await post(form(null, [{ name: 'a.png', bytes: png }]), auth)).status).toBe(400);
    const bad = await post(form('EVENT_BANNER', [{ name: 'a.png', bytes: png }]), auth);
    expect([bad.status, bad.body['code']]).toEqual([400, 'BAD_REQUEST']);
    const truncated = Buffer.concat([
      Buffer.from(
        '--b0undary\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nPROMOTION_IMAGE\r\n' +
          '--b0undary\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      png.subarray(0, 40),
    ]);
    const cut = await post(truncated, { ...auth, 'content-type': 'multipart/form-data; boundary=b0undary' });
    expect([cut.status, cut.body['code']]).toEqual([400, 'BAD_REQUEST']);
  });

  it('answers 415 for a body that is not multipart/form-data', async () => {
    const res = await post(JSON.stringify({ fileType: 'PROMOTION_IMAGE' }), {
      ...auth,
      'content-type': 'application/json',
    });
    expect([res.status, res.body['code']]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('answers 405 for other methods', async () => {
    const res = await fetch(`${base}/api/v1/files`, { headers: auth });
    expect(res.status).toBe(405);
  });
});

describe('GET /media/<key>', () => {
  it('never serves anything but a stored image', async () => {
    const missing = `${base}/media/ab/${'ab'.repeat(32)}.webp`;
    for (const url of [
      missing,
      `${base}/media/%2e%2e/%2e%2e/package.json`,
      `${base}/media/..%2f..%2fpackage.json`,
      `${base}/media/ab/${'ab'.repeat(32)}.webp.tmp`,
      `${base}/media/`,
    ]) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, url).not.toBe(200);
      expect(res.headers.get('content-type') ?? '', url).not.toMatch(/^image\//);
      expect(await res.text(), url).not.toContain('"dependencies"');
    }
  });
});

describe('image URLs in bodies', () => {
  it("refuses another member's uploaded URL in a profile (422)", async () => {
    const register = async (login: LoginAnswer) => {
      const res = await fetch(`${base}/api/v1/users/me/registration`, {
        method: 'POST',
        headers: { ...bearer(login), 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: uniqueNickname(), gender: 'FEMALE', instagramId: null }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { nickname: string }).nickname;
    };
    const alice = await signIn(base, uniqueAccount('alice'));
    const bob = await signIn(base, uniqueAccount('bob'));
    await register(alice);
    const bobNickname = await register(bob);
    const upload = await post(
      form('USER_PROFILE_IMAGE', [{ name: 'alice.png', bytes: await solidPng(90, 90, '#aa00aa') }]),
      bearer(alice),
    );
    const image = (upload.body['files'] as { name: string; url: string }[])[0];

    const put = (login: LoginAnswer, nickname: string) =>
      fetch(`${base}/api/v1/users/me/profile`, {
        method: 'PUT',
        headers: { ...bearer(login), 'content-type': 'application/json' },
        body: JSON.stringify({ nickname, instagramId: null, profileImage: image }),
      });
    const stolen = await put(bob, bobNickname);
    expect(stolen.status).toBe(422);
    expect(((await stolen.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
  });
});

describe('with STORAGE_DRIVER=s3 (fauxqs on loopback) and RATE_LIMIT_UPLOAD=3', () => {
  let s3: TestS3;
  let server: RunningServer;

  beforeAll(async () => {
    s3 = await startTestS3('damabwa-http');
    server = await startServer({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      RATE_LIMIT_UPLOAD: '3',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('stores uploads in the bucket and answers bucket URLs; the 4th upload in a minute is 429', async () => {
    const login = await signIn(server.url, uniqueAccount('s3'));
    const registered = await fetch(`${server.url}/api/v1/users/me/registration`, {
      method: 'POST',
      headers: { ...bearer(login), 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: uniqueNickname(), gender: 'FEMALE', instagramId: null }),
    });
    expect(registered.status).toBe(200);
    const photo = await phoneJpeg(1200, 900);
    const send = () =>
      fetch(`${server.url}/api/v1/files`, {
        method: 'POST',
        headers: bearer(login),
        body: form('PROMOTION_IMAGE', [{ name: 'banner.jpg', bytes: photo }]),
      });
    const first = await send();
    expect(first.status).toBe(201);
    const [file] = ((await first.json()) as { files: { name: string; url: string }[] }).files;
    expect(file?.url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/[0-9a-f]{2}/[0-9a-f]{64}\\.webp$`));
    const object = await fetch(file?.url ?? '');
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/webp');
    expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 900, 1200, undefined]);
    expect((await fetch((file?.url ?? '').replace(/\.webp$/, '_480.webp'))).status).toBe(200);

    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { code: string }).code).toBe('TOO_MANY_REQUESTS');
  });
});
