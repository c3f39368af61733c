import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { noContent } from '#server/http/respond';
import { requestReview } from '#server/services/review-requests';

/** The owner of a hidden photographer page asks an admin to look again; 409 while one waits. */
export const POST = endpoint(async ({ locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  await requestReview(await getDb(), me, 'PHOTOGRAPHER', me.id);
  return noContent();
});
export const ALL = notAllowed;
