import { requireRegistered } from '#server/auth/guards';
import { readJson } from '#server/http/body';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { limitReport } from '#server/http/limits';
import { unwrap } from '#server/services/errors';
import { json } from '#server/http/respond';
import { validateReportInput } from '#lib/rules/report';
import { createReport } from '#server/services/reports';

/** A registered member reports an event or a photographer page; one open report per member and target. */
export const POST = endpoint(async ({ request, locals }) => {
  const me = requireRegistered(locals);
  await limitReport(me.id);
  const input = unwrap(validateReportInput(await readJson(request)));
  return json(await createReport(await getDb(), me, input), 201);
});
export const ALL = notAllowed;
