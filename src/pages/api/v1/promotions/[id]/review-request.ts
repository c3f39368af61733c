import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { promotionNotFound } from '#server/services/promotions';
import { requestReview } from '#server/services/review-requests';

/** The author of a hidden event asks an admin to look again (다시 검토 요청); 409 while one waits. */
export const POST = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  await requestReview(await getDb(), me, 'PROMOTION', id);
  return noContent();
});
export const ALL = notAllowed;
