/**
 * The Web Push channel (decision 025's `DeliveryChannel`): one outbox row of a notification becomes one
 * encrypted message (RFC 8291, aes128gcm) signed with the server's VAPID key (RFC 8292) to each browser
 * the recipient subscribed. `web-push` builds each request; it is sent with fetch, so a push service
 * answers within `PUSH_TIMEOUT_MS`. A `Topic` names the notification: a resend after a crash replaces
 * the undelivered copy instead of showing it twice.
 *
 * Outcomes: sent to every browser that still exists → SENT; 404 or 410 for a browser removes it; no
 * browser left → GONE; any other failure (5xx, 429, a timeout) throws, and the outbox retries with backoff.
 */
import webpush from 'web-push';
import type { Queryable } from '#server/db/index';
import { isAllowedEndpoint, type PushEndpointPolicy } from './policy';
import type { DeliveryChannel, DeliveryItem, DeliveryOutcome } from '#server/services/notification-delivery';
import { pushSubscriptionsOf, removePushSubscription } from '#server/services/push-subscriptions';
import type { VapidKeys } from './vapid';

export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a phone that is off: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What the service worker shows (public/sw.js reads exactly these fields). */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

export const pushPayloadOf = (item: DeliveryItem): PushPayload => ({
  title: item.title,
  body: item.body,
  link: item.link,
  tag: `n${item.notificationId}`,
});

export function pushChannel(opts: {
  /** `push`; a test names its own so that no server sharing its database takes its rows. */
  name?: string;
  db: () => Promise<Queryable>;
  keys: VapidKeys;
  policy: () => PushEndpointPolicy;
}): DeliveryChannel {
  return {
    name: opts.name ?? 'push',
    setting: 'push',
    async send(item: DeliveryItem): Promise<DeliveryOutcome> {
      const db = await opts.db();
      const subs = await pushSubscriptionsOf(db, item.recipientId);
      const payload = JSON.stringify(pushPayloadOf(item));
      let delivered = 0;
      const failures: string[] = [];
      for (const sub of subs) {
        // Re-checked at send time: a policy narrowed since the browser subscribed sends nothing there.
        if (!isAllowedEndpoint(sub.endpoint, opts.policy())) {
          await removePushSubscription(db, sub.id);
          continue;
        }
        const req = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub }, payload, {
          vapidDetails: opts.keys,
          TTL: PUSH_TTL_SECONDS,
          topic: `n${item.notificationId}`,
          urgency: 'normal',
        });
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = String(v);
        delete headers['Content-Length'];
        let status: number;
        try {
          const res = await fetch(req.endpoint, {
            method: 'POST',
            headers,
            body: req.body ? new Uint8Array(req.body) : null,
            redirect: 'error',
            signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          });
          status = res.status;
          await res.body?.cancel().catch(() => undefined);
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
          continue;
        }
        if (status === 404 || status === 410) await removePushSubscription(db, sub.id);
        else if (status >= 200 && status < 300) delivered++;
        else failures.push(`push service answered ${status}`);
      }
      if (failures.length > 0) throw new Error(failures.join('; '));
      return delivered > 0 ? 'SENT' : 'GONE';
    },
  };
}
