/**
 * The lint rule that keeps services free of HTTP (eslint.config.js): run ESLint with the project's
 * configuration on sources placed under src/server/services, and on the same sources elsewhere.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const service = 'src/server/services/lint-fixture.ts';

// Loading the configuration and its plugins takes seconds on a busy machine: once, outside the tests.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: service });
}, 60_000);

describe('services may not import HTTP', () => {
  it.each([
    ["import { badRequest } from '../http/errors';", 'src/server/http'],
    ["import { limitWrite } from '../http/limits';", 'src/server/http'],
    ["import { json } from '../../server/http/respond';", 'src/server/http'],
    ["import type { APIContext } from 'astro';", 'astro'],
    ["import { getActionContext } from 'astro:actions';", 'astro:*'],
    ["import { GET } from '../../pages/api/v1/files';", 'src/pages'],
  ])('%s is an error in a service (%s)', async (line) => {
    const messages = await restricted(`${line}\nexport const x = 1;\n`, service);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/know nothing of HTTP/);
  });

  it('allows what services do import, and leaves the HTTP layer free to import HTTP', async () => {
    const ok = [
      "import { DomainError } from './errors';",
      "import { getDb } from '../db/index';",
      "import { createServer } from 'node:http';",
      "import type { UserResponse } from '../../lib/contract';",
    ].join('\n');
    expect(await restricted(`${ok}\nexport const x = [DomainError, getDb, createServer];\n`, service)).toEqual([]);
    const endpoint = "import { badRequest } from '../http/errors';\nexport const x = badRequest;\n";
    expect(await restricted(endpoint, 'src/server/auth/lint-fixture.ts')).toEqual([]);
  });
});
