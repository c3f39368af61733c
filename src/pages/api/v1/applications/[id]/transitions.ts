import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { applicationNotFound, moveApplication } from '#server/services/applications';

/** One move of the transition table (`#lib/applications`); answers the application with its history. */
export const POST = endpoint(async ({ params, request, locals }) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw applicationNotFound();
  return json(await moveApplication(await getDb(), me, id, await readJson(request)));
});
export const ALL = notAllowed;
