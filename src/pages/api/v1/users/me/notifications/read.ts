import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { json } from '#server/http/respond';
import { markRead } from '#server/services/notifications';

/** Marks the caller's own notifications read: `{ids: number[]}` or `{all: true}`; another member's ids change nothing. */
export const POST = endpoint(async ({ request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  return json(await markRead(await getDb(), me, await readJson(request)));
});
export const ALL = notAllowed;
