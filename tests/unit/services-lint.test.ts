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
    ["import { badRequest } from '#server/http/errors';", 'src/server/http by alias'],
    ["import { GET } from '#pages/api/v1/files';", 'src/pages by alias'],
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

describe('browser-only code has its own room (src/client)', () => {
  it.each([
    ['src/server/services/lint-fixture.ts', "import { apiFetch } from '#client/api';"],
    ['src/server/cache/lint-fixture.ts', "import { apiFetch } from '#client/api';"],
    ['src/pages/api/v1/lint-fixture.ts', "import { readSession } from '../../../client/auth';"],
    ['src/middleware.ts', "import { apiFetch } from '#client/api';"],
  ])('%s may not import it', async (file, line) => {
    const messages = await restricted(`${line}\nexport const x = 1;\n`, file);
    expect(messages.some((m) => /browser-only modules/.test(m))).toBe(true);
  });

  it('and browser code may not import the server, by path or by alias', async () => {
    for (const line of ["import { getDb } from '#server/db/index';", "import { getDb } from '../server/db/index';"]) {
      const messages = await restricted(`${line}\nexport const x = 1;\n`, 'src/client/lint-fixture.ts');
      expect(
        messages.some((m) => /server-only modules/.test(m)),
        line,
      ).toBe(true);
    }
    expect(
      await restricted("import { apiFetch } from '#client/api';\nexport const x = apiFetch;\n", 'src/islands/X.tsx'),
    ).toEqual([]);
  });
});
