/**
 * The alerting rules of deploy/prometheus: valid, and firing when they should (promtool's own rule tests,
 * deploy/prometheus/damabwa-alerts.test.yml). Skipped where promtool is not installed (Debian's
 * prometheus package); tests/integration/metrics.test.ts checks in every run that the server serves each
 * metric the rules read.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const promtool = spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!promtool)('Prometheus alerting rules', () => {
  it('pass promtool check and promtool test', () => {
    const opts = { cwd: 'deploy/prometheus', encoding: 'utf8' } as const;
    expect(execFileSync('promtool', ['check', 'config', 'prometheus.yml'], opts)).toContain('SUCCESS');
    expect(execFileSync('promtool', ['test', 'rules', 'damabwa-alerts.test.yml'], opts)).toContain('SUCCESS');
  });
});
