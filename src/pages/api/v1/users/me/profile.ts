import type { APIContext } from 'astro';
import { validateUserProfileUpdate } from '#lib/rules/member';
import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { unwrap } from '#server/services/errors';
import { json } from '#server/http/respond';
import { updateUserProfile } from '#server/services/registration';

/** Full overwrite of `{nickname, instagramId, profileImage}`. */
const update = async (ctx: APIContext) => {
  const { request, locals } = ctx;
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const input = unwrap(validateUserProfileUpdate(await readJson(request)));
  const result = await updateUserProfile(await getDb(), me, input);
  return json(result);
};
export const PUT = endpoint(update);
export const PATCH = endpoint(update);
export const ALL = notAllowed;
