import type { APIContext } from 'astro';
import { getConfig } from '../config';
import { clientKey, hitRateLimit } from './rate-limit';

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
    windowMs: config.rateLimits.windowMs,
  });
}

/** Writes (create, update, delete, save) per member. */
export function limitWrite(memberId: number): void {
  const { write, windowMs } = getConfig().rateLimits;
  hitRateLimit('write', String(memberId), { limit: write, windowMs });
}

/** Uploads per member. */
export function limitUpload(memberId: number): void {
  const { upload, windowMs } = getConfig().rateLimits;
  hitRateLimit('upload', String(memberId), { limit: upload, windowMs });
}
