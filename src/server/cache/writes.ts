/**
 * Invalidation after a write, and "read your own writes" for the member who made it.
 *
 * Other visitors may get the previous copy while one render makes the new one (stale while
 * revalidating). The writer must not: a write that invalidated something answers with a short-lived
 * cookie holding the time of the write, and a request carrying it never gets a copy whose render began
 * before then (it waits for, or makes, a newer one). Pages carry no session (tokens are bearer headers),
 * so the cookie is the only way a page request can say "I just wrote"; it says nothing else. It is
 * signed (`signing.ts`): a forged time, refreshed every second, would otherwise make every page a full
 * render for whoever sends it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { hasValidSignature, signature } from './signing';

export const WROTE_COOKIE = 'dmb_wrote';
/** How long the writer's requests skip older copies: the longest a copy may be answered after a write. */
const WROTE_MAX_AGE_S = 120;

/** The time of the caller's last invalidating write, from its cookie, or 0 (none, or not plausible). */
export function wroteAt(cookieHeader: string | null | undefined, now = Date.now()): number {
  if (!cookieHeader) return 0;
  const m = new RegExp(`(?:^|;\\s*)${WROTE_COOKIE}=(\\d{13})\\.([\\w-]{22})(?:;|$)`).exec(cookieHeader);
  if (!m || !hasValidSignature(`wrote:${m[1]}`, m[2])) return 0;
  const at = Number(m[1]);
  return at <= now + 5_000 && now - at <= WROTE_MAX_AGE_S * 1000 ? at : 0;
}

/** The Set-Cookie value that marks the writer's next requests. */
export function wroteCookie(at: number): string {
  return `${WROTE_COOKIE}=${at}.${signature(`wrote:${at}`)}; Path=/; Max-Age=${WROTE_MAX_AGE_S}; SameSite=Lax; HttpOnly`;
}

/** What one request wrote: the time of its last invalidating write, if any. */
interface WriteRecord {
  at?: number;
}

const requests = new AsyncLocalStorage<WriteRecord>();

/** Runs a request's work, then tells when it made an invalidating write (undefined: none). */
export async function withWriteRecord<T>(work: () => Promise<T>): Promise<{ result: T; wroteAt: number | undefined }> {
  const record: WriteRecord = {};
  const result = await requests.run(record, work);
  return { result, wroteAt: record.at };
}

/** Notes an invalidating write of the request in progress (nothing outside a request: a CLI, a job). */
export function recordWrite(at: number): void {
  const record = requests.getStore();
  if (record) record.at = at;
}
