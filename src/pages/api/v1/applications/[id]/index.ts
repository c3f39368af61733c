import type { APIContext } from 'astro';
import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { applicationNotFound, editApplication, getApplication } from '#server/services/applications';

/** The application with its history: for its applicant, the event's author and admins (404 to anyone else). */
export const GET = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  const id = idParam(params['id']);
  if (id === null) throw applicationNotFound();
  return json(await getApplication(await getDb(), me, id));
});

/** The applicant edits it until the author decides. */
const edit = async ({ params, request, locals }: APIContext) => {
  const me = requireRegistered(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw applicationNotFound();
  return json(await editApplication(await getDb(), me, id, await readJson(request)));
};
export const PATCH = endpoint(edit);
export const PUT = endpoint(edit);
export const ALL = notAllowed;
