/**
 * What one member can make the server hold or do with images: names in image lists are bounded and a
 * picture appears once per list (the shared server); image work in flight is bounded per member and
 * in total (a server of our own with small limits).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMAGE_NAME_MAX } from '#lib/rules/image-name';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { call, eventBody, newPhotographer, newUser, picture, upload, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { sleep, waitFor } from '../security/lib';

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

/**
 * An upload whose body stays open after one complete picture (the next part begun): it holds its place
 * (taken with the first whole file) until `finish` sends a second picture and ends the body.
 */
async function openUpload(origin: string, token: string) {
  const boundary = `----hold${Date.now()}`;
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="fileType"\r\n\r\nPROMOTION_IMAGE\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`;
  const png = await picture();
  let req: ClientRequest | null = null;
  const answered = new Promise<number>((resolve, reject) => {
    req = httpRequest(
      `${origin}/api/v1/files`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    const next = `\r\n--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="b.png"\r\ncontent-type: image/png\r\n\r\n`;
    req.write(Buffer.concat([Buffer.from(head), png, Buffer.from(next)]));
  });
  // Answered before `finish` means it was not held: the test says so instead of timing out.
  let early: string | null = null;
  answered.then(
    (status) => (early = `answered ${status} while held`),
    (err: unknown) => (early = `failed while held: ${String(err)}`),
  );
  // Let the server take it in before anything else is sent.
  await sleep(300);
  return {
    answered,
    early: () => early,
    async finish() {
      const second = await picture();
      (req as ClientRequest | null)?.end(Buffer.concat([second, Buffer.from(`\r\n--${boundary}--\r\n`)]));
      return answered;
    },
  };
}

describe('image work in flight, with UPLOADS_IN_FLIGHT_PER_MEMBER=1 and UPLOADS_IN_FLIGHT_TOTAL=2', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // The held uploads wait on purpose: no minimum rate here (files-pace.test.ts tests it).
    server = await startServer({
      UPLOADS_IN_FLIGHT_PER_MEMBER: '1',
      UPLOADS_IN_FLIGHT_TOTAL: '2',
      UPLOAD_MIN_RATE_KBPS: '0',
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const send = async (token: string) => {
    const form = new FormData();
    form.append('fileType', 'PROMOTION_IMAGE');
    form.append('files', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'b.png');
    const res = await fetch(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
  };

  it('answers 429 past the member bound and 503 past the total, with Retry-After and the envelope', async () => {
    // Registered: a member who has not registered may upload a profile picture only.
    const [alice, bob, carol] = await Promise.all([newUser(server.url), newUser(server.url), newUser(server.url)]);
    const held = await openUpload(server.url, alice.token);
    let refused: Awaited<ReturnType<typeof send>> | null = null;
    await waitFor(
      async () => {
        refused = await send(alice.token);
        return refused.status === 429;
      },
      10_000,
      "alice's second upload refused",
    ).catch((err: Error) => {
      throw new Error(`${err.message} (held upload: ${held.early() ?? 'still open'})`);
    });
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);
    expect(refused!.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/[가-힣]/) });
    // Another member is not held up by alice's upload.
    expect((await send(bob.token)).status).toBe(201);

    const heldToo = await openUpload(server.url, bob.token);
    let full: Awaited<ReturnType<typeof send>> | null = null;
    await waitFor(
      async () => {
        full = await send(carol.token);
        return full.status === 503;
      },
      10_000,
      "carol's upload refused while two are in flight",
    ).catch((err: Error) => {
      throw new Error(`${err.message} (held: ${held.early() ?? 'open'}, ${heldToo.early() ?? 'open'})`);
    });
    expect(Number(full!.retryAfter)).toBeGreaterThan(0);
    expect(full!.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/[가-힣]/) });

    // Answered uploads give their places back.
    expect(await held.finish()).toBe(201);
    expect(await heldToo.finish()).toBe(201);
    expect((await send(carol.token)).status).toBe(201);
    expect((await send(alice.token)).status).toBe(201);
  });
});
