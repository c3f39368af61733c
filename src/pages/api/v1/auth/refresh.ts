import { readJson } from '../../../../server/http/body';
import { endpoint, notAllowed } from '../../../../server/http/endpoint';
import { limitAuth } from '../../../../server/http/limits';
import { json } from '../../../../server/http/respond';
import { refresh } from '../../../../server/services/auth';

/** Rotates a refresh token: answers a new pair; a spent token revokes its chain (401). */
export const POST = endpoint(async (ctx) => {
  await limitAuth(ctx);
  return json(await refresh(await readJson(ctx.request)));
});
export const ALL = notAllowed;
