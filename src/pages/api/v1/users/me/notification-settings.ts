import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { json } from '#server/http/respond';
import { notificationSettingsOf, updateNotificationSettings } from '#server/services/notifications';

/** Every notification kind with its channels (in the app, push); the promotional kind off until opted in. */
export const GET = endpoint(async ({ locals }) => {
  const me = requireRegistered(locals);
  return json(await notificationSettingsOf(await getDb(), me.id));
});

/** `{settings: [{kind, inApp, push}]}`: the kinds given are set; the promotional kind records or withdraws the consent. */
export const PUT = endpoint(async ({ request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  return json(await updateNotificationSettings(await getDb(), me, await readJson(request)));
});
export const ALL = notAllowed;
