#!/usr/bin/env node
/**
 * Builds the app when dist/ is missing, incomplete or older than the sources, so `npm start` always
 * serves the current code. The server imports two files of the build by name (scripts/server.mjs):
 * the adapter's entry.mjs and our app.mjs; a build without either one is built again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const outputs = ['dist/server/entry.mjs', 'dist/server/app.mjs'];
const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const sources = Math.max(newest('src'), newest('public'), newest('astro.config.mjs'), newest('package-lock.json'));
if (built === 0 || sources > built) {
  console.log(built === 0 ? 'Building the app (first start)…' : 'Sources changed since the last build; rebuilding…');
  const r = spawnSync('node_modules/.bin/astro', ['build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
