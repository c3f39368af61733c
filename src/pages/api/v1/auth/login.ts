import { readJson } from '../../../../server/http/body';
import { endpoint, notAllowed } from '../../../../server/http/endpoint';
import { limitAuth } from '../../../../server/http/limits';
import { json } from '../../../../server/http/respond';
import { login, parseLoginBody } from '../../../../server/services/auth';

/** Kakao sign-in: 201 for a new member, 200 for an existing one. */
export const POST = endpoint(async (ctx) => {
  await limitAuth(ctx);
  const { authKey } = parseLoginBody(await readJson(ctx.request));
  const { result, created } = await login(authKey);
  return json(result, created ? 201 : 200);
});
export const ALL = notAllowed;
