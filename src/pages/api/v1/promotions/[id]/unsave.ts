import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { notFound } from '#server/http/errors';
import { noContent } from '#server/http/respond';
import { unsavePromotion } from '#server/services/promotions';

export const DELETE = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw notFound('PROMOTION_SAVE_NOT_FOUND', '저장한 이벤트가 아니에요.');
  await unsavePromotion(await getDb(), me.id, id);
  return noContent();
});
export const ALL = notAllowed;
