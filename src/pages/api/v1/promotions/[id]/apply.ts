import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { addressOf } from '#server/http/limits';
import { idParam, isHeadRequest } from '#server/http/query';
import { notFound } from '#server/services/errors';
import { applyLinkOf, followApplyLink, isShownPromotion, viewerKey } from '#server/services/promotion-views';
import { promotionNotFound } from '#server/services/promotions';

/**
 * The apply link of an event (issue 43): counts the click once per viewer, event and day, like a view
 * (docs/views.md), and answers 302 to the event's external link. The event page's apply button is this
 * address, so counting needs no script. `HEAD` never counts.
 */
export const GET = endpoint(async (ctx) => {
  const { params, locals, request } = ctx;
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  const db = await getDb();
  let link: string | null;
  if (isHeadRequest(request)) link = await applyLinkOf(db, id);
  else link = (await followApplyLink(db, id, viewerKey(locals.user, addressOf(ctx))))?.link ?? null;
  if (link === null) {
    if (await isShownPromotion(db, id)) throw notFound('PROMOTION_NOT_FOUND', '신청 링크가 없는 이벤트예요.');
    throw promotionNotFound();
  }
  return new Response(null, {
    status: 302,
    headers: { Location: link, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
});
export const ALL = notAllowed;
