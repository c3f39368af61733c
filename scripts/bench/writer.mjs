/**
 * The bench's signed-in members writing (issue 16), run as a worker thread so its requests do not share
 * an event loop with autocannon's. workerData: `{ base, members, photographer, eventIds }` from
 * ./write-setup.mjs.
 *
 * A paced open loop: at `rate` writes/s a write is due every 1/rate s (a late tick catches up) and none
 * waits for the one before. At most MAX_IN_FLIGHT run at once; a write due beyond that is counted as
 * dropped, so a server that falls behind shows as a lower achieved rate, not as a slower writer.
 * Two writes never race on the same thing: one member's refresh at a time (a spent refresh token revokes
 * the chain), one save per member and event, one edit per event.
 *
 * Messages in: `{ type: 'rate', rate }`; `{ type: 'stats' }`, answered with the counts since the last
 * stats (`{ type: 'stats', ok, errors, dropped, latencies, ms, byOp }`), which starts a new window.
 */
import { setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import { pickWrite } from './write-load-report.mjs';

const MAX_IN_FLIGHT = 200;
const TIMEOUT_MS = 10_000;
const { base, members, photographer, eventIds } = workerData;
for (const m of members) m.saved = new Set();

let rate = 0;
let t0 = performance.now();
let issued = 0;
let inFlight = 0;
const busy = new Set();
let stats = fresh();

function fresh() {
  return { ok: 0, errors: 0, dropped: 0, latencies: [], since: performance.now(), byOp: {}, lastError: null };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function call(method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** The request for one write, or null when everything it could touch is busy (counted as dropped). */
function plan(op) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const m = pick(members);
    if (op === 'save') {
      const id = pick(eventIds);
      const key = `save:${m.id}:${id}`;
      if (busy.has(key)) continue;
      const saved = m.saved.has(id);
      return {
        key,
        run: () => call(saved ? 'DELETE' : 'POST', `/api/v1/promotions/${id}/${saved ? 'unsave' : 'save'}`, m.access),
        done: (status) => {
          if (status === 204 || status === 409) m.saved.add(id);
          if (saved && (status === 204 || status === 404)) m.saved.delete(id);
        },
      };
    }
    if (op === 'refresh') {
      const key = `member:${m.id}`;
      if (busy.has(key)) continue;
      return {
        key,
        run: () => call('POST', '/api/v1/auth/refresh', null, { refreshToken: m.refresh }),
        done: (status, text) => {
          if (status !== 200) return;
          const answer = JSON.parse(text);
          m.access = answer.accessToken.value;
          m.refresh = answer.refreshToken.value;
        },
      };
    }
    if (op === 'profile') {
      const key = `profile:${m.id}`;
      if (busy.has(key)) continue;
      m.edits = (m.edits ?? 0) + 1;
      const body = { nickname: m.nickname, instagramId: `bench_${m.id}_${m.edits % 2}`, profileImage: null };
      return { key, run: () => call('PUT', '/api/v1/users/me/profile', m.access, body), done: () => {} };
    }
    const event = pick(photographer.events);
    const key = `event:${event.id}`;
    if (busy.has(key)) continue;
    event.edits = (event.edits ?? 0) + 1;
    const body = { ...event.body, title: `${event.stem} ${event.edits}` };
    return {
      key,
      run: () => call('PUT', `/api/v1/promotions/${event.id}`, photographer.access, body),
      done: () => {},
    };
  }
  return null;
}

function start() {
  const op = pickWrite(Math.random());
  const p = inFlight < MAX_IN_FLIGHT ? plan(op) : null;
  if (!p) {
    stats.dropped++;
    return;
  }
  busy.add(p.key);
  inFlight++;
  const t = performance.now();
  // Counted in the window it completes in, so a window's rate is the writes the server finished in it.
  const count = (ok, error) => {
    const c = (stats.byOp[op] ??= { ok: 0, errors: 0 });
    if (ok) {
      stats.ok++;
      c.ok++;
      stats.latencies.push(performance.now() - t);
    } else {
      stats.errors++;
      c.errors++;
      stats.lastError = error;
    }
  };
  p.run()
    .then(({ status, text }) => {
      p.done(status, text);
      const ok = status >= 200 && status < 300;
      count(ok, ok ? null : `${op} ${status}: ${text.slice(0, 160)}`);
    })
    .catch((err) => count(false, `${op}: ${err?.message ?? err}`))
    .finally(() => {
      busy.delete(p.key);
      inFlight--;
    });
}

setInterval(() => {
  if (rate <= 0) return;
  const due = Math.floor(((performance.now() - t0) * rate) / 1000) - issued;
  for (let i = 0; i < due; i++) {
    issued++;
    start();
  }
}, 5);

parentPort.on('message', (msg) => {
  if (msg.type === 'rate') {
    rate = msg.rate;
    t0 = performance.now();
    issued = 0;
  } else if (msg.type === 'stats') {
    const s = stats;
    stats = fresh();
    const { since, ...rest } = s;
    parentPort.postMessage({ type: 'stats', ...rest, ms: performance.now() - since });
  }
});
