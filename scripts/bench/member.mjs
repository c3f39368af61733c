/** The bench's signed-in member (throughput and scale tables). */
import { demoLogin } from '../lib/demo-login.mjs';

/**
 * A signed-in member's Authorization header (a new account through the Kakao stand-in of demo mode),
 * registered and with two events of the first page and one of the search saved, so their answers differ
 * from the shared one (their own isSaved and counts are laid over it).
 */
export async function memberHeaders(base) {
  const login = await demoLogin(base, `bench-${process.pid}`);
  const headers = { authorization: `Bearer ${login.accessToken.value}` };
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  await post('/api/v1/users/me/registration', {
    nickname: `벤치${process.pid % 100000}`,
    gender: 'FEMALE',
    instagramId: null,
  });
  const ids = async (path) => ((await (await fetch(`${base}${path}`)).json()).items ?? []).map((i) => i.id);
  const first = await ids('/api/v1/promotions/list');
  const found = await ids(`/api/v1/promotions/list?searchKeyword=${encodeURIComponent('야경')}`);
  for (const id of new Set([...first.slice(0, 2), ...found.slice(0, 1)])) await post(`/api/v1/promotions/${id}/save`);
  return headers;
}
