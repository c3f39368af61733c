/**
 * HS256 JSON Web Tokens, signed and verified by jose (decision 017). The header and claims are the
 * same bytes the earlier hand-written code produced, so tokens issued before the change still verify.
 * Only HS256 is accepted (no `none`, no RS/ES key confusion); `exp` is enforced to the second.
 */
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sub: string;
  roles: string[];
  type: 'ACCESS';
  /** The refresh chain (session) the token belongs to; tokens issued before it existed have none. */
  sid?: string;
  iat: number;
  exp: number;
}

const ALG = 'HS256';
const encoder = new TextEncoder();

/** HMAC keys by secret, imported once: verification is on the path of every member request. */
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    // The server has one secret; tests sign with a few more. Bounded all the same.
    if (keys.size >= 16) keys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

export async function signJwt(
  claims: Omit<AccessClaims, 'iat' | 'exp'>,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  // The claims in this order, and no setters: the payload's bytes stay those of earlier tokens.
  return new SignJWT({ ...claims, iat, exp: iat + ttlSeconds })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .sign(await keyFor(secret));
}

function isAccessClaims(c: Partial<AccessClaims>): c is AccessClaims {
  if (c.type !== 'ACCESS' || typeof c.sub !== 'string' || typeof c.exp !== 'number' || !Array.isArray(c.roles))
    return false;
  return c.sid === undefined || typeof c.sid === 'string';
}

/** The claims of a valid, unexpired access token; null for anything else (forged, expired, malformed). */
export async function verifyJwt(token: string, secret: string, now = Date.now()): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), {
      algorithms: [ALG],
      typ: 'JWT',
      currentDate: new Date(now),
    });
    const claims = payload as Partial<AccessClaims>;
    return isAccessClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}
