import type { APIRoute } from 'astro';
import { getConfig } from '#server/config';
import { standInAgeRange, standInKakaoId, verifyAccessToken } from '#server/kakao/stand-in';

/**
 * Kakao stand-in user info: `{id, kakao_account: {profile: {nickname}, age_range?}}` (the age range of
 * `standInAgeRange`); an unknown token is 401 -401.
 */
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
  const ageRange = standInAgeRange(account);
  return new Response(
    JSON.stringify({
      id: Number(standInKakaoId(account)),
      connected_at: new Date().toISOString(),
      kakao_account: {
        profile_nickname_needs_agreement: false,
        profile: { nickname: account },
        ...(ageRange ? { age_range_needs_agreement: false, has_age_range: true, age_range: ageRange } : {}),
      },
    }),
    { status: 200, headers },
  );
};
