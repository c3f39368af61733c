/**
 * The browsers a member allowed to show notifications (Web Push, migration 023). A browser's
 * `PushSubscription` JSON is stored as it comes (`{endpoint, keys: {p256dh, auth}}`): its endpoint a
 * push service allowed by the policy, its keys the sizes RFC 8291 gives them. One endpoint is one
 * browser, so storing it again (another member signed in on it) moves it to the member storing it. A
 * member keeps at most `MAX_PUSH_SUBSCRIPTIONS` browsers; a new one past that drops the oldest.
 */
import type { Queryable } from '#server/db/index';
import { isAllowedEndpoint, type PushEndpointPolicy } from '#server/push/policy';
import { invalidFields, invalidRequest } from './errors';

export const MAX_PUSH_SUBSCRIPTIONS = 10;
const MAX_ENDPOINT_LENGTH = 1_000;

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const decodedLength = (s: string) => Buffer.from(s, 'base64url').length;

/** The subscription in `body`, checked; a 4xx error when it is not one this server can send to. */
export function readPushSubscription(
  body: unknown,
  policy: PushEndpointPolicy,
): { endpoint: string; p256dh: string; auth: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest('브라우저의 알림 구독 정보(PushSubscription)를 보내 주세요.');
  const { endpoint, keys } = body as { endpoint?: unknown; keys?: unknown };
  if (typeof endpoint !== 'string' || endpoint.length > MAX_ENDPOINT_LENGTH || !isAllowedEndpoint(endpoint, policy))
    throw invalidFields([{ field: 'endpoint', message: '이 브라우저의 알림 서비스는 지원하지 않아요.' }]);
  const k = (typeof keys === 'object' && keys !== null ? keys : {}) as { p256dh?: unknown; auth?: unknown };
  const p256dh = typeof k.p256dh === 'string' ? k.p256dh : '';
  const auth = typeof k.auth === 'string' ? k.auth : '';
  // p256dh: an uncompressed P-256 point (65 bytes, 0x04 first); auth: a 16-byte secret.
  if (
    !BASE64URL.test(p256dh) ||
    decodedLength(p256dh) !== 65 ||
    Buffer.from(p256dh, 'base64url')[0] !== 4 ||
    !BASE64URL.test(auth) ||
    decodedLength(auth) !== 16
  )
    throw invalidFields([
      { field: 'keys', message: '알림 구독의 암호화 키가 올바르지 않아요. 알림을 다시 켜 주세요.' },
    ]);
  return { endpoint, p256dh, auth };
}

/** Stores (or moves to this member) a browser's subscription; keeps the member's newest ones. */
export async function savePushSubscription(
  db: Queryable,
  memberId: number,
  body: unknown,
  policy: PushEndpointPolicy,
): Promise<void> {
  const sub = readPushSubscription(body, policy);
  await db.query(
    `with saved as (
       insert into push_subscriptions (member_id, endpoint, p256dh, auth)
       values ($1, $2, $3, $4)
       on conflict (endpoint) do update
         set member_id = excluded.member_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
       returning id)
     delete from push_subscriptions
      where member_id = $1 and id not in (select id from saved)
        and id not in (select id from push_subscriptions where member_id = $1 order by created_at desc, id desc limit $5)`,
    [memberId, sub.endpoint, sub.p256dh, sub.auth, MAX_PUSH_SUBSCRIPTIONS - 1],
  );
}

/** Forgets a browser of this member's (signing out, turning push off there); nothing when it is not theirs. */
export async function deletePushSubscription(db: Queryable, memberId: number, body: unknown): Promise<void> {
  const endpoint = (body as { endpoint?: unknown } | null)?.endpoint;
  if (typeof endpoint !== 'string' || endpoint.length === 0 || endpoint.length > MAX_ENDPOINT_LENGTH)
    throw invalidFields([{ field: 'endpoint', message: '알림을 끌 브라우저의 endpoint를 보내 주세요.' }]);
  await db.query('delete from push_subscriptions where member_id = $1 and endpoint = $2', [memberId, endpoint]);
}

export async function pushSubscriptionsOf(db: Queryable, memberId: number): Promise<PushSubscriptionRow[]> {
  return db.query<PushSubscriptionRow>(
    'select id, endpoint, p256dh, auth from push_subscriptions where member_id = $1 order by id',
    [memberId],
  );
}

/** A push service said the endpoint is gone (404, 410): the browser unsubscribed or was reset. */
export async function removePushSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}
