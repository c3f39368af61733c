/**
 * Web Push end to end inside one process (issue 42), on PGlite and on PostgreSQL: a notification's
 * outbox row is encrypted and VAPID-signed by the push channel, sent over HTTP to the local push
 * stand-in, which checks the signature and decrypts it (RFC 8291/8292) as a phone's push service and
 * browser would. A gone browser (410) is removed; a failing push service is retried with backoff; a
 * push signed by another key than the browser subscribed with is refused and retried, never shown.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationText } from '#lib/copy-notifications';
import type { Db } from '#server/db/index';
import { pushChannel } from '#server/push/channel';
import type { PushEndpointPolicy } from '#server/push/policy';
import { createDevice, messagesOf, receivePush } from '#server/push/stand-in';
import { backoffMs, deliverDue, registerChannel, unregisterChannel } from '#server/services/notification-delivery';
import { notify } from '#server/services/notifications';
import { pushSubscriptionsOf, savePushSubscription } from '#server/services/push-subscriptions';
import { insertMember, openTestDb } from '../support/db';

let db: Db;
let server: Server;
let origin = '';
let policy: PushEndpointPolicy;
const CHANNEL = 'push-channel-test';
const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:partner@damabwa.kr' };

beforeAll(async () => {
  db = await openTestDb();
  // The stand-in push service on a port of its own, as a phone's push service would be.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace('/dev/push/', '');
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      void receivePush(id, origin, headers, Buffer.concat(chunks)).then((answer) => {
        res.writeHead(answer.status).end(answer.message ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  policy = { hosts: ['fcm.googleapis.com'], standInOrigin: origin };
  // A name of its own: a server sharing the PostgreSQL pass's database never takes these rows.
  registerChannel(pushChannel({ name: CHANNEL, db: async () => db, keys, policy: () => policy }));
});

afterAll(async () => {
  unregisterChannel(CHANNEL);
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

/** A member with one stand-in browser subscribed (made for `serverKey`, by default the server's). */
async function subscribed(opts: { gone?: boolean; failures?: number; serverKey?: string } = {}) {
  const m = await insertMember(db);
  const device = createDevice(`${origin}/dev/push`, {
    applicationServerKey: opts.serverKey ?? keys.publicKey,
    ...(opts.gone ? { gone: true } : {}),
    ...(opts.failures ? { failures: opts.failures } : {}),
  });
  await savePushSubscription(db, m.id, device.subscription, policy);
  return { memberId: m.id, deviceId: device.id };
}

async function tell(memberId: number, key: string): Promise<number> {
  const text = notificationText.declined('가을 스냅', '다음에 또 신청해 주세요');
  const id = await notify(db, {
    recipientId: memberId,
    actorId: null,
    kind: 'APPLICATION_DECLINED',
    ...text,
    link: '/my/applications',
    dedupeKey: `push-test:${memberId}:${key}`,
  });
  expect(id).not.toBeNull();
  return id!;
}

const delivery = async (notificationId: number) =>
  (
    await db.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from notification_deliveries where notification_id = $1',
      [notificationId],
    )
  )[0];

describe('Web Push through the stand-in push service', () => {
  it('the phone decrypts exactly the notification’s Korean text, link and topic', async () => {
    const { memberId, deviceId } = await subscribed();
    const id = await tell(memberId, 'shown');
    await deliverDue(db, Date.now() + 40 * 86_400_000, 1000);
    expect(await delivery(id)).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
    expect(messagesOf(deviceId)).toEqual([
      expect.objectContaining({
        title: '‘가을 스냅’ 신청 결과',
        body: '아쉽지만 이번에는 선정되지 않았어요.\n작가님 메시지: 다음에 또 신청해 주세요',
        link: '/my/applications',
        tag: `n${id}`,
        topic: `n${id}`,
        ttl: 86_400,
      }),
    ]);
  });

  it('a browser the push service calls gone (410) is removed, and nothing is retried', async () => {
    const { memberId, deviceId } = await subscribed({ gone: true });
    const id = await tell(memberId, 'gone');
    await deliverDue(db, Date.now() + 41 * 86_400_000, 1000);
    expect(await delivery(id)).toMatchObject({ status: 'SENT', last_error: 'gone' });
    expect(await pushSubscriptionsOf(db, memberId)).toEqual([]);
    expect(messagesOf(deviceId)).toEqual([]);
  });

  it('a push service failing is retried after its backoff and the phone shows it once', async () => {
    const { memberId, deviceId } = await subscribed({ failures: 1 });
    const id = await tell(memberId, 'retry');
    const t0 = Date.now() + 42 * 86_400_000;
    await deliverDue(db, t0, 1000);
    expect(await delivery(id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await delivery(id))?.last_error).toMatch(/503/);
    expect(messagesOf(deviceId)).toEqual([]);
    await deliverDue(db, t0 + backoffMs(1), 1000);
    expect(await delivery(id)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(messagesOf(deviceId)).toHaveLength(1);
    expect(await pushSubscriptionsOf(db, memberId)).toHaveLength(1);
  });

  it('a push signed with another key than the browser subscribed with is refused (403), not shown', async () => {
    const other = webpush.generateVAPIDKeys().publicKey;
    const { memberId, deviceId } = await subscribed({ serverKey: other });
    const id = await tell(memberId, 'wrong-key');
    await deliverDue(db, Date.now() + 43 * 86_400_000, 1000);
    expect((await delivery(id))?.last_error).toMatch(/403/);
    expect(messagesOf(deviceId)).toEqual([]);
  });

  it('the stand-in refuses a push without a valid VAPID signature or not encrypted', async () => {
    const device = createDevice(`${origin}/dev/push`);
    const unsigned = await receivePush(device.id, origin, new Headers({ ttl: '60' }), Buffer.from('hello'));
    expect(unsigned.status).toBe(401);
    const req = webpush.generateRequestDetails(device.subscription, 'x', { vapidDetails: keys });
    const elsewhere = await receivePush(
      device.id,
      'https://fcm.googleapis.com',
      new Headers({ authorization: String(req.headers['Authorization']), ttl: '60', 'content-encoding': 'aes128gcm' }),
      req.body as Buffer,
    );
    expect(elsewhere.status).toBe(401);
  });
});
