import { APPLICATION_STATUSES } from '#lib/applications';
import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { readJson } from '#server/http/body';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitApply } from '#server/http/limits';
import { enumParam, idParam, pageParams } from '#server/http/query';
import { json } from '#server/http/respond';
import { applyTo, listForAuthor } from '#server/services/applications';
import { promotionNotFound } from '#server/services/promotions';

/** A registered member applies on 담아봐 (201 with the application and its history). */
export const POST = endpoint(async ({ params, request, locals }) => {
  const me = requireRegistered(locals);
  await limitApply(me.id);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  const created = await applyTo(await getDb(), me, id, await readJson(request));
  return json(created, 201, { Location: `/api/v1/applications/${created.id}` });
});

/** The event's author (or an admin): its applications, newest first, `?status=` one state. */
export const GET = endpoint(async ({ params, url, locals }) => {
  const me = requireRegistered(locals);
  const id = idParam(params['id']);
  if (id === null) throw promotionNotFound();
  const status = enumParam(url.searchParams, 'status', APPLICATION_STATUSES) ?? null;
  return json(await listForAuthor(await getDb(), me, id, status, pageParams(url.searchParams)));
});
export const ALL = notAllowed;
