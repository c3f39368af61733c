import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { applicationNotFound, calendarOf } from '#server/services/applications';

/** The agreed shoot as an iCalendar file, for the applicant and the author. */
export const GET = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  const id = idParam(params['id']);
  if (id === null) throw applicationNotFound();
  const ics = await calendarOf(await getDb(), me, id);
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="damabwa-shoot-${id}.ics"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
export const ALL = notAllowed;
