/**
 * Web Push through the HTTP API (issue 42): the VAPID public key, storing and forgetting a browser's
 * subscription (only one's own, only a known push service, well-formed keys), and the whole path on the
 * running server: a member applies, and the photographer's "phone" (the push stand-in under /dev/push)
 * receives and decrypts the Korean notification within seconds.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createEvent, day, newPhotographer, newUser, type Session } from '../support/api';

const base = inject('baseUrl');

interface Device {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}
interface Shown {
  title: string;
  body: string;
  link: string;
  topic: string | null;
}

let publicKey = '';
const device = async (opts: Record<string, unknown> = {}): Promise<Device> => {
  const res = await call(base, 'POST', '/dev/push/devices', { body: { applicationServerKey: publicKey, ...opts } });
  expect(res.status).toBe(201);
  return res.body as Device;
};
const shown = async (d: Device) =>
  ((await call(base, 'GET', `/dev/push/${d.id}`)).body as { messages: Shown[] }).messages;
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const res = await call(base, 'GET', '/api/v1/push/vapid-public-key');
  expect(res.status).toBe(200);
  publicKey = (res.body as { publicKey: string }).publicKey;
});

describe('push subscriptions API', () => {
  it('answers the VAPID public key: an uncompressed P-256 point, base64url', () => {
    const point = Buffer.from(publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
  });

  it('refuses a caller who is not signed in, and endpoints that are no push service', async () => {
    const d = await device();
    expect((await call(base, 'POST', '/api/v1/users/me/push-subscriptions', { body: d.subscription })).status).toBe(
      401,
    );
    const me = await newUser(base);
    const post = (body: unknown) =>
      call(base, 'POST', '/api/v1/users/me/push-subscriptions', { token: me.token, body });
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      `${base}/api/v1/users/me`,
      'not a url',
      `https://fcm.googleapis.com/${'x'.repeat(1_100)}`,
    ]) {
      const res = await post({ ...d.subscription, endpoint });
      expect(res.status, endpoint).toBe(422);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: '이 브라우저의 알림 서비스는 지원하지 않아요.',
      });
    }
    for (const keys of [
      {},
      { p256dh: 'abc', auth: d.subscription.keys.auth },
      { p256dh: d.subscription.keys.p256dh, auth: 'a' },
    ])
      expect((await post({ ...d.subscription, keys })).status).toBe(422);
    expect((await post([])).status).toBe(400);
    // A real push service's address is taken.
    expect((await post({ ...d.subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' })).status).toBe(
      204,
    );
  });

  it('a photographer’s phone shows the new application within seconds; after DELETE it shows nothing more', async () => {
    const [author, applicant, other] = await Promise.all([newPhotographer(base), newUser(base), newUser(base)]);
    const phone = await device();
    const saved = await call(base, 'POST', '/api/v1/users/me/push-subscriptions', {
      token: author.token,
      body: phone.subscription,
    });
    expect(saved.status).toBe(204);
    const events = await Promise.all(
      [1, 2, 3].map((n) =>
        createEvent(base, author.token, {
          applyMode: 'IN_APP',
          externalLink: '',
          capacity: 3,
          title: `푸시 시험 이벤트 ${n}`,
        }),
      ),
    );
    const apply = (who: Session, n: number) =>
      call(base, 'POST', `/api/v1/promotions/${events[n]!.id}/applications`, {
        token: who.token,
        body: { introduction: '신청합니다', preferredDates: [day(1)], consent: true },
      });
    expect((await apply(applicant, 0)).status).toBe(201);
    const got = await until(
      () => shown(phone),
      (m) => m.length > 0,
    );
    expect(got).toEqual([
      expect.objectContaining({
        title: '새 신청 1건',
        body: '‘푸시 시험 이벤트 1’에 새 신청이 들어왔어요. 신청자를 확인해 보세요.',
        link: `/my/inbox/${events[0]!.id}`,
      }),
    ]);
    const del = (who: Session) =>
      call(base, 'DELETE', '/api/v1/users/me/push-subscriptions', {
        token: who.token,
        body: { endpoint: phone.subscription.endpoint },
      });
    // Another member cannot stop it.
    expect((await del(other)).status).toBe(204);
    expect((await apply(applicant, 1)).status).toBe(201);
    expect(
      await until(
        () => shown(phone),
        (m) => m.length > 1,
      ),
    ).toHaveLength(2);
    // The author can, and it is idempotent.
    expect((await del(author)).status).toBe(204);
    expect((await del(author)).status).toBe(204);
    expect((await apply(applicant, 2)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 4_500));
    expect(await shown(phone)).toHaveLength(2);
  }, 60_000);
});
