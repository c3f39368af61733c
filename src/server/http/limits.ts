import type { APIContext } from 'astro';
import { getConfig } from '#server/config';
import { getDb, type Db } from '#server/db/index';
import { clientKey, hitRateLimit, hitRateLimits } from './rate-limit';

/** Where the windows are counted: the process's PostgreSQL database when DATABASE_URL is set, else memory. */
async function sharedDb(db?: Db): Promise<Db | null> {
  if (db) return db;
  return getConfig().databaseUrl ? getDb() : null;
}

/** Sign-in and token refresh: per client address. */
export async function limitAuth(ctx: Pick<APIContext, 'request' | 'clientAddress'>): Promise<void> {
  const config = getConfig();
  await hitRateLimit(
    'auth',
    addressOf(ctx),
    { limit: config.rateLimits.auth, windowMs: config.rateLimits.windowMs },
    await sharedDb(),
  );
}

/** The address a request is counted under: the socket's, or the proxy's last hop (`clientKey`). */
export function addressOf(ctx: Pick<APIContext, 'request' | 'clientAddress'>): string {
  let address: string | undefined;
  try {
    address = ctx.clientAddress;
  } catch {
    address = undefined;
  }
  return clientKey(ctx.request, address, getConfig().trustProxy);
}

/** Writes (create, update, delete, save) per member. */
export async function limitWrite(memberId: number): Promise<void> {
  const { write, windowMs } = getConfig().rateLimits;
  await hitRateLimit('write', String(memberId), { limit: write, windowMs }, await sharedDb());
}

/** Uploads per member (`db`: the upload's own database handle, when the caller has one). */
export async function limitUpload(memberId: number, db?: Db): Promise<void> {
  const { upload, windowMs } = getConfig().rateLimits;
  await hitRateLimit('upload', String(memberId), { limit: upload, windowMs }, await sharedDb(db));
}

/**
 * A limit of its own beside the write limit (`RATE_LIMIT_WRITE`, default 120): `base` at the default,
 * never above the write limit when that is set lower, and lifted with it when it is set higher (tests).
 */
function scaled(base: number, write: number): number {
  return Math.max(Math.min(base, write), Math.ceil((write * base) / 120));
}

/** A write that has a limit of its own (`bucket`, `base` a window) on top of the write limit: both counted at once. */
async function limitWriteOf(bucket: string, base: number, memberId: number): Promise<void> {
  const { write, windowMs } = getConfig().rateLimits;
  const key = String(memberId);
  await hitRateLimits(
    [
      { bucket: 'write', key, rule: { limit: write, windowMs } },
      { bucket, key, rule: { limit: scaled(base, write), windowMs } },
    ],
    await sharedDb(),
  );
}

/**
 * Applying to events, per member: at most 10 applications a window (fewer when writes are limited
 * lower), on top of the write limit, so a flood cannot bury authors' inboxes.
 */
export const APPLY_LIMIT = 10;

/** The write limit and the apply limit. */
export const limitApply = (memberId: number) => limitWriteOf('apply', APPLY_LIMIT, memberId);

/** Reports per member: at most 5 a window, so one account cannot bury the real ones in /admin. */
export const REPORT_LIMIT = 5;

/** The write limit and the report limit. */
export const limitReport = (memberId: number) => limitWriteOf('report', REPORT_LIMIT, memberId);

/**
 * Searches counted toward the popular list, per client address: at most 20 a window, so one client
 * cannot push a keyword up the list. The address lives only in the rate-limit window (minutes).
 */
export const SEARCH_COUNT_LIMIT = 20;

export async function limitSearchCount(ctx: Pick<APIContext, 'request' | 'clientAddress'>): Promise<void> {
  const { write, windowMs } = getConfig().rateLimits;
  await hitRateLimit(
    'search-count',
    addressOf(ctx),
    { limit: scaled(SEARCH_COUNT_LIMIT, write), windowMs },
    await sharedDb(),
  );
}
