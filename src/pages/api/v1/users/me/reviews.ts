import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { pageParams } from '#server/http/query';
import { json } from '#server/http/respond';
import { listMyReviews } from '#server/services/reviews';

/** The caller's own reviews, newest first, hidden ones with the admin's reason (내 신청). */
export const GET = endpoint(async ({ url, locals }) => {
  const me = requireRegistered(locals);
  return json(await listMyReviews(await getDb(), me, pageParams(url.searchParams)));
});
export const ALL = notAllowed;
