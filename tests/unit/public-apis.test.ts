/**
 * The code uses its packages through their public APIs: no private members (`_`-prefixed) of PGlite or
 * node-postgres, no internal module paths (`pg/lib/*`, `…/dist/…`), so a minor upgrade cannot break it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.(ts|tsx|mjs|astro)$/.test(name) ? [p] : [];
  });
}

describe('public APIs only', () => {
  const sources = [...filesUnder('src'), ...filesUnder('scripts')];

  it('imports no internal module of a package', () => {
    const internal = /from\s+['"](?:pg\/lib\/|@electric-sql\/pglite\/dist\/|astro\/dist\/|@astrojs\/node\/dist\/)/;
    expect(sources.filter((f) => internal.test(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('calls no private member of the database drivers', () => {
    const privateCall = /\.(_runExclusive\w*|execProtocol\w*|_handle\w*|_checkReady|_queryWithLock)\b/;
    expect(sources.filter((f) => privateCall.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
