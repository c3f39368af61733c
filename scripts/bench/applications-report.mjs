/**
 * The "applications" part of the bench (issue 40), its pure half: who applies to what (a plan that never
 * applies twice to one event nor past the per-member apply limit), the targets met or missed, and the
 * tables (printing aside, no I/O). ./applications.mjs measures.
 */
import { writeFileSync } from 'node:fs';
import { rateTarget } from './open-loop.mjs';
import { TARGET_DATABASE } from './write-load-report.mjs';

export const APPLICATION_TARGETS = {
  /** Applications at 50/s, open loop: p99 (ms). */
  applyP99Ms: 100,
  /** Concurrent selections against a capacity: exactly this many succeed, every round. */
  selectionCapacity: 10,
  /** An author's inbox, first page of 20, sequential p50 (ms). */
  inboxP50Ms: 5,
  /** Anonymous `/events` req/s beside the 50/s applications, over its quiet rows. */
  eventsRatio: 0.8,
  /** The ratio counts only if at least this share of the applications was answered 201. */
  answeredShare: 0.9,
};

/** The server's limit (src/server/http/limits.ts APPLY_LIMIT): applications per member and window. */
export const APPLY_LIMIT = 10;

/** Consecutive rounds of one member move this many events on: coprime with the number of events. */
const STRIDE = 37;

const gcd = (a, b) => (b ? gcd(b, a % b) : a);

/**
 * Who applies where, as indexes into the members and the events:
 * - `runs[k][i]`: the i-th application of rate run k, `perRun` each, over the first `members` members
 *   and the `events` load events: request n (counted over all runs) is member n mod `members`, in round
 *   ⌊n / members⌋, to event (member + round × STRIDE) mod `events`, so every event gets its share and
 *   no member applies twice to one event;
 * - `inbox`: the members who apply to the inbox event (the first `inboxApplicants`);
 * - `selections[r]`: round r's applicants to its own capacity event, after the load members.
 * `members` is how many accounts the plan needs; `maxPerMember` the most applications of any one member
 * over the whole part, which must stay within APPLY_LIMIT (the server answers 429 past it) or this throws.
 */
export function applicationPlan({
  members,
  events,
  perRun,
  runs,
  inboxApplicants,
  selectionRounds,
  selectionApplicants,
}) {
  const rounds = Math.ceil((perRun * runs) / members);
  if (gcd(STRIDE, events) !== 1 || rounds > events) throw new Error(`no plan for ${events} events in ${rounds} rounds`);
  const count = new Map();
  const add = (m) => count.set(m, (count.get(m) ?? 0) + 1);
  const runPlans = [];
  for (let k = 0; k < runs; k++) {
    const run = [];
    for (let i = 0; i < perRun; i++) {
      const n = k * perRun + i;
      const member = n % members;
      const event = (member + Math.floor(n / members) * STRIDE) % events;
      run.push({ member, event });
      add(member);
    }
    runPlans.push(run);
  }
  const inbox = Array.from({ length: inboxApplicants }, (_, m) => m);
  inbox.forEach(add);
  const selections = Array.from({ length: selectionRounds }, (_, r) =>
    Array.from({ length: selectionApplicants }, (_, i) => members + r * selectionApplicants + i),
  );
  selections.flat().forEach(add);
  const maxPerMember = Math.max(0, ...count.values());
  if (maxPerMember > APPLY_LIMIT) throw new Error(`a member would apply ${maxPerMember} times (limit ${APPLY_LIMIT})`);
  return {
    runs: runPlans,
    inbox,
    selections,
    members: Math.max(inboxApplicants, members + selectionRounds * selectionApplicants),
    maxPerMember,
  };
}

/**
 * One selection round from its answers: `answers` are `{ status, code }` of the concurrent
 * transitions; `listed` the SELECTED applications the author's inbox lists after them.
 */
export function selectionRound(answers, listed) {
  const selected = answers.filter((a) => a.status === 200).length;
  const full = answers.filter((a) => a.status === 409 && a.code === 'PROMOTION_FULL').length;
  return { asked: answers.length, selected, full, other: answers.length - selected - full, listed };
}

const fixed = (n, digits = 2) => Number(n.toFixed(digits));

/** `/events` beside the applications over the mean of its quiet rows before and after (null without them). */
export function eventsRatio(quietBefore, beside, quietAfter) {
  const quiet = (quietBefore.rps + quietAfter.rps) / 2;
  return quiet > 0 ? fixed(beside.rps / quiet) : null;
}

/** The issue's targets, read on the PostgreSQL run (`ok: null` where not measured). */
export function applicationTargets(results) {
  const a = results.applications;
  if (!a) return [];
  const db = a.database;
  const T = APPLICATION_TARGETS;
  if (a.skipped)
    return [{ target: `applications (${TARGET_DATABASE})`, measured: `not measured: ${a.skipped}`, ok: null }];
  // The issue's run is both at once; alone, the same rate shows what the applications cost by themselves
  // (beside 64 connections of `/events` the machine's two cores are full). Each is judged and printed.
  const alone = a.runs.find((r) => r.run === 'alone');
  const beside = a.runs.find((r) => r.run === 'beside /events');
  const rows = [
    rateTarget(`applications alone (${db})`, alone, T.applyP99Ms),
    rateTarget(`applications beside anonymous /events (${db})`, beside, T.applyP99Ms),
  ];
  const cap = T.selectionCapacity;
  const exact = (s) => s.selected === cap && s.full === s.asked - cap && s.other === 0 && s.listed === cap;
  rows.push({
    target: `${a.selectionApplicants} concurrent selections, capacity ${cap}: exactly ${cap} succeed, the rest 409 PROMOTION_FULL, every round (${db})`,
    measured: a.selections.length
      ? a.selections.map((s) => `${s.selected}/${s.full}${s.other ? `/${s.other} other` : ''}`).join(', ')
      : 'not measured',
    ok: a.selections.length ? a.selections.every(exact) : null,
  });
  rows.push({
    target: `author's inbox first page (${a.inbox?.applicants ?? '?'} applicants): p50 ≤ ${T.inboxP50Ms} ms sequential (${db})`,
    measured: a.inbox ? `${a.inbox.p50} ms (p99 ${a.inbox.p99} ms; /healthz ${a.inbox.floorP50} ms)` : 'not measured',
    ok: a.inbox ? a.inbox.p50 <= T.inboxP50Ms : null,
  });
  const e = a.events;
  const answered = beside ? beside.ok / beside.planned : 0;
  const short =
    answered < T.answeredShare
      ? `; only ${beside?.ok ?? 0} of ${beside?.planned ?? '?'} applications answered 201`
      : '';
  rows.push({
    target: `anonymous /events beside ${beside?.rate ?? '?'} applications/s ≥ ${T.eventsRatio} of quiet (${db})`,
    measured: e?.ratio === null || e?.ratio === undefined ? 'not measured' : `${e.ratio}${short}`,
    ok: e?.ratio === null || e?.ratio === undefined ? null : e.ratio >= T.eventsRatio && !short,
  });
  return rows;
}

/** The part's tables (nothing when it did not run). */
export function printApplications(results) {
  const a = results.applications;
  if (!a) return;
  if (a.skipped) {
    console.log(`Applications: not measured (${a.skipped})`);
    return;
  }
  const s = a.setup;
  console.log(
    `Applications (${a.database}, ${a.seededEvents} seeded events; ${s.events} events taking applications, capacity ${s.capacity}; ${s.members} members signed in and registered in ${s.membersSeconds} s; open loop, latency from when each was due)`,
  );
  console.table(
    a.runs.map((r) => ({
      run: r.run,
      'asked /s': r.rate,
      seconds: r.seconds,
      'answered /s': r.achievedRps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'max ms': r.max,
      'send lag p99 ms': r.lagP99,
      'not 201': r.unexpected,
      errors: r.errors + r.dropped,
    })),
  );
  for (const r of a.runs.filter((x) => x.lastError)) console.log(`   ${r.run}: last error ${r.lastError}`);
  const e = a.events;
  if (e) {
    console.log(`   anonymous /events at 64 connections: quiet, beside the applications, quiet; ratio ${e.ratio}`);
    console.table(
      ['quietBefore', 'beside', 'quietAfter'].map((k) => ({
        run: k,
        seconds: e[k].seconds,
        'req/s': e[k].rps,
        'p50 ms': e[k].p50,
        'p99 ms': e[k].p99,
        non2xx: e[k].non2xx,
        errors: e[k].errors,
      })),
    );
  }
  if (a.selections.length) {
    console.log(
      `   ${a.selectionApplicants} concurrent selections of ${a.selectionApplicants} applicants, capacity ${APPLICATION_TARGETS.selectionCapacity}`,
    );
    console.table(a.selections.map((x, i) => ({ round: i + 1, ...x })));
  }
  if (a.inbox)
    console.log(
      `   author's inbox, first page of 20 of ${a.inbox.applicants} applicants: p50 ${a.inbox.p50} ms, p99 ${a.inbox.p99} ms over ${a.inbox.n} sequential requests (/healthz p50 ${a.inbox.floorP50} ms in turns with them)`,
    );
}

const shown = (t) => ({ ...t, ok: t.ok === null ? '—' : t.ok ? 'yes' : 'NO' });

/** `--only=applications`: the tables, their targets, and bench/results/<date>-applications.json. */
export function reportApplications(results) {
  printApplications(results);
  console.log('Targets (applications)');
  console.table(applicationTargets(results).map(shown));
  const file = `bench/results/${results.date.slice(0, 19).replace(/[:T]/g, '-')}-applications.json`;
  writeFileSync(file, JSON.stringify({ ...results, targets: applicationTargets(results) }, null, 2));
  console.log(`\nresults written to ${file}`);
}
