import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { hiddenItems } from '#server/services/review-requests';

/** The caller's hidden events and photographer page, newest first, with why (my page's notice). */
export const GET = endpoint(async ({ locals }) => {
  const me = requireRegistered(locals);
  return json({ items: await hiddenItems(await getDb(), { ownerId: me.id }) });
});
export const ALL = notAllowed;
