/**
 * The outbox of deliveries beyond the app (issue 42, decision 025), on PGlite and on PostgreSQL, with a
 * stand-in channel: a delivery is written with its notification when the member wants the channel,
 * retried with backoff after a failure, given up after the last attempt, and sent once per
 * notification and channel however many workers run at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index';
import {
  MAX_ATTEMPTS,
  backoffMs,
  deliverDue,
  registerChannel,
  unregisterChannel,
  type DeliveryItem,
} from '#server/services/notification-delivery';
import { notify, updateNotificationSettings } from '#server/services/notifications';
import { insertMember, openTestDb } from '../support/db';

let db: Db;
let sent: DeliveryItem[] = [];
/** How many more times the stand-in fails each notification's send. */
const failures = new Map<number, number>();

beforeAll(async () => {
  db = await openTestDb();
  // A name of its own: a server sharing the PostgreSQL pass's database never takes these rows.
  registerChannel({
    name: 'push-outbox-test',
    setting: 'push',
    send: async (item) => {
      const left = failures.get(item.notificationId) ?? 0;
      if (left > 0) {
        failures.set(item.notificationId, left - 1);
        throw new Error('push service answered 503');
      }
      sent.push(item);
      return 'SENT';
    },
  });
});

afterEach(() => {
  sent = [];
  failures.clear();
});

afterAll(async () => {
  unregisterChannel('push-outbox-test');
  await db.close();
});

/** A member told of something; `push`: they want push; `device`: they have a browser subscribed. */
async function told(
  key: string,
  push = true,
  device = true,
): Promise<{ memberId: number; notificationId: number | null }> {
  const m = await insertMember(db);
  const me = { id: m.id, type: 'USER' as const, roles: ['USER' as const], nickname: m.nickname };
  if (device)
    await db.query(`insert into push_subscriptions (member_id, endpoint, p256dh, auth) values ($1, $2, 'k', 'a')`, [
      m.id,
      `https://fcm.googleapis.com/fcm/send/delivery-test-${m.id}`,
    ]);
  if (!push)
    await updateNotificationSettings(db, me, {
      settings: [{ kind: 'APPLICATION_DECLINED', inApp: true, push: false }],
    });
  const notificationId = await notify(db, {
    recipientId: m.id,
    actorId: null,
    kind: 'APPLICATION_DECLINED',
    title: '‘가을 스냅’ 신청 결과',
    body: '아쉽지만 이번에는 선정되지 않았어요.',
    link: '/my/applications',
    dedupeKey: `delivery-test:${m.id}:${key}`,
  });
  return { memberId: m.id, notificationId };
}

const delivery = async (notificationId: number) =>
  (
    await db.query<{ status: string; attempts: number; due_at: Date }>(
      'select status, attempts, due_at from notification_deliveries where notification_id = $1',
      [notificationId],
    )
  )[0];

describe('the outbox', () => {
  it('is written with the notification only when the member wants push and has a browser subscribed', async () => {
    const on = await told('on');
    const off = await told('off', false);
    const noBrowser = await told('no-browser', true, false);
    expect(await delivery(on.notificationId!)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await delivery(off.notificationId!)).toBeUndefined();
    expect(noBrowser.notificationId).not.toBeNull();
    expect(await delivery(noBrowser.notificationId!)).toBeUndefined();
  });

  it('retries a failed send after its backoff, then sends it once', async () => {
    const { notificationId } = await told('retry');
    // Far in the future: every row other tests left is due too; only ours is looked at.
    const t0 = Date.now() + 10 * 86_400_000;
    failures.set(notificationId!, 2);
    await deliverDue(db, t0, 1000);
    expect(await delivery(notificationId!)).toMatchObject({ status: 'PENDING', attempts: 1 });
    // Not due again before its backoff.
    await deliverDue(db, t0 + backoffMs(1) - 1000, 1000);
    expect((await delivery(notificationId!))?.attempts).toBe(1);
    await deliverDue(db, t0 + backoffMs(1), 1000);
    expect(await delivery(notificationId!)).toMatchObject({ status: 'PENDING', attempts: 2 });
    await deliverDue(db, t0 + backoffMs(1) + backoffMs(2), 1000);
    expect(await delivery(notificationId!)).toMatchObject({ status: 'SENT', attempts: 3 });
    expect(sent.filter((s) => s.notificationId === notificationId)).toEqual([
      expect.objectContaining({ title: '‘가을 스냅’ 신청 결과', link: '/my/applications', attempt: 3 }),
    ]);
    await deliverDue(db, t0 + 86_400_000, 1000);
    expect(sent.filter((s) => s.notificationId === notificationId)).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const { notificationId } = await told('give-up');
    let t = Date.now() + 20 * 86_400_000;
    failures.set(notificationId!, 1_000);
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await deliverDue(db, t, 1000);
      t += backoffMs(i);
    }
    expect(await delivery(notificationId!)).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS });
  });

  it('several workers at once send each delivery once', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => told(`many-${i}`)));
    const t = Date.now() + 30 * 86_400_000;
    await Promise.all(Array.from({ length: 4 }, () => deliverDue(db, t, 5)));
    await Promise.all(Array.from({ length: 4 }, () => deliverDue(db, t, 1000)));
    for (const { notificationId } of ids) {
      expect(
        sent.filter((s) => s.notificationId === notificationId),
        String(notificationId),
      ).toHaveLength(1);
    }
  });
});
