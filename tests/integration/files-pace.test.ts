/**
 * Uploads nobody can block (issue 46, item 4), against a server of our own with one place in flight and
 * a short body deadline: a client that sends one byte every few hundred milliseconds holds no place while
 * its first file is still coming, and is answered 408 (the connection closed) once under the minimum
 * rate, which frees the place it took after a first whole file. Members who have not registered upload
 * their profile picture only.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, newUser, picture, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import { sleep } from '../security/lib';

interface Slow {
  /** Status and body of the answer, or the error that ended the request. */
  answered: Promise<{ status: number; body: string; ms: number }>;
  stop(): void;
}

/**
 * An upload that sends its head (and, with `firstFile`, one whole picture) at once, then one byte of a
 * file part every `everyMs`, for at most `maxBytes` bytes (bounded), never finishing the body.
 */
async function slowUpload(
  origin: string,
  token: string,
  options: { firstFile: boolean; everyMs: number; maxBytes: number },
): Promise<Slow> {
  const boundary = `----slow${Date.now()}`;
  const part = (name: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${name}"\r\ncontent-type: image/png\r\n\r\n`;
  const head = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="fileType"\r\n\r\nUSER_PROFILE_IMAGE\r\n`),
    ...(options.firstFile ? [Buffer.from(part('a.png')), await picture(), Buffer.from('\r\n')] : []),
    Buffer.from(part('b.png')),
  ]);
  const started = Date.now();
  let req: ClientRequest | null = null;
  let timer: NodeJS.Timeout | null = null;
  const answered = new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
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
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
        res.on('error', reject);
      },
    );
    // Writes after the server closed the connection fail; the answer is what counts.
    req.on('error', (err) => reject(err));
    req.write(head);
    let sent = 0;
    timer = setInterval(() => {
      if (sent++ >= options.maxBytes || req?.destroyed) {
        if (timer) clearInterval(timer);
        return;
      }
      req?.write(Buffer.from([0x89]));
    }, options.everyMs);
  });
  void answered.finally(() => timer && clearInterval(timer)).catch(() => undefined);
  return {
    answered,
    stop() {
      if (timer) clearInterval(timer);
      (req as ClientRequest | null)?.destroy();
    },
  };
}

async function send(origin: string, token: string, fileType = 'PROMOTION_IMAGE', count = 1) {
  const form = new FormData();
  form.append('fileType', fileType);
  for (let i = 0; i < count; i++)
    form.append('files', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), `p${i}.png`);
  const res = await fetch(`${origin}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

describe('slow upload bodies, with one place in flight and a body deadline of 3 s (1 KB/s over 1.2 s windows)', () => {
  let server: RunningServer;
  let slow: Session;
  let other: Session;

  beforeAll(async () => {
    server = await startServer(
      {
        UPLOADS_IN_FLIGHT_PER_MEMBER: '4',
        UPLOADS_IN_FLIGHT_TOTAL: '1',
        UPLOADS_IN_FLIGHT_PER_ADDRESS: '100',
        UPLOAD_BODY_TIMEOUT_MS: '3000',
        UPLOAD_RATE_WINDOW_MS: '1200',
        UPLOAD_MIN_RATE_KBPS: '1',
      },
      150_000,
    );
    [slow, other] = await Promise.all([newMember(server.url), newUser(server.url)]);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('holds no place while the first file is still coming, and answers 408 (Korean, connection closed)', async () => {
    const dribble = await slowUpload(server.url, slow.token, { firstFile: false, everyMs: 300, maxBytes: 60 });
    try {
      await sleep(300);
      // The only place is free: another member's upload goes through meanwhile.
      expect((await send(server.url, other.token)).status).toBe(201);
      const answer = await dribble.answered;
      expect(answer.status).toBe(408);
      expect(answer.ms).toBeLessThan(6_000);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/느리게/) });
    } finally {
      dribble.stop();
    }
  });

  it('frees the place a slow body took after its first whole file, within the window', async () => {
    const dribble = await slowUpload(server.url, slow.token, { firstFile: true, everyMs: 300, maxBytes: 60 });
    try {
      await sleep(400);
      const busy = await send(server.url, other.token);
      expect(busy.status).toBe(503);
      expect(Number(busy.retryAfter)).toBeGreaterThan(0);
      const answer = await dribble.answered;
      expect(answer.status).toBe(408);
      expect(answer.ms).toBeLessThan(6_000);
      expect((await send(server.url, other.token)).status).toBe(201);
    } finally {
      dribble.stop();
    }
  });

  it('lets a member who has not registered upload one profile picture, and nothing else (403)', async () => {
    const fresh = await newMember(server.url);
    const event = await send(server.url, fresh.token, 'PROMOTION_IMAGE');
    expect(event.status).toBe(403);
    expect(event.body).toMatchObject({ code: 'REGISTRATION_REQUIRED', message: expect.stringMatching(/프로필 사진/) });
    expect((await send(server.url, fresh.token, 'USER_PROFILE_IMAGE', 2)).status).toBe(403);
    expect((await send(server.url, fresh.token, 'USER_PROFILE_IMAGE', 1)).status).toBe(201);
  });
});
