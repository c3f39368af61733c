import { requireMember } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { exportFileName, exportMemberData } from '#server/services/data-export';

/** 내 정보 내려받기: everything the site holds about the member, as a JSON file to save. */
export const GET = endpoint(async ({ locals }) => {
  const me = requireMember(locals);
  const now = new Date();
  const data = await exportMemberData(await getDb(), me, now);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'Cache-Control': 'no-store',
    },
  });
});
export const ALL = notAllowed;
