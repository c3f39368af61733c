import { requireAdmin } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitWrite } from '#server/http/limits';
import { idParam } from '#server/http/query';
import { noContent } from '#server/http/respond';
import { dismissReport, reportNotFound } from '#server/services/moderation';

/** ADMIN closes a report without acting on its target (no public page changes). */
export const POST = endpoint(async ({ params, locals }) => {
  const me = requireAdmin(locals);
  await limitWrite(me.id);
  const id = idParam(params['id']);
  if (id === null) throw reportNotFound();
  await dismissReport(await getDb(), me, id);
  return noContent();
});
export const ALL = notAllowed;
