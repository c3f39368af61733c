import { validateUserRegistration } from '#lib/rules/member';
import { requireMember } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { unwrap } from '#server/services/errors';
import { json } from '#server/http/respond';
import { registrationConsents } from '#server/services/consents';
import { parseSignupSources, registerUser } from '#server/services/registration';

export const POST = endpoint(async ({ request, locals }) => {
  const me = requireMember(locals);
  await limitWrite(me.id);
  const body = await readJson(request);
  const input = unwrap(validateUserRegistration(body));
  return json(
    await registerUser(await getDb(), me, input, parseSignupSources(body), registrationConsents(body, 'USER')),
  );
});
export const ALL = notAllowed;
