#!/usr/bin/env node
/**
 * The whole test suite, as the README's test command and CI run it:
 *   build → type check → lint → format check → vitest (unit + integration on PGlite) → integration again on PostgreSQL
 *   and the load/fault tests (when its binaries exist; required in CI) → Playwright against the built server.
 * Ends with one plain line `N passed, N failed` counting every test case (each type check, the lint and
 * the format check count as one case) and exits non-zero if anything failed.
 *
 * Options: --skip-build, --only=unit|integration|pg|e2e|static (comma-separated).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findPgBin, freePort, startPgCluster } from './lib/pg-cluster.mjs';

const args = process.argv.slice(2);
const only =
  args
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',') ?? null;
const want = (step) => only === null || only.includes(step);
const bin = (name) => `node_modules/.bin/${name}`;
const results = { passed: 0, failed: 0 };
const failures = [];

function step(title, cmd, cmdArgs, env = {}) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, cmdArgs, {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  return r.status === 0;
}

function check(title, ok) {
  if (ok) results.passed++;
  else {
    results.failed++;
    failures.push(title);
  }
}

/**
 * Counts a vitest run from its JSON report. A run with no test at all failed (its global setup could
 * not start the server, no file was found, …): it must never read as "0 failed".
 */
function countVitest(file, label) {
  if (!existsSync(file)) {
    check(`${label}: no report`, false);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ((report.numTotalTests ?? 0) === 0) check(`${label}: ran no test`, false);
  results.passed += report.numPassedTests ?? 0;
  results.failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) * 0;
  if ((report.numFailedTests ?? 0) > 0) failures.push(`${label}: ${report.numFailedTests} failed`);
  // Named in the summary too: CI keeps only the end of the log.
  for (const suite of report.testResults ?? []) {
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'failed') {
        failures.push(`  ${suite.name.replace(`${process.cwd()}/`, '')} › ${t.fullName ?? t.title}`.slice(0, 300));
        failures.push(`    ${why(t.failureMessages?.[0])}`);
      }
    }
  }
  // A file that could not even load counts as a failure (its tests were never counted).
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
      results.failed++;
      failures.push(`${label}: ${suite.name} did not load`);
    }
  }
}

/** The start of a failure's message, on one line: CI keeps only the end of the log, so it says why. */
function why(message) {
  // eslint-disable-next-line no-control-regex
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.replace(/\s+/g, ' ').trim().slice(0, 600) || '(no message)';
}

function countPlaywright(file) {
  if (!existsSync(file)) {
    check('e2e: no report', false);
    return;
  }
  const { stats, errors } = JSON.parse(readFileSync(file, 'utf8'));
  results.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  results.failed += stats.unexpected ?? 0;
  if (stats.unexpected) failures.push(`e2e: ${stats.unexpected} failed`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          failures.push(`  ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`);
          failures.push(`    ${why(t.results?.at(-1)?.error?.message)}`);
        }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.file ? [...path, suite.title] : path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // No e2e test is skipped on purpose: a skipped one did not run because an earlier step of its serial
  // journey failed, so it is not a pass either.
  if (stats.skipped) {
    results.failed += stats.skipped;
    failures.push(`e2e: ${stats.skipped} did not run`);
  }
  if ((errors ?? []).length > 0) {
    results.failed++;
    failures.push('e2e: global errors');
  }
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

if (!args.includes('--skip-build')) {
  if (!step('build', bin('astro'), ['build'])) {
    check('build', false);
    finish();
  }
}

if (want('static')) {
  check('type check (astro check)', step('type check: astro check', bin('astro'), ['check']));
  check('type check (tsc)', step('type check: tsc', bin('tsc'), ['--noEmit', '-p', '.']));
  check('lint', step('lint: eslint', bin('eslint'), ['.', '--max-warnings=0']));
  check('format', step('format: prettier --check', bin('prettier'), ['--check', '.', '--log-level=warn']));
}

if (want('unit') || want('integration')) {
  const projects = [want('unit') && 'unit', want('integration') && 'integration'].filter(Boolean);
  step(`vitest (${projects.join(', ')}; PGlite)`, bin('vitest'), [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
  ]);
  countVitest('test-results/vitest.json', 'vitest');
}

if (want('pg')) {
  if (findPgBin()) {
    let cluster = null;
    try {
      cluster = await startPgCluster();
      step(
        'vitest (integration; PostgreSQL)',
        bin('vitest'),
        [
          'run',
          '--project',
          'integration',
          '--reporter=default',
          '--reporter=json',
          '--outputFile.json=test-results/vitest-pg.json',
        ],
        { DATABASE_URL: cluster.url, TEST_DATABASE: 'postgres' },
      );
      countVitest('test-results/vitest-pg.json', 'vitest on PostgreSQL');
      // Concurrency and faults on PostgreSQL (npm run test:load): two servers on this database, kill -9, the
      // database going away (on a cluster of its own).
      step(
        'vitest (load and faults; PostgreSQL)',
        bin('vitest'),
        [
          'run',
          '--project',
          'load',
          '--reporter=default',
          '--reporter=json',
          '--outputFile.json=test-results/vitest-load.json',
        ],
        { DATABASE_URL: cluster.url, TEST_DATABASE: 'postgres' },
      );
      countVitest('test-results/vitest-load.json', 'load on PostgreSQL');
    } catch (err) {
      console.error(err);
      check('PostgreSQL cluster', false);
    } finally {
      cluster?.stop();
    }
  } else if (process.env.CI) {
    console.error('PostgreSQL binaries are missing; CI must run the PostgreSQL pass.');
    check('PostgreSQL pass (binaries missing)', false);
  } else {
    console.log('\n▶ PostgreSQL pass skipped: no PostgreSQL binaries on this machine (apt-get install postgresql).');
  }
}

if (want('e2e')) {
  const port = await freePort();
  step('playwright (Chromium, 390×844)', bin('playwright'), ['test', '--reporter=list,json'], {
    E2E_PORT: String(port),
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
  });
  countPlaywright('test-results/playwright.json');
}

finish();

function finish() {
  if (failures.length > 0) console.log(`\nFailures:\n - ${failures.join('\n - ')}`);
  console.log(`\n${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed > 0 || results.passed === 0 ? 1 : 0);
}
