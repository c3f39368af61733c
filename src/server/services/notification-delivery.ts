/**
 * Deliveries beyond the app (decision 025): the outbox `notification_deliveries`, one row per
 * notification and channel (unique), written with the notification in its transaction when the member
 * wants that channel and a channel of that name is registered. A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` (instances never take the same row), leasing each for a while before
 * sending, so a process killed mid-send leaves it to be sent again once the lease ends; a failure is
 * retried with backoff until `MAX_ATTEMPTS`, then `FAILED`.
 *
 * A channel is one adapter (`DeliveryChannel`): Web Push, KakaoTalk 알림톡 or e-mail add one, not a
 * trigger. Web Push (`src/server/push/`) is the one registered, when the server has VAPID keys.
 */
import type { Queryable } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';

export interface DeliveryItem {
  deliveryId: number;
  notificationId: number;
  recipientId: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  attempt: number;
}

/** What a channel answers: sent, or the recipient has no address there any more (nothing to retry). */
export type DeliveryOutcome = 'SENT' | 'GONE';

export interface DeliveryChannel {
  /** Names its outbox rows: only a process with a channel of this name registered sends them. */
  readonly name: string;
  /** The member's switch that governs it (`push`: the per-kind push setting). */
  readonly setting: 'push';
  /** Sends one notification; throws to be retried later. */
  send(item: DeliveryItem): Promise<DeliveryOutcome>;
}

const channels = new Map<string, DeliveryChannel>();

/** Registers a channel adapter (at startup; tests register a stand-in). */
export function registerChannel(channel: DeliveryChannel): void {
  channels.set(channel.name, channel);
}

export const hasChannels = (): boolean => channels.size > 0;

export function unregisterChannel(name: string): void {
  channels.delete(name);
}

/** The registered channels a notification goes to beyond the app (push, when the member wants it). */
export function channelsFor(setting: { push: boolean }): string[] {
  return [...channels.values()].filter((c) => setting[c.setting]).map((c) => c.name);
}

/** Writes the outbox rows of a new notification, in its transaction. */
export async function enqueueDeliveries(
  tx: Queryable,
  notificationId: number,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await tx.query(
    `insert into notification_deliveries (notification_id, channel)
     select $1, c from unnest($2::text[]) as c on conflict (notification_id, channel) do nothing`,
    [notificationId, names],
  );
}

export const MAX_ATTEMPTS = 6;
/** Sends of one pass in flight at once. */
export const SEND_CONCURRENCY = 8;
/** How long a claimed row is leased to its worker before another may take it. */
export const LEASE_MS = 60_000;
/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min, 8 min. */
export const backoffMs = (attempt: number): number => 30_000 * 2 ** Math.max(0, attempt - 1);

export interface DeliveryReport {
  /** Rows claimed by the pass (as many as its limit: more may be due). */
  claimed: number;
  sent: number;
  gone: number;
  retried: number;
  failed: number;
}

/**
 * One worker pass: claims up to `limit` due rows of registered channels (leasing them), sends each,
 * records the outcome. Safe to run on any number of instances at once.
 */
export async function deliverDue(db: Queryable, now = Date.now(), limit = 50): Promise<DeliveryReport> {
  const report: DeliveryReport = { claimed: 0, sent: 0, gone: 0, retried: 0, failed: 0 };
  const names = [...channels.keys()];
  if (names.length === 0) return report;
  const claimed = await db.query<{
    id: number;
    channel: string;
    attempts: number;
    notification_id: number;
    recipient_id: number;
    kind: string;
    title: string;
    body: string;
    link: string;
  }>(
    planGeneric(`with due as (
       select id from notification_deliveries
        where status = 'PENDING' and due_at <= $1 and channel = any($2::text[])
        order by due_at limit $3 for update skip locked)
     update notification_deliveries d set attempts = d.attempts + 1, due_at = $4
       from due, notifications n
      where d.id = due.id and n.id = d.notification_id
     returning d.id, d.channel, d.attempts, d.notification_id, n.recipient_id, n.kind, n.title, n.body, n.link`),
    [new Date(now), names, limit, new Date(now + LEASE_MS)],
  );
  report.claimed = claimed.length;
  const sendOne = async (row: (typeof claimed)[number]): Promise<void> => {
    const channel = channels.get(row.channel);
    if (!channel) return;
    try {
      const outcome = await channel.send({
        deliveryId: row.id,
        notificationId: row.notification_id,
        recipientId: row.recipient_id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        attempt: row.attempts,
      });
      await db.query(
        `update notification_deliveries set status = 'SENT', sent_at = $2, last_error = $3 where id = $1`,
        [row.id, new Date(), outcome === 'GONE' ? 'gone' : null],
      );
      if (outcome === 'GONE') report.gone++;
      else report.sent++;
    } catch (err) {
      const last = row.attempts >= MAX_ATTEMPTS;
      await db.query(`update notification_deliveries set status = $2, due_at = $3, last_error = $4 where id = $1`, [
        row.id,
        last ? 'FAILED' : 'PENDING',
        new Date(now + backoffMs(row.attempts)),
        String(err).slice(0, 500),
      ]);
      if (last) report.failed++;
      else report.retried++;
    }
  };
  // Several at once: a push service's round trip is most of a send, and a pass holds its rows leased.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, async () => {
      while (next < claimed.length) await sendOne(claimed[next++]!);
    }),
  );
  return report;
}
