/**
 * The local Kakao stand-in for demo mode and tests. It speaks Kakao's OAuth protocol (authorize,
 * token, user info) so the real client code runs unchanged. It is enabled only when config.kakao.standIn
 * is on, which production refuses.
 *
 * Account names map to stable numeric ids. Tokens are self-verifying (HMAC), so several server
 * instances accept each other's tokens; authorization codes are single-use and kept in memory.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getJwtSecret } from '#server/auth/secret';
import { getConfig } from '#server/config';

export interface DemoAccount {
  account: string;
  label: string;
}

/** Stable Kakao-like id for an account name (the same name always gives the same id). */
export function standInKakaoId(account: string): string {
  const digest = createHash('sha256')
    .update(`kakao-standin:${account.normalize('NFC')}`)
    .digest();
  return String((digest.readUIntBE(0, 6) % 9_000_000_000) + 1_000_000_000);
}

/**
 * The age range the stand-in reports, in Kakao's format: an account name containing `under14` is a child
 * (`10~14`), containing `under10` a younger one (`1~9`); every other account shares none (as a Kakao
 * account that did not agree to share it).
 */
export function standInAgeRange(account: string): string | null {
  const name = account.toLowerCase();
  if (name.includes('under10')) return '1~9';
  if (name.includes('under14')) return '10~14';
  return null;
}

export function normaliseAccount(raw: string): string | null {
  const account = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (account.length < 1 || account.length > 40) return null;
  if (/\p{Cc}/u.test(account)) return null;
  return account;
}

/**
 * The authorize page returns only to `/auth` of our own origin or of an origin in `CORS_ORIGINS` (a
 * client on another origin signs in too); any other `redirect_uri` is refused, so the stand-in is no
 * open redirect and never hands a code to a page we do not know.
 */
export function allowedRedirect(
  redirectUri: string,
  requestOrigin: string,
  publicOrigin = getConfig().publicOrigin,
  corsOrigins: readonly string[] = getConfig().corsOrigins,
): URL | null {
  if (!URL.canParse(redirectUri)) return null;
  const target = new URL(redirectUri);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.username || target.password || target.pathname !== '/auth') return null;
  // Ours: PUBLIC_ORIGIN, or the origin this page was reached on (behind a proxy, or a test server).
  const ours = [publicOrigin, requestOrigin].map((o) => (URL.canParse(o) ? new URL(o).origin : ''));
  return ours.includes(target.origin) || corsOrigins.includes(target.origin) ? target : null;
}

const CODE_TTL_MS = 5 * 60_000;
const codes = new Map<string, { account: string; redirectUri: string; expiresAt: number }>();

export function issueCode(account: string, redirectUri: string, now = Date.now()): string {
  for (const [k, v] of codes) if (v.expiresAt <= now) codes.delete(k);
  const code = randomBytes(24).toString('base64url');
  codes.set(code, { account, redirectUri, expiresAt: now + CODE_TTL_MS });
  return code;
}

/** A code works once and only with the redirect URI it was issued for. */
export function redeemCode(code: string, redirectUri: string, now = Date.now()): string | null {
  const entry = codes.get(code);
  if (!entry) return null;
  codes.delete(code);
  if (entry.expiresAt <= now || entry.redirectUri !== redirectUri) return null;
  return entry.account;
}

const TOKEN_TTL_S = 6 * 60 * 60;

function sign(data: string): string {
  return createHmac('sha256', `kakao-standin:${getJwtSecret()}`).update(data).digest('base64url');
}

export function issueAccessToken(account: string, now = Date.now()): { token: string; expiresIn: number } {
  const exp = Math.floor(now / 1000) + TOKEN_TTL_S;
  const payload = Buffer.from(JSON.stringify({ a: account, exp })).toString('base64url');
  return { token: `${payload}.${sign(payload)}`, expiresIn: TOKEN_TTL_S };
}

export function verifyAccessToken(token: string, now = Date.now()): string | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; exp?: unknown };
    if (typeof data.a !== 'string' || typeof data.exp !== 'number' || data.exp * 1000 <= now) return null;
    return data.a;
  } catch {
    return null;
  }
}
