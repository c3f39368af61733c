/**
 * An earlier revision of the app, built beside this checkout, for the bench's "against" rows (issues 43
 * and 45 compare today's answers with the ones before a change, on the same database and machine):
 * a detached git worktree of `rev` in a temporary folder, this checkout's node_modules linked into it
 * (hard links: no copy, no network), and its own `astro build`. Its server is started from that folder
 * (`cwd`) on the same environment; it reads the same database, whose later migrations only added.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @param {string} rev a commit (`2ddab40^`, a tag, a branch)
 * @param {(msg: string) => void} log
 * @returns {{ dir: string, label: string, remove: () => void }}
 */
export function buildRevision(rev, log) {
  const sha = execFileSync('git', ['rev-parse', '--short', `${rev}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), `damabwa-rev-${sha}-`));
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    log(`building ${rev} (${sha}) in ${dir}…`);
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { stdio: 'ignore' });
    execFileSync('cp', ['-al', 'node_modules', join(dir, 'node_modules')]);
    const built = spawnSync(process.execPath, ['node_modules/.bin/astro', 'build'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`astro build of ${sha} failed: ${built.stderr.slice(-2_000)}`);
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, label: sha, remove };
}
