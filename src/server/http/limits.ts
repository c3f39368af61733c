import type { APIContext } from 'astro';
import { getConfig } from '../config';
import { clientKey, hitRateLimit } from './rate-limit';

const MINUTE = 60_000;

/** Sign-in and token refresh: per client address. */
export function limitAuth(ctx: Pick<APIContext, 'request' | 'clientAddress'>): void {
  const config = getConfig();
  let address: string | undefined;
  try {
    address = ctx.clientAddress;
  } catch {
    address = undefined;
  }
  hitRateLimit('auth', clientKey(ctx.request, address, config.trustProxy), {
    limit: config.rateLimits.auth,
    windowMs: MINUTE,
  });
}

/** Writes (create, update, delete, save) per member. */
export function limitWrite(memberId: number): void {
  hitRateLimit('write', String(memberId), { limit: getConfig().rateLimits.write, windowMs: MINUTE });
}

/** Uploads per member. */
export function limitUpload(memberId: number): void {
  hitRateLimit('upload', String(memberId), { limit: getConfig().rateLimits.upload, windowMs: MINUTE });
}
