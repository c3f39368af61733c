/**
 * Islands are tagged as React's in the server build (scripts/lib/tag-islands.mjs), so Astro skips
 * @astrojs/react's `check`, which rendered every island once more before rendering it (decision 008).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { componentExports, tagIslands } from '../../scripts/lib/tag-islands.mjs';

const TAG = /(\w+)\[Symbol\.for\("astro:renderer"\)\] = "@astrojs\/react"/g;

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : [],
  );
}

/** Every island an Astro file renders on the server (any client directive but `client:only`). */
function serverRenderedIslands(): Set<string> {
  const names = new Set<string>();
  for (const file of files('src', '.astro')) {
    const code = readFileSync(file, 'utf8');
    // `import { AfterPaint, type AfterPaintTask } from '#islands/…'`: the values it names.
    const imported = new Set(
      [...code.matchAll(/import \{([^}]+)\} from '#islands\//g)].flatMap((m) =>
        m[1]!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type ')),
      ),
    );
    for (const [, name, attrs] of code.matchAll(/<([A-Z]\w*)\b([^>]*)>/g)) {
      if (imported.has(name!) && /\bclient:/.test(attrs!) && !/\bclient:only\b/.test(attrs!)) names.add(name!);
    }
  }
  return names;
}

type Transform = (this: { parse: typeof parseAst }, code: string, id: string, o?: { ssr?: boolean }) => unknown;
const transform = tagIslands().transform as unknown as Transform;
const ctx = { parse: parseAst };

describe('tagging islands as React components', () => {
  it('finds the capitalised exports of a module, whatever their form', () => {
    const program = parseAst(`
      export function SaveToggle() {}
      export const Modal = () => null;
      function Local() {}
      export { Local as Renamed, helper };
      function helper() {}
      export const LIMIT = 3;
      export { Other } from './other';
      export default function Page() {}`);
    expect(componentExports(program).sort()).toEqual(['LIMIT', 'Local', 'Modal', 'Page', 'SaveToggle']);
  });

  it('tags in the server build only, and only island modules', () => {
    const code = 'export function SaveToggle() { return null; }';
    const ssr = transform.call(ctx, code, '/app/src/islands/SaveToggle.tsx', { ssr: true }) as { code: string };
    expect(ssr.code).toContain(
      "if (typeof SaveToggle === 'function') SaveToggle[Symbol.for('astro:renderer')] = '@astrojs/react';",
    );
    expect(transform.call(ctx, code, '/app/src/islands/SaveToggle.tsx', { ssr: false })).toBeNull();
    expect(transform.call(ctx, code, '/app/src/lib/cards.ts', { ssr: true })).toBeNull();
    expect(transform.call(ctx, 'export const x = 1;', '/app/src/islands/x.tsx', { ssr: true })).toBeNull();
  });

  it.skipIf(!existsSync('dist/server/entry.mjs'))('the built server tags every island a page renders', () => {
    const tagged = new Set<string>();
    for (const file of files('dist/server', '.mjs')) {
      for (const m of readFileSync(file, 'utf8').matchAll(TAG)) tagged.add(m[1]!);
    }
    const islands = serverRenderedIslands();
    expect([...islands]).toEqual(
      expect.arrayContaining(['AfterPaint', 'DetailAfterPaint', 'FilterBar', 'DialogHost', 'KakaoLoginButton']),
    );
    expect([...islands].filter((name) => !tagged.has(name))).toEqual([]);
  });

  it.skipIf(!existsSync('dist/client'))('leaves the client bundles untagged', () => {
    for (const file of files('dist/client', '.js')) expect(readFileSync(file, 'utf8')).not.toContain('astro:renderer');
  });
});
