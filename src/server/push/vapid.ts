/**
 * The VAPID key pair (RFC 8292) that signs every push request: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY in
 * production (the same on every instance, since browsers subscribed with the public key); in demo and
 * test a pair is generated once and kept in DATA_DIR, like the token secret. Production without keys:
 * no push (notifications stay in the app) and `GET /push/vapid-public-key` answers 404.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { getConfig } from '#server/config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let keys: VapidKeys | null | undefined;

export function getVapidKeys(): VapidKeys | null {
  if (keys !== undefined) return keys;
  const config = getConfig();
  const { vapidPublicKey, vapidPrivateKey, subject } = config.push;
  if (vapidPublicKey && vapidPrivateKey) {
    keys = { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject };
    return keys;
  }
  if (config.mode === 'production') {
    keys = null;
    return keys;
  }
  const file = join(config.dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') {
      keys = { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
      return keys;
    }
  } catch {
    // none kept yet
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  keys = { ...made, subject };
  return keys;
}
