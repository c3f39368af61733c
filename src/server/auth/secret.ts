/**
 * The access-token signing secret: JWT_SECRET in production; in demo and test a random secret is
 * generated once and kept in DATA_DIR so tokens survive a restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig } from '#server/config';

let secret: string | null = null;

export function getJwtSecret(): string {
  if (secret) return secret;
  const config = getConfig();
  if (config.jwtSecret) {
    secret = config.jwtSecret;
    return secret;
  }
  const file = join(config.dataDir, 'jwt-secret');
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    secret = '';
  }
  if (secret.length < 32) {
    secret = randomBytes(48).toString('base64url');
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}
