/**
 * npm run bench, "notifications" (issue 42), on a throwaway PostgreSQL cluster with two instances A and B
 * (one DATA_DIR: one token secret, one VAPID key pair), everything through the HTTP API:
 *   - setup: 1,000 members sign in and register; each, and the demo photographer, subscribes one browser
 *     at the push stand-in of B (`PUSH_STANDIN_ORIGIN` points both instances at it); the photographer
 *     posts one event per application trigger and 30 events of capacity 50, to which every member applies
 *     twice (the applications the selection triggers select);
 *   - triggers at 50/s for 60 s (10 s with --quick), half on each instance, alternating: an application
 *     to a fresh event (the author is told "새 신청 1건") and a selection (the applicant is told "선정되었어요");
 *     A is killed with SIGKILL halfway; anonymous `/events` on B at 64 connections beside the run,
 *     measured quiet before and after (its ratio);
 *   - per trigger answered 2xx: in-app (selections), from sending the write to the recipient's list showing
 *     the notification (one GET after the answer: the row is written in the write's transaction); push, from
 *     sending the write to the stand-in receiving and decrypting the message (its `receivedAt`), matched
 *     by the notification's link; lost: an answered trigger whose push never came within the wait (the
 *     outbox's lease is 60 s: rows A held when killed are sent by B after it); duplicated: a notification
 *     received twice (at least once: the service worker shows a tag once).
 * `--only=notifications` runs only this part; BENCH_NOTIFY_ALONE=1 runs it without the anonymous load.
 */
import { writeFileSync } from 'node:fs';
import { demoLogin } from '../lib/demo-login.mjs';
import { banner, call, createEvents, inBatches, kstDay } from './applications.mjs';
import { eventsRatio } from './applications-report.mjs';
import { percentile } from './write-load-report.mjs';
import { signInMembers } from './write-setup.mjs';

const FULL = { rate: 50, seconds: 60, members: 1_000, selectionEvents: 30, capacity: 50, quietSeconds: 10 };
const QUICK = { ...FULL, seconds: 10, members: 200, selectionEvents: 6, quietSeconds: 3 };
/** After the run: how long to wait for the last pushes (a row A leased when killed waits out its lease). */
const DRAIN_MS = 80_000;
const TARGET = { inAppP99Ms: 2_000, pushP99Ms: 5_000, ratio: 0.8 };

const INTAKE = { introduction: '알림 벤치 신청이에요.', preferredDates: [], consent: true };
const fixed = (n) => (n === null ? null : Number(n.toFixed(1)));

async function subscribe(apiBase, standIn, token, publicKey) {
  const device = await call(standIn, 'POST', '/dev/push/devices', null, { applicationServerKey: publicKey });
  if (device.status !== 201) throw new Error(`stand-in device answered ${device.status}`);
  const saved = await call(apiBase, 'POST', '/api/v1/users/me/push-subscriptions', token, device.json.subscription);
  if (saved.status !== 204) throw new Error(`push subscription answered ${saved.status}: ${saved.text}`);
  return device.json.id;
}

/**
 * @param {{ quick: boolean, env: Record<string, string>, startServer: Function, serverEnv: Function,
 *   cannon: Function, log: (msg: string) => void }} ctx
 */
export async function measureNotifications(ctx) {
  const p = ctx.quick ? QUICK : FULL;
  const limits = { RATE_LIMIT_AUTH: '1000000', RATE_LIMIT_WRITE: '1000000', RATE_LIMIT_WINDOW_MS: '3600000' };
  const envB = await ctx.serverEnv({ ...ctx.env, ...limits });
  const envA = await ctx.serverEnv({ ...ctx.env, ...limits, PUSH_STANDIN_ORIGIN: envB.PUBLIC_ORIGIN });
  envB.PUSH_STANDIN_ORIGIN = envB.PUBLIC_ORIGIN;
  // A first: it writes the token secret and the VAPID keys into the shared DATA_DIR that B then reads.
  const a = await ctx.startServer(envA);
  const b = await ctx.startServer(envB);
  try {
    const { publicKey } = (await call(b.base, 'GET', '/api/v1/push/vapid-public-key')).json;
    ctx.log('notifications: members, browsers and events…');
    const author = (await demoLogin(b.base, 'demo-photographer')).accessToken.value;
    const image = await banner(b.base, author);
    const total = Math.round(p.rate * p.seconds);
    const applyCount = Math.ceil(total / 2);
    const selectCount = total - applyCount;
    const freshEvents = await createEvents(b.base, author, image, applyCount, 5, '알림');
    const selectionEvents = await createEvents(b.base, author, image, p.selectionEvents, p.capacity, '선정');
    const members = await signInMembers(b.base, p.members, `notify-${process.pid}`, 16);
    const devices = new Map();
    devices.set('author', await subscribe(b.base, b.base, author, publicKey));
    const memberDevices = await inBatches(members.map((m) => () => subscribe(b.base, b.base, m.access, publicKey)));
    members.forEach((m, i) => devices.set(m.id, memberDevices[i]));
    // Every member applies to two selection events; the selections pick `capacity` of each.
    const pending = [];
    const applied = await inBatches(
      members.flatMap((m, i) =>
        [i % p.selectionEvents, (i + Math.floor(p.selectionEvents / 2)) % p.selectionEvents].map(
          (e) => () =>
            call(b.base, 'POST', `/api/v1/promotions/${selectionEvents[e]}/applications`, m.access, INTAKE).then(
              (r) => ({ r, member: m, event: e }),
            ),
        ),
      ),
    );
    const perEvent = new Map();
    for (const { r, member, event } of applied) {
      if (r.status !== 201) throw new Error(`apply answered ${r.status}: ${r.text.slice(0, 200)}`);
      const taken = perEvent.get(event) ?? 0;
      if (taken >= p.capacity) continue;
      perEvent.set(event, taken + 1);
      pending.push({ applicationId: r.json.id, member });
    }
    if (pending.length < selectCount) throw new Error(`only ${pending.length} applications to select`);

    // The plan: trigger i alternates application / selection, and instance A / B.
    const plan = [];
    for (let i = 0, ap = 0, se = 0; i < total; i++) {
      const instance = i % 4 < 2 ? 'A' : 'B';
      if (i % 2 === 0 && ap < applyCount) {
        const eventId = freshEvents[ap];
        const applicant = members[ap % members.length];
        ap++;
        plan.push({
          instance,
          kind: 'application',
          method: 'POST',
          path: `/api/v1/promotions/${eventId}/applications`,
          token: applicant.access,
          body: INTAKE,
          recipient: { token: author, device: devices.get('author') },
          link: `/my/inbox/${eventId}`,
        });
      } else {
        const { applicationId, member } = pending[se++];
        plan.push({
          instance,
          kind: 'selection',
          method: 'POST',
          path: `/api/v1/applications/${applicationId}/transitions`,
          token: author,
          body: { to: 'SELECTED', shootAt: `${kstDay(3)}T06:00:00.000Z`, place: '마포 스튜디오', message: null },
          recipient: { token: member.access, device: devices.get(member.id) },
          link: `/my/applications#application-${applicationId}`,
        });
      }
    }

    ctx.log('notifications: /events quiet…');
    const events = `${b.base}/events`;
    await ctx.cannon(events, 2);
    const quietBefore = { seconds: p.quietSeconds, ...(await ctx.cannon(events, p.quietSeconds)) };
    ctx.log(`notifications: ${p.rate}/s for ${p.seconds} s on two instances, A killed halfway…`);
    const outcomes = [];
    const t0 = performance.now();
    const wall0 = Date.now();
    let killedAt = null;
    const killer = setTimeout(
      () => {
        killedAt = Date.now() - wall0;
        process.kill(a.pid, 'SIGKILL');
      },
      (p.seconds * 1000) / 2,
    );
    const fire = async (t) => {
      const base = t.instance === 'A' ? a.base : b.base;
      const sentAt = Date.now();
      let status;
      try {
        status = (await call(base, t.method, t.path, t.token, t.body)).status;
      } catch {
        status = 0;
      }
      const answerMs = Date.now() - sentAt;
      let inAppMs = null;
      // In-app on the selections: their recipients are members with a few notifications each, where the
      // newest page shows it (the author of the applications gets dozens a second).
      if (status >= 200 && status < 300 && t.kind === 'selection') {
        // Read where the recipient reads: the surviving instance.
        const list = await call(b.base, 'GET', '/api/v1/users/me/notifications?page=0&pageSize=5', t.recipient.token);
        if (list.json?.items?.some((n) => n.link === t.link)) inAppMs = Date.now() - sentAt;
      }
      outcomes.push({ ...t, sentAt, status, answerMs, inAppMs });
    };
    const sends = [];
    // BENCH_NOTIFY_ALONE=1: no anonymous load beside (on a 2-core machine the load generator takes a core).
    const alone = process.env.BENCH_NOTIFY_ALONE === '1';
    const beside = alone ? Promise.resolve(null) : ctx.cannon(events, p.seconds);
    for (let i = 0; i < plan.length; i++) {
      const due = t0 + (i * 1000) / p.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sends.push(fire(plan[i]));
    }
    await Promise.all(sends);
    clearTimeout(killer);
    const besideEvents = await beside;
    const quietAfter = { seconds: p.quietSeconds, ...(await ctx.cannon(events, p.quietSeconds)) };

    ctx.log('notifications: waiting for the last pushes…');
    const answered = outcomes.filter((o) => o.status >= 200 && o.status < 300);
    const received = async () => {
      const byDevice = new Map();
      const ids = [...new Set(answered.map((o) => o.recipient.device))];
      const lists = await inBatches(ids.map((id) => () => call(b.base, 'GET', `/dev/push/${id}`)));
      ids.forEach((id, i) => byDevice.set(id, lists[i].json?.messages ?? []));
      return byDevice;
    };
    const arrivals = (byDevice) => {
      let missing = 0;
      for (const o of answered) if (!(byDevice.get(o.recipient.device) ?? []).some((m) => m.link === o.link)) missing++;
      return missing;
    };
    const drainEnd = Date.now() + DRAIN_MS;
    let byDevice = await received();
    while (arrivals(byDevice) > 0 && Date.now() < drainEnd) {
      await new Promise((r) => setTimeout(r, 2_000));
      byDevice = await received();
    }
    const pushMs = [];
    let lost = 0;
    let duplicated = 0;
    for (const o of answered) {
      const got = (byDevice.get(o.recipient.device) ?? []).filter((m) => m.link === o.link);
      if (got.length === 0) lost++;
      else pushMs.push(Date.parse(got[0].receivedAt) - o.sentAt);
      if (got.length > 1) duplicated++;
    }
    const inApp = answered
      .filter((o) => o.kind === 'selection')
      .map((o) => (o.inAppMs === null ? Infinity : o.inAppMs));
    const at = (values, q) => {
      const v = percentile(values, q);
      return v === null || !Number.isFinite(v) ? null : fixed(v);
    };
    const statuses = {};
    for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    const writes = Object.fromEntries(
      ['application', 'selection'].map((kind) => {
        const ms = answered.filter((o) => o.kind === kind).map((o) => o.answerMs);
        return [kind, { n: ms.length, p50: at(ms, 0.5), p99: at(ms, 0.99) }];
      }),
    );
    return {
      database: 'PostgreSQL',
      instances: 2,
      writes,
      rate: p.rate,
      seconds: p.seconds,
      members: p.members,
      triggers: outcomes.length,
      answered: answered.length,
      statuses,
      killedAtMs: killedAt,
      inApp: { p50: at(inApp, 0.5), p99: at(inApp, 0.99), missing: inApp.filter((v) => v === Infinity).length },
      push: { p50: at(pushMs, 0.5), p99: at(pushMs, 0.99), max: at(pushMs, 1), lost, duplicated },
      events: besideEvents
        ? {
            quietBefore,
            beside: { seconds: p.seconds, ...besideEvents },
            quietAfter,
            ratio: eventsRatio(quietBefore, besideEvents, quietAfter),
          }
        : null,
    };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

/** The part's table and its targets (issue 42), printed. */
export function reportNotifications(results) {
  const n = results.notifications;
  if (!n) return;
  console.log('\n## Notifications (issue 42): PostgreSQL, two instances, one killed halfway');
  if (n.skipped) {
    console.log(`skipped: ${n.skipped}`);
    return;
  }
  console.log(
    `${n.rate}/s for ${n.seconds} s, ${n.members} members: ${n.answered} of ${n.triggers} triggers answered ` +
      `(statuses ${JSON.stringify(n.statuses)}), A killed at ${((n.killedAtMs ?? 0) / 1000).toFixed(1)} s`,
  );
  console.log('| measure | p50 ms | p99 ms | other |');
  console.log('|---|---|---|---|');
  for (const [kind, w] of Object.entries(n.writes ?? {}))
    console.log(`| ${kind} answered (the causing write) | ${w.p50} | ${w.p99} | ${w.n} answered |`);
  console.log(`| in-app readable | ${n.inApp.p50} | ${n.inApp.p99} | missing ${n.inApp.missing} |`);
  console.log(
    `| push received (stand-in) | ${n.push.p50} | ${n.push.p99} | max ${n.push.max}; lost ${n.push.lost}, ` +
      `received twice ${n.push.duplicated} |`,
  );
  const e = n.events;
  if (e)
    console.log(
      `| anonymous /events rps | quiet ${e.quietBefore.rps} / ${e.quietAfter.rps} | beside ${e.beside.rps} | ratio ${e.ratio} |`,
    );
  const row = (name, ok, value) => console.log(`${ok ? 'met   ' : 'MISSED'} ${name}: ${value}`);
  row(`in-app p99 ≤ ${TARGET.inAppP99Ms} ms`, n.inApp.p99 !== null && n.inApp.p99 <= TARGET.inAppP99Ms, n.inApp.p99);
  row(`push p99 ≤ ${TARGET.pushP99Ms} ms`, n.push.p99 !== null && n.push.p99 <= TARGET.pushP99Ms, n.push.p99);
  row('0 lost', n.push.lost === 0, n.push.lost);
  // At least once: a push sent by an instance killed before it recorded it is sent again when its lease
  // ends; the service worker shows a tag once (public/sw.js), so the phone shows it once.
  row(
    '0 received twice (informative: the service worker shows a tag once)',
    n.push.duplicated === 0,
    n.push.duplicated,
  );
  if (e) row(`anonymous /events ≥ ${TARGET.ratio} of quiet`, e.ratio !== null && e.ratio >= TARGET.ratio, e.ratio);
  else console.log('anonymous /events: not run beside (BENCH_NOTIFY_ALONE=1)');
  const file = `bench/results/${results.date.slice(0, 19).replace(/[:T]/g, '-')}-notifications.json`;
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nresults written to ${file}`);
}
