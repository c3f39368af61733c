import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { pageParams, stringParam } from '#server/http/query';
import { validationError } from '#server/http/errors';
import { json } from '#server/http/respond';
import { listSavedPromotions } from '#server/services/promotion-lists';
import { listSavedClosingSoon, MAX_CLOSING_SOON_DAYS } from '#server/services/saved-closing-soon';

/** `closingWithinDays` (0–30): only saved events still open that close within that many days. */
function closingWithinDays(params: URLSearchParams): number | null {
  const v = stringParam(params, 'closingWithinDays');
  if (v === undefined) return null;
  const n = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
  if (!(n >= 0 && n <= MAX_CLOSING_SOON_DAYS)) {
    throw validationError([
      { field: 'closingWithinDays', message: `closingWithinDays 는 0 이상 ${MAX_CLOSING_SOON_DAYS} 이하여야 합니다.` },
    ]);
  }
  return n;
}

export const GET = endpoint(async ({ url, locals }) => {
  const me = requireRegistered(locals);
  const page = pageParams(url.searchParams);
  const days = closingWithinDays(url.searchParams);
  const db = await getDb();
  return json(
    days === null ? await listSavedPromotions(db, me.id, page) : await listSavedClosingSoon(db, me.id, days, page),
  );
});
export const ALL = notAllowed;
