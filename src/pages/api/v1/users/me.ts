import { requireMember } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { getStorage } from '#server/storage/index';
import { getMember, toUserResponse, withdrawMember } from '#server/services/members';

export const GET = endpoint(async ({ locals }) => {
  const me = requireMember(locals);
  return json(toUserResponse(await getMember(await getDb(), me.id)));
});

/** Withdrawal: 200 with an empty body; the member's tokens stop working and their pictures are gone at once. */
export const DELETE = endpoint(async (ctx) => {
  const { locals } = ctx;
  const me = requireMember(locals);
  await withdrawMember(await getDb(), me.id, getStorage());
  return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
});
export const ALL = notAllowed;
