import { endpoint, notAllowed } from '#server/http/endpoint';
import { notFound } from '#server/http/errors';
import { json } from '#server/http/respond';
import { getVapidKeys } from '#server/push/vapid';

/** `{publicKey}`: the `applicationServerKey` a browser subscribes with; 404 when this server sends no push. */
export const GET = endpoint(() => {
  const keys = getVapidKeys();
  if (!keys) throw notFound('NOT_FOUND', '이 서비스는 아직 푸시 알림을 보내지 않아요.');
  return json({ publicKey: keys.publicKey });
});
export const ALL = notAllowed;
