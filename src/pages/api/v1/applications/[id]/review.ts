import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { applicationNotFound } from '#server/services/applications';
import { writeReview } from '#server/services/reviews';

/** The applicant reviews a completed shoot, once, within 30 days (201 with the review). */
export const POST = endpoint(async ({ params, request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw applicationNotFound();
  const review = await writeReview(await getDb(), me, id, await readJson(request));
  return json(review, 201, { Location: `/api/v1/reviews/${review.id}` });
});
export const ALL = notAllowed;
