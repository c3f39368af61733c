import { getConfig } from '#server/config';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { clientKey } from '#server/http/rate-limit';
import { notFound } from '#server/services/errors';
import { applyLinkOf, followApplyLink, isShownPromotion, viewerKey } from '#server/services/promotion-views';
import { promotionNotFound } from '#server/services/promotions';

/**
 * The apply link of an event (issue 43): counts the click once per viewer, event and day, like a view
 * (docs/views.md), and answers 302 to the event's external link. The event page's apply button is this
 * address, so counting needs no script. `HEAD` never counts.
 */
export const GET = endpoint(async ({ params, locals, request, clientAddress }) => {
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  const db = await getDb();
  let link: string | null;
  if (request.method === 'HEAD' || request.headers.get('x-original-method') === 'HEAD') {
    link = await applyLinkOf(db, id);
  } else {
    let address: string | undefined;
    try {
      address = clientAddress;
    } catch {
      address = undefined;
    }
    const viewer = viewerKey(locals.user, clientKey(request, address, getConfig().trustProxy));
    link = (await followApplyLink(db, id, viewer))?.link ?? null;
  }
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
