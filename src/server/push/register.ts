/**
 * Turns Web Push on at startup when the server has VAPID keys (always in demo and test, in production
 * when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set): the outbox then writes a push row for each
 * notification of a member who wants push and has a browser subscribed.
 */
import { getDb } from '#server/db/index';
import { log } from '#server/log';
import { registerChannel, unregisterChannel } from '#server/services/notification-delivery';
import { pushChannel } from './channel';
import { pushEndpointPolicy } from './policy';
import { getVapidKeys } from './vapid';

type Hook = () => Promise<void>;

export function registerPush(hooks: { onStart(hook: Hook): void; onStop(hook: Hook): void }): void {
  hooks.onStart(async () => {
    const keys = getVapidKeys();
    if (!keys) {
      log('info', 'web push off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to send it');
      return;
    }
    registerChannel(pushChannel({ db: getDb, keys, policy: pushEndpointPolicy }));
  });
  hooks.onStop(async () => unregisterChannel('push'));
}
