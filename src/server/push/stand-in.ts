/**
 * The local push service for demo mode and tests (served under /dev/push when PUSH_STANDIN is on, which
 * production refuses). It plays both ends a phone has: it makes a browser's subscription (an ECDH key
 * pair and an auth secret, RFC 8291) and, as the push service, takes what the server sends to it,
 * checks the VAPID signature (RFC 8292: an ES256 JWT whose audience is this origin, signed by the key
 * the subscription was made for) and decrypts the aes128gcm body, so a test reads exactly what the
 * phone would show. A device can be told to answer 410 (gone) or to fail its next few pushes.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';

export interface StandInMessage {
  title: string;
  body: string;
  link: string;
  tag: string;
  topic: string | null;
  ttl: number;
  urgency: string | null;
  receivedAt: string;
}

interface Device {
  id: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** The VAPID public key the browser subscribed with (`applicationServerKey`), or null: any. */
  serverKey: string | null;
  gone: boolean;
  failuresLeft: number;
  messages: StandInMessage[];
}

const MAX_DEVICES = 10_000;
const devices = new Map<string, Device>();

export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A new browser subscription whose endpoint is `${base}/{id}` (as `PushManager.subscribe` gives one). */
export function createDevice(
  base: string,
  opts: { applicationServerKey?: string | null; gone?: boolean; failures?: number } = {},
): { id: string; subscription: StandInSubscription } {
  if (devices.size >= MAX_DEVICES) devices.delete(devices.keys().next().value as string);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const device: Device = {
    id: randomUUID(),
    ecdh,
    publicKey: ecdh.getPublicKey(),
    auth: randomBytes(16),
    serverKey: opts.applicationServerKey ?? null,
    gone: opts.gone ?? false,
    failuresLeft: Math.max(0, Math.min(100, Math.trunc(opts.failures ?? 0))),
    messages: [],
  };
  devices.set(device.id, device);
  return {
    id: device.id,
    subscription: {
      endpoint: `${base}/${device.id}`,
      expirationTime: null,
      keys: { p256dh: device.publicKey.toString('base64url'), auth: device.auth.toString('base64url') },
    },
  };
}

export function messagesOf(id: string): StandInMessage[] | null {
  return devices.get(id)?.messages ?? null;
}

/** The RFC 8291 decryption of one aes128gcm body (a single record) for `device`. */
export function decryptFor(device: { ecdh: ECDH; publicKey: Buffer; auth: Buffer }, body: Buffer): string {
  if (body.length < 21 + 65 + 17) throw new Error('body too short');
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` for a push to `origin`; the key, or null when invalid. */
export async function verifyVapid(authorization: string | null, origin: string): Promise<string | null> {
  const m = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) return null;
  const token = m[1] as string;
  const key = m[2] as string;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return null;
  try {
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(token, publicKey, { audience: origin, algorithms: ['ES256'] });
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 60 * 60) return null;
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return null;
    return key;
  } catch {
    return null;
  }
}

/** One push as a push service takes it (RFC 8030 §5): the HTTP status it answers. */
export async function receivePush(
  id: string,
  origin: string,
  headers: Headers,
  body: Buffer,
): Promise<{ status: number; message?: string }> {
  const device = devices.get(id);
  if (!device || device.gone) return { status: device ? 410 : 404, message: 'subscription gone' };
  const key = await verifyVapid(headers.get('authorization'), origin);
  if (!key) return { status: 401, message: 'VAPID signature missing or invalid' };
  if (device.serverKey && device.serverKey !== key)
    return { status: 403, message: 'VAPID key differs from the applicationServerKey' };
  const ttl = Number(headers.get('ttl'));
  if (!Number.isInteger(ttl) || ttl < 0) return { status: 400, message: 'TTL header required' };
  if (headers.get('content-encoding') !== 'aes128gcm') return { status: 415, message: 'aes128gcm expected' };
  if (device.failuresLeft > 0) {
    device.failuresLeft--;
    return { status: 503, message: 'stand-in told to fail' };
  }
  let text: string;
  try {
    text = decryptFor(device, body);
  } catch {
    return { status: 400, message: 'cannot decrypt' };
  }
  let shown: { title?: unknown; body?: unknown; link?: unknown; tag?: unknown };
  try {
    shown = JSON.parse(text) as typeof shown;
  } catch {
    shown = { body: text };
  }
  device.messages.push({
    title: String(shown.title ?? ''),
    body: String(shown.body ?? ''),
    link: String(shown.link ?? ''),
    tag: String(shown.tag ?? ''),
    topic: headers.get('topic'),
    ttl,
    urgency: headers.get('urgency'),
    receivedAt: new Date().toISOString(),
  });
  return { status: 201 };
}
