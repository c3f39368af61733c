/**
 * The accounts the write-load bench writes with (issue 16), signed in through the Kakao stand-in of
 * demo mode (scripts/lib/demo-login.mjs): new members registered as USERs (a profile edit needs a
 * registered member), and the demo photographer with a few of its own events to edit.
 */
import { demoLogin } from '../lib/demo-login.mjs';

/** The fields of PromotionResponse that an edit (PUT /promotions/{id}) sends back. */
const EDIT_FIELDS = [
  'promotionType',
  'title',
  'content',
  'externalLink',
  'startedAt',
  'endedAt',
  'photographyTypes',
  'images',
  'activeRegions',
  'hashtags',
];

async function post(base, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/** One new member, registered under a short unique nickname (2–7 characters). */
async function member(base, account, n) {
  const login = await demoLogin(base, account);
  const access = login.accessToken.value;
  for (let attempt = 0; attempt < 5; attempt++) {
    const nickname = `w${(process.pid % 1296).toString(36)}${(n * 5 + attempt).toString(36)}`;
    const res = await post(base, '/api/v1/users/me/registration', access, {
      nickname,
      gender: 'FEMALE',
      instagramId: null,
    });
    if (res.status === 200) return { id: login.user.id, access, refresh: login.refreshToken.value, nickname };
    if (res.status !== 409) throw new Error(`registration answered ${res.status}: ${res.text}`);
  }
  throw new Error(`no free nickname for ${account}`);
}

/**
 * `count` new members, `size` at a time.
 * @param {string} base
 * @param {number} count
 * @param {string} prefix account names are `<prefix>-<n>`
 * @param {number} [size] members signed in at once
 */
export async function signInMembers(base, count, prefix, size = 8) {
  const members = [];
  for (let i = 0; i < count; i += size) {
    const batch = [];
    for (let n = i; n < Math.min(count, i + size); n++) batch.push(member(base, `${prefix}-${n}`, n));
    members.push(...(await Promise.all(batch)));
  }
  return members;
}

/** The ids of the newest events (the first page of the list, as visitors see it). */
export async function listedEventIds(base, count = 100) {
  const res = await fetch(`${base}/api/v1/promotions/list?pageSize=${count}`);
  const answer = await res.json();
  return answer.items.map((e) => e.id);
}

/**
 * The demo photographer signed in, with up to `count` of its listed events: each with the body an edit
 * sends and a title stem short enough for a counter (titles are 3–30 characters).
 */
export async function photographerWithEvents(base, count) {
  const login = await demoLogin(base, 'demo-photographer');
  const ids = [];
  for (let page = 0; page < 20 && ids.length < count; page++) {
    const answer = await (await fetch(`${base}/api/v1/promotions/list?page=${page}&pageSize=100`)).json();
    for (const item of answer.items) if (item.author?.id === login.user.id && ids.length < count) ids.push(item.id);
    if (answer.items.length < 100) break;
  }
  if (!ids.length) throw new Error('the demo photographer has no listed events');
  const events = [];
  for (const id of ids) {
    const event = await (await fetch(`${base}/api/v1/promotions/${id}`)).json();
    const body = Object.fromEntries(EDIT_FIELDS.map((f) => [f, event[f]]));
    events.push({ id, body, stem: String(event.title).slice(0, 24).trimEnd() });
  }
  return { id: login.user.id, access: login.accessToken.value, events };
}

/**
 * Edits an event's title as its author; throws unless the server took it.
 * @returns {Promise<void>}
 */
export async function editTitle(base, photographer, event, title) {
  const res = await fetch(`${base}/api/v1/promotions/${event.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${photographer.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...event.body, title }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`edit answered ${res.status}: ${text.slice(0, 200)}`);
}
