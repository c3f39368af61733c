import { validateRefreshRequest } from '#lib/rules/auth';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitAuth } from '#server/http/limits';
import { json } from '#server/http/respond';
import { refresh } from '#server/services/auth';
import { unwrap } from '#server/services/errors';

/** Rotates a refresh token: answers a new pair; a spent token revokes its chain (401). */
export const POST = endpoint(async (ctx) => {
  await limitAuth(ctx);
  const { refreshToken } = unwrap(validateRefreshRequest(await readJson(ctx.request)));
  return json(await refresh(refreshToken));
});
export const ALL = notAllowed;
