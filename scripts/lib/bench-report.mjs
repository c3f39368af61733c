/**
 * The bench's report: its tables, the growth of the scale queries, the targets of docs/design.md
 * (and of the bench issues) met or missed, and the JSON file bench/results/<date>.json. Targets that
 * depend on the database are read on PostgreSQL's rows; PGlite's are for information (decision 021),
 * but for the demo's own memory target (issue 39).
 */
import { writeFileSync } from 'node:fs';
import { applicationTargets, printApplications } from '../bench/applications-report.mjs';
import { memberRateTargets, printMemberRate } from '../bench/member-rate.mjs';
import { memoryTargets, printMemory } from '../bench/memory.mjs';
import { printWriteLoad, TARGET_DATABASE, writeLoadTargets } from '../bench/write-load-report.mjs';

export const TARGETS = {
  lighthousePerf: 98,
  lighthouseA11y: 98,
  cls: 0,
  // First paint at the physical limit (issue 23, decision 019): medians of the runs.
  fcpMs: 900,
  lcpMs: 1000,
  pageVsStatic: 0.25,
};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** For each database and query: how p50 and p99 grew from its smallest size to its largest. */
export function growth(scale) {
  const rows = [];
  const key = (r) => `${r.database}\u0000${r.query}`;
  for (const k of [...new Set(scale.map(key))]) {
    const points = scale.filter((r) => key(r) === k).sort((a, b) => a.events - b.events);
    if (points.length < 2) continue;
    const [from, to] = [points[0], points[points.length - 1]];
    rows.push({
      database: from.database,
      query: from.query,
      events: `${from.events} → ${to.events} (×${to.events / from.events})`,
      p50: Number((to.p50 / from.p50).toFixed(2)),
      p99: Number((to.p99 / from.p99).toFixed(2)),
    });
  }
  return rows;
}

/** Each target with what was measured; `ok: null` where it was not measured. */
export function targets(results) {
  const rows = [];
  for (const p of results.pages) {
    rows.push({ target: `JS on ${p.path} ≤ ${kb(p.jsBudget)} gzip`, measured: kb(p.jsGzip), ok: p.jsWithinBudget });
  }
  for (const l of results.lighthouse) {
    if (l.performance === null) {
      const why = `not measured: ${l.failedRuns ?? 'no run'}`;
      rows.push({ target: `Lighthouse (${l.page})`, measured: why, ok: null });
      continue;
    }
    rows.push({
      target: `Lighthouse performance ≥ ${TARGETS.lighthousePerf} (${l.page})`,
      measured: l.performance,
      ok: l.performance >= TARGETS.lighthousePerf,
    });
    rows.push({
      target: `Lighthouse accessibility ≥ ${TARGETS.lighthouseA11y} (${l.page})`,
      measured: l.accessibility,
      ok: l.accessibility >= TARGETS.lighthouseA11y,
    });
    rows.push({ target: `CLS ≤ ${TARGETS.cls} (${l.page})`, measured: l.cls, ok: l.cls <= TARGETS.cls });
    rows.push({ target: `FCP ≤ ${TARGETS.fcpMs} ms (${l.page})`, measured: l.fcpMs, ok: l.fcpMs <= TARGETS.fcpMs });
    rows.push({ target: `LCP ≤ ${TARGETS.lcpMs} ms (${l.page})`, measured: l.lcpMs, ok: l.lcpMs <= TARGETS.lcpMs });
  }
  if (!results.lighthouse.length)
    rows.push({ target: 'Lighthouse', measured: `not run: ${results.lighthouseError ?? 'unknown'}`, ok: null });
  if (results.throughput.length && !results.throughput.some((r) => r.database === TARGET_DATABASE))
    rows.push({ target: `Throughput (${TARGET_DATABASE})`, measured: 'not measured', ok: null });
  for (const name of ['home /', 'events /events']) {
    const row = results.throughput.find((r) => r.target === name && r.database === TARGET_DATABASE);
    if (row)
      rows.push({
        target: `${name} ≥ ${TARGETS.pageVsStatic * 100}% of the static asset's req/s`,
        measured: row.ratioToStatic,
        ok: row.ratioToStatic >= TARGETS.pageVsStatic,
      });
  }
  rows.push(...writeLoadTargets(results.writeLoad ?? null, results.throughput));
  rows.push(...memoryTargets(results), ...memberRateTargets(results), ...applicationTargets(results));
  return rows;
}

export function report(results) {
  const m = results.machine;
  console.log(
    `\nMachine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}${results.quick ? ' (quick)' : ''}`,
  );

  console.log('\n1. Page weight (first load, 390×844)');
  console.table(
    results.pages.map((r) => ({
      page: r.page,
      'JS gzip': kb(r.jsGzip),
      budget: kb(r.jsBudget),
      ok: r.jsWithinBudget ? 'yes' : 'NO',
      'JS files': r.jsFiles,
      CSS: kb(r.css),
      fonts: kb(r.fonts),
      images: kb(r.images),
      total: kb(r.total),
    })),
  );

  console.log('2. Lighthouse (mobile, simulated throttling, median)');
  if (results.lighthouse.length) console.table(results.lighthouse);
  else console.log(`   not run: ${results.lighthouseError ?? 'unknown'}`);

  const ref = results.reference;
  console.log(
    `3. Throughput (64 connections, accept-encoding: br, gzip)${ref ? `; reference ${ref.path}, ${ref.bytes} bytes ${ref.encoding}` : ''}; targets read on ${TARGET_DATABASE}, PGlite rows for information`,
  );
  console.table(
    results.throughput.map((r) => ({
      database: r.database,
      target: r.target,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs static': r.ratioToStatic,
      non2xx: r.non2xx,
      errors: r.errors,
    })),
  );

  printMemory(results);
  printMemberRate(results);

  console.log(
    `4. Scale (sequential API requests, ms; targets read on ${TARGET_DATABASE}, PGlite rows for information)`,
  );
  console.table(results.scale);
  if (results.growth.length) {
    console.log('   growth from the smaller to the larger size (× p50, × p99)');
    console.table(results.growth);
  }

  printWriteLoad(results.writeLoad);
  printApplications(results);

  console.log('Targets');
  console.table(targets(results).map((t) => ({ ...t, ok: t.ok === null ? '—' : t.ok ? 'yes' : 'NO' })));

  const file = `bench/results/${results.date.slice(0, 19).replace(/[:T]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify({ ...results, targets: targets(results) }, null, 2));
  console.log(`\nresults written to ${file}`);
}
