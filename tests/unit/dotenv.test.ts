import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDotEnv } from '#server/dotenv';

describe('.env', () => {
  const keys = ['DMB_DOTENV_A', 'DMB_DOTENV_B'];
  afterEach(() => keys.forEach((k) => delete process.env[k]));

  it('is read at startup, the environment winning over the file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dmb-env-')), '.env');
    writeFileSync(file, 'DMB_DOTENV_A=from-file\nDMB_DOTENV_B=from-file\n');
    process.env['DMB_DOTENV_A'] = 'from-env';
    // As the server and the scripts see it (no VITEST, not test mode).
    const env = { ...process.env, VITEST: undefined, APP_ENV: 'demo' };
    expect(loadDotEnv(env, file)).toBe(true);
    expect(process.env['DMB_DOTENV_A']).toBe('from-env');
    expect(process.env['DMB_DOTENV_B']).toBe('from-file');
  });

  it('is never read by tests, nor when there is none', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dmb-env-')), '.env');
    writeFileSync(file, 'DMB_DOTENV_B=from-file\n');
    expect(loadDotEnv({ APP_ENV: 'test' }, file)).toBe(false);
    expect(loadDotEnv(process.env, file)).toBe(false);
    expect(loadDotEnv({ APP_ENV: 'demo' }, join(tmpdir(), 'no-such-dir', '.env'))).toBe(false);
    expect(process.env['DMB_DOTENV_B']).toBeUndefined();
  });
});
