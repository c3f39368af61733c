import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { noContent } from '#server/http/respond';
import { pushEndpointPolicy } from '#server/push/policy';
import { deletePushSubscription, savePushSubscription } from '#server/services/push-subscriptions';

/** The browser's `PushSubscription` JSON: this browser shows the member's notifications on the lock screen. */
export const POST = endpoint(async ({ request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  await savePushSubscription(await getDb(), me.id, await readJson(request), pushEndpointPolicy());
  return noContent();
});

/** `{endpoint}`: this browser stops (signing out, push turned off here). Idempotent. */
export const DELETE = endpoint(async ({ request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  await deletePushSubscription(await getDb(), me.id, await readJson(request));
  return noContent();
});
export const ALL = notAllowed;
