/**
 * The server renders with React's production build (scripts/lib/production-react.mjs): React and every
 * dependency that uses it are bundled into the server build with NODE_ENV=production, so nothing of
 * React's development build is loaded at run time whatever NODE_ENV the server runs with.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactPackages } from '../../scripts/lib/production-react.mjs';

function serverFiles(dir = 'dist/server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? serverFiles(join(dir, e.name)) : e.name.endsWith('.mjs') ? [join(dir, e.name)] : [],
  );
}

describe('React on the server', () => {
  it('bundles React and every dependency that uses it (one copy of React)', () => {
    const packages = reactPackages();
    expect(packages).toEqual(expect.arrayContaining(['react', 'react-dom', '@nanostores/react']));
    expect(packages).not.toContain('nanostores');
    expect(packages).not.toContain('sharp');
  });

  it.skipIf(!existsSync('dist/server/entry.mjs'))(
    'the built server imports no React package and no development build',
    () => {
      const packages = reactPackages();
      for (const file of serverFiles()) {
        const code = readFileSync(file, 'utf8');
        for (const p of packages) {
          const bare = new RegExp(
            `(?:from\\s*|import\\s*\\(?\\s*|require\\()["']${p.replace('/', '\\/')}(?:/[^"']*)?["']`,
          );
          expect(bare.test(code), `${file} imports ${p} at run time`).toBe(false);
        }
        // Names only React's development builds carry (react's warnings, react-dom/server's component stacks).
        for (const devOnly of ['didWarnStateUpdateForUnmountedComponent', 'getCurrentStackInDEV'])
          expect(code.includes(devOnly), `${file} holds React's development build (${devOnly})`).toBe(false);
      }
    },
  );
});
