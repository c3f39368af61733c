/**
 * Web Push in the browser (issue 42): whether this browser can show 담아봐's notifications, turning it on
 * (service worker, permission, `PushManager.subscribe` with the server's VAPID key, then
 * `POST /users/me/push-subscriptions`) and off. The permission is asked only when the member presses a
 * button, and that button is offered only after something that makes it useful (`push-moment.ts`:
 * their first application, their first event), never on a first visit.
 *
 * iPhone: Safari shows web push only for a site added to the home screen (iOS 16.4+); until then the
 * state is `ios-home-screen` and the page says how.
 */
import { api, apiRequest } from './api';
import { dismissPushMoment } from './push-moment';
import { pushCopy } from '#lib/copy-notifications';

export type PushState = 'unsupported' | 'ios-home-screen' | 'denied' | 'off' | 'on';

const SW_URL = '/sw.js';

const isIos = () => /iPhone|iPad|iPod/.test(navigator.userAgent);
const standalone = () =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  window.matchMedia('(display-mode: standalone)').matches;

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return isIos() && !standalone() ? 'ios-home-screen' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

const fromBase64Url = (s: string): Uint8Array<ArrayBuffer> => {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(b.length));
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
};

/** Asks the permission (from a button press), subscribes and tells the server. The state after. */
export async function turnPushOn(): Promise<PushState> {
  if (!supported()) return pushState();
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await api.get<{ publicKey: string }>('/push/vapid-public-key');
  const reg = await registration();
  const key = fromBase64Url(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // A subscription made for another key (the server's keys changed) cannot be sent to.
  const sameKey = (s: PushSubscription) => {
    const k = s.options?.applicationServerKey;
    if (!k) return true;
    const a = new Uint8Array(k);
    return a.length === key.length && a.every((v, i) => v === key[i]);
  };
  if (sub && !sameKey(sub)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api.post('/users/me/push-subscriptions', sub.toJSON());
  dismissPushMoment();
  return 'on';
}

/** Stops push on this browser (the server forgets it; the browser unsubscribes). */
export async function turnPushOff(): Promise<PushState> {
  const reg = supported() ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await apiRequest('DELETE', '/users/me/push-subscriptions', { body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return pushState();
}

/** Runs a switch of push, answering the state after and an error text (Korean) when it failed. */
export async function switchPush(to: 'on' | 'off'): Promise<{ state: PushState; error: string | null }> {
  try {
    const state = await (to === 'on' ? turnPushOn() : turnPushOff());
    return { state, error: to === 'on' && state === 'off' ? pushCopy.failed : null };
  } catch (err) {
    console.warn('push switch failed', err);
    return { state: await pushState().catch((): PushState => 'off'), error: pushCopy.failed };
  }
}
