import type { APIContext } from 'astro';
import { validatePhotographerProfileUpdate } from '#lib/rules/member';
import { requirePhotographer } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { unwrap } from '#server/services/errors';
import { json } from '#server/http/respond';
import { updatePhotographerProfile } from '#server/services/registration';

const update = async (ctx: APIContext) => {
  const { request, locals } = ctx;
  const me = requirePhotographer(locals);
  await limitWrite(me.id);
  const input = unwrap(validatePhotographerProfileUpdate(await readJson(request)));
  const result = await updatePhotographerProfile(await getDb(), me, input);
  return json(result);
};
export const PUT = endpoint(update);
export const PATCH = endpoint(update);
export const ALL = notAllowed;
