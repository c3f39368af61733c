import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { pageParams } from '#server/http/query';
import { json } from '#server/http/respond';
import { notificationsOf } from '#server/services/notifications';

/** The caller's notifications, newest first, with `unreadCount` (the bell asks with `pageSize=1`). */
export const GET = endpoint(async ({ url, locals }) => {
  const me = requireRegistered(locals);
  return json(await notificationsOf(await getDb(), me, pageParams(url.searchParams)));
});
export const ALL = notAllowed;
