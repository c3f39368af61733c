import { refreshTokenOf } from '#lib/rules/auth';
import { readOptionalJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { noContent } from '#server/http/respond';
import { logout } from '#server/services/auth';

/** Revokes the given refresh token's chain. Idempotent: always 204. */
export const POST = endpoint(async (ctx) => {
  await logout(refreshTokenOf(await readOptionalJson(ctx.request)));
  return noContent();
});
export const ALL = notAllowed;
