import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { pageParams } from '#server/http/query';
import { json } from '#server/http/respond';
import { listSavedPhotographers } from '#server/services/photographers';

export const GET = endpoint(async ({ url, locals }) => {
  const me = requireRegistered(locals);
  return json(await listSavedPhotographers(await getDb(), me.id, pageParams(url.searchParams)));
});
export const ALL = notAllowed;
