import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { inboxOf } from '#server/services/applications';

/** The author's events that take applications on 담아봐, with their counts (신청 N · 선정 M/모집 K). */
export const GET = endpoint(async ({ locals }) => {
  const me = requireRegistered(locals);
  return json({ items: await inboxOf(await getDb(), me) });
});
export const ALL = notAllowed;
