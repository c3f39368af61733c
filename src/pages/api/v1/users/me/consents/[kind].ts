import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { json } from '#server/http/respond';
import { withdrawConsent } from '#server/services/consents';

/** Withdrawing an optional consent (MARKETING); a required one is refused. Answers the consents after. */
export const DELETE = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  return json(await withdrawConsent(await getDb(), me, params['kind'] ?? ''));
});
export const ALL = notAllowed;
