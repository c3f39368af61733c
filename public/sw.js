/*
 * 담아봐's service worker: it shows Web Push notifications (issue 42) and opens their link when tapped.
 * It handles no fetch (pages keep coming from the server) and keeps only the tags it has shown. The payload is the JSON
 * the server's push channel sends (src/server/push/channel.ts): {title, body, link, tag}.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/*
 * Delivery is at least once: a server killed after sending but before recording it sends again. Each
 * notification's tag (n{id}) is remembered for a while, so the phone shows it once.
 */
const SHOWN = 'damabwa-push-shown';
const REMEMBERED = 200;

async function firstTime(tag) {
  if (!tag) return true;
  const cache = await caches.open(SHOWN);
  const key = new URL(`/push-shown/${encodeURIComponent(tag)}`, self.location.origin).href;
  if (await cache.match(key)) return false;
  await cache.put(key, new Response(''));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED))) await cache.delete(old);
  return true;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : '담아봐';
  const tag = typeof data.tag === 'string' ? data.tag : undefined;
  event.waitUntil(
    (async () => {
      if (!(await firstTime(tag))) return;
      await self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'ko',
        data: { link: typeof data.link === 'string' ? data.link : '/notifications' },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL(
    (event.notification.data && event.notification.data.link) || '/notifications',
    self.location.origin,
  );
  // Only this site's pages: a link elsewhere opens the notifications list instead.
  const url =
    wanted.origin === self.location.origin ? wanted.href : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) return client.navigate(url);
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
