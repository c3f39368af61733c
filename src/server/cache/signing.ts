/**
 * Signatures of what the cache trusts from outside the process: the writer's cookie (`writes.ts`) and
 * the messages between instances (`bus.ts`). A key derived from the server secret (`JWT_SECRET`, the
 * same on every instance), never the secret itself; a forged or unsigned value is ignored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getJwtSecret } from '#server/auth/secret';

let key: Buffer | null = null;

function signingKey(): Buffer {
  key ??= createHmac('sha256', getJwtSecret()).update('damabwa page cache').digest();
  return key;
}

/** Tests sign with a key of their own (null: derive it from the server secret again). */
export function setSigningKeyForTests(value: string | null): void {
  key = value === null ? null : createHmac('sha256', value).update('damabwa page cache').digest();
}

/** The signature of `text`: 22 characters of base64url (128 bits). */
export function signature(text: string): string {
  return createHmac('sha256', signingKey()).update(text).digest('base64url').slice(0, 22);
}

export function hasValidSignature(text: string, sig: unknown): boolean {
  if (typeof sig !== 'string' || sig.length !== 22) return false;
  const expected = Buffer.from(signature(text));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
