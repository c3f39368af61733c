import { requireMember, requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { json } from '#server/http/respond';
import { agreeTo, consentsOf } from '#server/services/consents';

/** What the member agreed to and when, and the required documents to agree to again (`needsAgreement`). */
export const GET = endpoint(async ({ locals }) => {
  const me = requireMember(locals);
  return json(await consentsOf(await getDb(), me.id));
});

/** Agreeing: `{consents: [{kind, version}]}` (a required document's new version, or an optional consent). */
export const POST = endpoint(async ({ request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const body = await readJson(request);
  return json(await agreeTo(await getDb(), me, body));
});
export const ALL = notAllowed;
