/**
 * npm run bench, "applications" (issue 40; the API of docs/api.md "Applications on 담아봐"), on a
 * throwaway PostgreSQL cluster seeded like the throughput table's, everything through the HTTP API:
 *   - setup: the demo photographer creates the events that take applications (`applyMode: 'IN_APP'`,
 *     no link): 100 with capacity 50 for the load, one for the inbox, one of capacity 10 per selection
 *     round; 1,000 members sign in through the Kakao stand-in and register (./write-setup.mjs), 16 at a
 *     time; the inbox event's 1,000 applications (which also warm the apply path);
 *   - applications at 50/s, open loop (./open-loop.mjs), for 30 s (10 s with --quick), spread over 500
 *     members and the 100 events: once alone, once beside anonymous `/events` at 64 connections, which is
 *     measured quiet just before and just after (its ratio; the p99 target is read on that run);
 *   - the author's inbox first page (20 of 1,000), sequential on one keep-alive connection (./scale.mjs);
 *   - 3 rounds of 100 concurrent selections against an event of capacity 10 with 100 applicants.
 * `--only=applications` runs only this part. The server runs with the write limit and its window raised;
 * the plan (./applications-report.mjs) keeps every member within the apply limit of 10 a window over the
 * whole part, so a 429 would show as a failure, not be waited out. Every loop is bounded, on loopback.
 */
import sharp from 'sharp';
import { demoLogin } from '../lib/demo-login.mjs';
import { applicationPlan, eventsRatio, selectionRound } from './applications-report.mjs';
import { openLoop, openLoopSummary } from './open-loop.mjs';
import { leanClient, ROUNDS, sequential } from './scale.mjs';
import { signInMembers } from './write-setup.mjs';

const FULL = {
  rate: 50,
  seconds: 30,
  quietSeconds: 10,
  members: 500,
  events: 100,
  capacity: 50,
  inboxApplicants: 1_000,
  selectionRounds: 3,
  selectionApplicants: 100,
  selectionCapacity: 10,
  inboxRequests: 300,
  warmMs: 2_000,
};
const QUICK = { ...FULL, seconds: 10, quietSeconds: 3, inboxRequests: 100 };

/** Requests of the setup in flight at once. */
const BATCH = 16;

/** A KST calendar date `offset` days from today (YYYY-MM-DD), as event and shoot dates are. */
export const kstDay = (offset) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const INTAKE = { introduction: '벤치 신청이에요. 주말 스냅 촬영을 원해요.', preferredDates: [], consent: true };

export async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text };
}

/** `tasks` (functions answering promises) BATCH at a time; their answers in order. */
export async function inBatches(tasks) {
  const out = [];
  for (let i = 0; i < tasks.length; i += BATCH)
    out.push(...(await Promise.all(tasks.slice(i, i + BATCH).map((t) => t()))));
  return out;
}

/** One banner picture issued to the photographer (a picture may head any number of its events). */
export async function banner(base, token) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  // multipart/form-data by hand: the form fields of POST /files (docs/uploads.md).
  const boundary = `bench-${process.pid}-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="fileType"\r\n\r\nPROMOTION_IMAGE\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="bench-banner.png"\r\n` +
        'content-type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${base}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return (await res.json()).files[0];
}

export async function createEvents(base, token, image, count, capacity, label) {
  const body = (n) => ({
    promotionType: 'FREE',
    title: `벤치 ${label} 스냅 ${n + 1}`,
    content: '담아봐에서 신청을 받는 벤치 이벤트예요.',
    externalLink: '',
    startedAt: kstDay(0),
    endedAt: kstDay(7),
    photographyTypes: ['SNAP'],
    images: [image],
    activeRegions: [{ category: '서울', name: '마포구' }],
    hashtags: ['스냅'],
    applyMode: 'IN_APP',
    capacity,
    showPlacesLeft: true,
  });
  const answers = await inBatches(
    Array.from({ length: count }, (_, n) => () => call(base, 'POST', '/api/v1/promotions', token, body(n))),
  );
  return answers.map((a) => {
    if (a.status !== 201) throw new Error(`event create answered ${a.status}: ${a.text.slice(0, 200)}`);
    return a.json.id;
  });
}

/** Each of `members` applies to `eventId`; the application ids (throws on any refusal). */
async function applyAll(base, members, eventId) {
  const answers = await inBatches(
    members.map((m) => () => call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, m.access, INTAKE)),
  );
  return answers.map((a) => {
    if (a.status !== 201) throw new Error(`apply answered ${a.status}: ${a.text.slice(0, 200)}`);
    return a.json.id;
  });
}

/**
 * The author's inbox first page, sequential on one keep-alive connection (p50 and p99 in ms), and
 * `/healthz` the same way as the floor of the HTTP path on this machine at this moment: both warmed,
 * then measured in turns (./scale.mjs ROUNDS), so the machine's drift falls on both alike.
 */
async function inboxTimes(base, token, eventId, plan) {
  const inbox = `/api/v1/promotions/${eventId}/applications?page=0&pageSize=20`;
  const headers = { authorization: `Bearer ${token}` };
  const lean = leanClient(base);
  const times = { inbox: [], floor: [] };
  try {
    await sequential(() => lean.ask(inbox, headers), 0, plan.warmMs);
    await sequential(() => lean.ask('/healthz', {}), 0, plan.warmMs / 4);
    const n = Math.ceil(plan.inboxRequests / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      times.floor.push(...(await sequential(() => lean.ask('/healthz', {}), n, 0)));
      times.inbox.push(...(await sequential(() => lean.ask(inbox, headers), n, 0)));
    }
  } finally {
    lean.close();
  }
  const at = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2));
  };
  return {
    applicants: plan.inboxApplicants,
    n: times.inbox.length,
    p50: at(times.inbox, 0.5),
    p99: at(times.inbox, 0.99),
    floorP50: at(times.floor, 0.5),
  };
}

/** One round: `applicants` apply to `eventId`, then the author selects all of them at once. */
async function selectionRoundOn(base, author, applicants, eventId) {
  const ids = await applyAll(base, applicants, eventId);
  const move = { to: 'SELECTED', shootAt: `${kstDay(1)}T14:00:00+09:00`, place: '서울숲 벤치 앞' };
  const answers = await Promise.all(
    ids.map(async (id) => {
      const r = await call(base, 'POST', `/api/v1/applications/${id}/transitions`, author, move);
      return { status: r.status, code: r.json?.code ?? null };
    }),
  );
  const listed = await call(
    base,
    'GET',
    `/api/v1/promotions/${eventId}/applications?status=SELECTED&pageSize=100`,
    author,
  );
  if (listed.status !== 200) throw new Error(`inbox answered ${listed.status}`);
  const event = await call(base, 'GET', `/api/v1/promotions/${eventId}`, author);
  return { ...selectionRound(answers, listed.json.items.length), placesLeft: event.json?.placesLeft ?? null };
}

/**
 * Runs the part on `ctx.env` (a PostgreSQL database seeded with `ctx.seededEvents` events); answers
 * `results.applications` for ./applications-report.mjs.
 * @param {{ quick: boolean, env: Record<string, string>, seededEvents: number,
 *   startServer: (env: Record<string, string>) => Promise<{ base: string, stop: () => Promise<void> }>,
 *   cannon: (url: string, seconds: number) => Promise<Record<string, number>>, log: (msg: string) => void }} ctx
 */
export async function measureApplications(ctx) {
  const p = ctx.quick ? QUICK : FULL;
  const plan = applicationPlan({
    members: p.members,
    events: p.events,
    perRun: Math.round(p.rate * p.seconds),
    runs: 2,
    inboxApplicants: p.inboxApplicants,
    selectionRounds: p.selectionRounds,
    selectionApplicants: p.selectionApplicants,
  });
  const server = await ctx.startServer({
    ...ctx.env,
    RATE_LIMIT_AUTH: '1000000',
    RATE_LIMIT_WRITE: '1000000',
    RATE_LIMIT_WINDOW_MS: '3600000',
  });
  try {
    const base = server.base;
    ctx.log('applications: events and members…');
    const author = (await demoLogin(base, 'demo-photographer')).accessToken.value;
    const image = await banner(base, author);
    const loadEvents = await createEvents(base, author, image, p.events, p.capacity, '신청');
    const [inboxEvent] = await createEvents(base, author, image, 1, p.capacity, '신청함');
    const capacityEvents = await createEvents(base, author, image, p.selectionRounds, p.selectionCapacity, '정원');
    const t = performance.now();
    const members = await signInMembers(base, plan.members, `apply-${process.pid}`, BATCH);
    const membersSeconds = Number(((performance.now() - t) / 1000).toFixed(1));
    ctx.log(`applications: ${plan.inbox.length} applicants to the inbox event…`);
    await applyAll(
      base,
      plan.inbox.map((m) => members[m]),
      inboxEvent,
    );

    const requests = (run) =>
      run.map(({ member, event }) => ({
        method: 'POST',
        path: `/api/v1/promotions/${loadEvents[event]}/applications`,
        headers: { authorization: `Bearer ${members[member].access}` },
        body: INTAKE,
      }));
    const rateRun = async (run) =>
      openLoopSummary(await openLoop({ base, rate: p.rate, seconds: p.seconds, requests: requests(run) }), [201]);
    const runs = [];
    ctx.log(`applications: ${p.rate}/s for ${p.seconds} s, alone…`);
    runs.push({ run: 'alone', ...(await rateRun(plan.runs[0])) });
    ctx.log('applications: /events quiet, beside the applications, quiet…');
    const events = `${base}/events`;
    await ctx.cannon(events, 2);
    const quietBefore = { seconds: p.quietSeconds, ...(await ctx.cannon(events, p.quietSeconds)) };
    const [beside, besideEvents] = await Promise.all([rateRun(plan.runs[1]), ctx.cannon(events, p.seconds)]);
    runs.push({ run: 'beside /events', ...beside });
    const quietAfter = { seconds: p.quietSeconds, ...(await ctx.cannon(events, p.quietSeconds)) };
    const eventsRows = {
      quietBefore,
      beside: { seconds: p.seconds, ...besideEvents },
      quietAfter,
      ratio: eventsRatio(quietBefore, besideEvents, quietAfter),
    };

    ctx.log("applications: the author's inbox…");
    const inbox = await inboxTimes(base, author, inboxEvent, p);
    const selections = [];
    for (let r = 0; r < p.selectionRounds; r++) {
      ctx.log(`applications: selection round ${r + 1}…`);
      const applicants = plan.selections[r].map((m) => members[m]);
      selections.push(await selectionRoundOn(base, author, applicants, capacityEvents[r]));
    }
    return {
      database: 'PostgreSQL',
      seededEvents: ctx.seededEvents,
      setup: {
        events: p.events,
        capacity: p.capacity,
        members: plan.members,
        membersSeconds,
        maxPerMember: plan.maxPerMember,
      },
      runs,
      events: eventsRows,
      inbox,
      selectionApplicants: p.selectionApplicants,
      selections,
    };
  } finally {
    await server.stop();
  }
}
