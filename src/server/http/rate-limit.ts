/**
 * Fixed-window rate limits in process memory, keyed by a bucket name and a caller key (IP or member).
 * Past the limit the caller gets 429 TOO_MANY_REQUESTS with Retry-After. Behind several server
 * instances each instance counts on its own (documented in the README).
 */
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const windows = new Map<string, { count: number; resetAt: number }>();
let overrides: Partial<Record<string, RateLimitRule>> = {};

/** Counts one hit; throws 429 once the window's limit is passed. */
export function hitRateLimit(bucket: string, key: string, rule: RateLimitRule, now = Date.now()): void {
  const effective = overrides[bucket] ?? rule;
  const id = `${bucket}:${key}`;
  let w = windows.get(id);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + effective.windowMs };
    windows.set(id, w);
    if (windows.size > 50_000) sweep(now);
  }
  w.count++;
  if (w.count > effective.limit) throw tooManyRequests((w.resetAt - now) / 1000);
}

function sweep(now: number): void {
  for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
}

/** Service tests shrink or lift limits in process (servers use RATE_LIMIT_* and RATE_LIMIT_WINDOW_MS). */
export function setRateLimitOverrides(next: Partial<Record<string, RateLimitRule>>): void {
  overrides = next;
}

export function resetRateLimits(): void {
  windows.clear();
}

/**
 * The client address: the socket's, or, when TRUST_PROXY is on, the last X-Forwarded-For hop — the one
 * our reverse proxy appended. Earlier hops come from the client itself (anyone can send the header), so
 * keying on the first one would let a caller pick a fresh address per request and escape the limit.
 */
export function clientKey(request: Request, clientAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (fwd) return fwd;
  }
  return clientAddress ?? 'unknown';
}
