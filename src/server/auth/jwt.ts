/** HS256 JSON Web Tokens with node:crypto: small, constant-time verification, exp enforced. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  sub: string;
  roles: string[];
  type: 'ACCESS';
  /** The refresh chain (session) the token belongs to; tokens issued before it existed have none. */
  sid?: string;
  iat: number;
  exp: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(
  claims: Omit<AccessClaims, 'iat' | 'exp'>,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const payload = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const signature = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** The claims of a valid, unexpired access token; null for anything else. */
export function verifyJwt(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object') return null;
  const c = claims as Partial<AccessClaims>;
  if (c.type !== 'ACCESS' || typeof c.sub !== 'string' || typeof c.exp !== 'number' || !Array.isArray(c.roles))
    return null;
  if (c.sid !== undefined && typeof c.sid !== 'string') return null;
  if (c.exp * 1000 <= now) return null;
  return c as AccessClaims;
}
