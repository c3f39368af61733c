import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '#server/auth/jwt';

const SECRET = 'the-unit-test-secret-that-is-long-enough-0123456789';
const NOW = Date.UTC(2026, 10, 24, 3, 0, 0);
const claims = { sub: '42', roles: ['USER', 'PHOTOGRAPHER'], type: 'ACCESS' as const, sid: 'chain-1' };

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (unsigned: string, secret = SECRET) =>
  `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;

/** A token as the hand-written signer before jose built it: header, then claims in this order. */
function legacyToken(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  return hs256(`${part(header)}.${part(payload)}`);
}

const iat = Math.floor(NOW / 1000);
const payload = { ...claims, iat, exp: iat + 1800 };

describe('access tokens (jose, HS256)', () => {
  it('issues the same bytes as before the change, and verifies tokens issued before it', async () => {
    expect(await signJwt(claims, SECRET, 1800, NOW)).toBe(legacyToken(payload));
    expect(await verifyJwt(legacyToken(payload), SECRET, NOW)).toEqual(payload);
    const noSession = { sub: '7', roles: ['USER'], type: 'ACCESS', iat, exp: iat + 60 };
    expect(await verifyJwt(legacyToken(noSession), SECRET, NOW)).toEqual(noSession);
  });

  it('enforces exp to the millisecond boundary the hand-written code used', async () => {
    const token = await signJwt(claims, SECRET, 1800, NOW);
    expect(await verifyJwt(token, SECRET, (iat + 1800) * 1000 - 1)).not.toBeNull();
    expect(await verifyJwt(token, SECRET, (iat + 1800) * 1000)).toBeNull();
    expect(await verifyJwt(token, SECRET, NOW + 2 * 3_600_000)).toBeNull();
  });

  it('refuses a wrong secret and a changed payload', async () => {
    const token = await signJwt(claims, SECRET, 1800, NOW);
    expect(await verifyJwt(token, 'another-secret-of-the-same-kind-0123456789abcdef', NOW)).toBeNull();
    const [h, , s] = token.split('.');
    expect(await verifyJwt(`${h}.${part({ ...payload, roles: ['ADMIN'] })}.${s}`, SECRET, NOW)).toBeNull();
  });

  it('refuses alg none, unsigned or not', async () => {
    const none = `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
    expect(await verifyJwt(none, SECRET, NOW)).toBeNull();
    expect(await verifyJwt(legacyToken(payload, { alg: 'none', typ: 'JWT' }), SECRET, NOW)).toBeNull();
  });

  it('refuses other algorithms: HS384/HS512 with the right secret, RS256 and the RS→HS confusion', async () => {
    const hs512 = `${part({ alg: 'HS512', typ: 'JWT' })}.${part(payload)}`;
    const sig512 = createHmac('sha512', SECRET).update(hs512).digest('base64url');
    expect(await verifyJwt(`${hs512}.${sig512}`, SECRET, NOW)).toBeNull();

    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(payload)}`;
    const rsToken = `${rs}.${sign('sha256', Buffer.from(rs), privateKey).toString('base64url')}`;
    expect(await verifyJwt(rsToken, SECRET, NOW)).toBeNull();
    // Confusion: an HS256 token keyed with a public key the attacker knows (as if it were the secret).
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(
      await verifyJwt(hs256(`${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`, pem), SECRET, NOW),
    ).toBeNull();
  });

  it('refuses malformed tokens and claims of the wrong shape', async () => {
    for (const bad of ['', 'a.b', 'a.b.c', 'a.b.c.d', '...', `${part({ alg: 'HS256' })}.!!!.x`]) {
      expect(await verifyJwt(bad, SECRET, NOW), bad).toBeNull();
    }
    expect(await verifyJwt(legacyToken({ ...payload, type: 'REFRESH' }), SECRET, NOW)).toBeNull();
    expect(await verifyJwt(legacyToken({ ...payload, sub: 42 }), SECRET, NOW)).toBeNull();
    expect(await verifyJwt(legacyToken({ ...payload, roles: 'ADMIN' }), SECRET, NOW)).toBeNull();
    expect(await verifyJwt(legacyToken({ ...payload, sid: 5 }), SECRET, NOW)).toBeNull();
    const { exp: _exp, ...noExp } = payload;
    expect(await verifyJwt(legacyToken(noExp), SECRET, NOW)).toBeNull();
    expect(
      await verifyJwt(
        hs256(`${part({ alg: 'HS256', typ: 'JWT' })}.${Buffer.from('[1]').toString('base64url')}`),
        SECRET,
        NOW,
      ),
    ).toBeNull();
  });
});
