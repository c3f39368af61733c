import type { APIRoute } from 'astro';
import { getConfig } from '#server/config';
import { issueAccessToken, redeemCode } from '#server/kakao/stand-in';

/**
 * Kakao stand-in token endpoint: form-encoded authorization_code grant, Kakao's answer shape. Browsers on
 * an origin in CORS_ORIGINS may call it (the middleware adds the CORS headers, src/server/http/cors.ts).
 */
export const POST: APIRoute = async ({ request }) => {
  const config = getConfig();
  if (!config.kakao.standIn) return new Response(null, { status: 404 });
  const fail = (error: string, description: string, status = 400) =>
    new Response(JSON.stringify({ error, error_description: description, error_code: 'KOE320' }), {
      status,
      headers: { 'Content-Type': 'application/json;charset=UTF-8' },
    });
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await request.text());
  } catch {
    return fail('invalid_request', 'bad body');
  }
  if (form.get('grant_type') !== 'authorization_code') return fail('unsupported_grant_type', 'grant_type');
  if (form.get('client_id') !== config.kakao.restApiKey) return fail('invalid_client', 'client_id', 401);
  const account = redeemCode(form.get('code') ?? '', form.get('redirect_uri') ?? '');
  if (!account) return fail('invalid_grant', 'authorization code not found');
  const { token, expiresIn } = issueAccessToken(account);
  return new Response(
    JSON.stringify({
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresIn,
      refresh_token: `standin-refresh-${token.slice(0, 16)}`,
      refresh_token_expires_in: 5_184_000,
      scope: 'profile_nickname',
    }),
    { status: 200, headers: { 'Content-Type': 'application/json;charset=UTF-8', 'Cache-Control': 'no-store' } },
  );
};
