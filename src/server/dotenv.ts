/**
 * `.env` in the working directory, read once at startup with Node's own `process.loadEnvFile`: what the
 * environment already sets wins. Tests never read it (a developer's `.env` must not point the suite at
 * their database).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function loadDotEnv(env: NodeJS.ProcessEnv = process.env, file = resolve('.env')): boolean {
  if (env['APP_ENV'] === 'test' || env['VITEST'] !== undefined || !existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
