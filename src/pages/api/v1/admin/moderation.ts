import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { moderationOverview } from '#server/services/moderation-read';

/** ADMIN: open reports with their targets, recent events, the moderation log. */
export const GET = endpoint(async ({ locals }) => {
  requireAdmin(locals);
  return json(await moderationOverview(await getDb()));
});
export const ALL = notAllowed;
