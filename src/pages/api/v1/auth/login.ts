import { validateLoginRequest } from '#lib/rules/auth';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitAuth } from '#server/http/limits';
import { json } from '#server/http/respond';
import { login } from '#server/services/auth';
import { unwrap } from '#server/services/errors';

/** Kakao sign-in: 201 for a new member, 200 for an existing one. */
export const POST = endpoint(async (ctx) => {
  await limitAuth(ctx);
  const { authKey } = unwrap(validateLoginRequest(await readJson(ctx.request)));
  const { result, created } = await login(authKey);
  return json(result, created ? 201 : 200);
});
export const ALL = notAllowed;
