import type { APIRoute } from 'astro';
import { getConfig } from '#server/config';
import { standInKakaoId, verifyAccessToken } from '#server/kakao/stand-in';

/** Kakao stand-in user info: `{id, kakao_account: {profile: {nickname}}}`; an unknown token is 401 -401. */
export const GET: APIRoute = ({ request }) => {
  if (!getConfig().kakao.standIn) return new Response(null, { status: 404 });
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  const account = m?.[1] ? verifyAccessToken(m[1]) : null;
  const headers = { 'Content-Type': 'application/json;charset=UTF-8', 'Cache-Control': 'no-store' };
  if (!account) {
    return new Response(JSON.stringify({ code: -401, msg: 'this access token does not exist' }), {
      status: 401,
      headers,
    });
  }
  return new Response(
    JSON.stringify({
      id: Number(standInKakaoId(account)),
      connected_at: new Date().toISOString(),
      kakao_account: { profile_nickname_needs_agreement: false, profile: { nickname: account } },
    }),
    { status: 200, headers },
  );
};
