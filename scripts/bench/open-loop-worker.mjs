/**
 * The open loop of ./open-loop.mjs, in a worker thread so its clock does not share an event loop with
 * autocannon's (the applications run measures `/events` beside it). workerData:
 * `{ base, rate, seconds, requests, timeoutMs, maxInFlight }`; request `i` is `requests[i % length]`
 * (`{ method, path, headers, body }`, body as JSON). Request `i` is due at `t0 + i / rate`; a late timer
 * sends every request already due at once, and none waits for an answer. Each latency runs from when the
 * request was due, not from when it left, so a late client counts against the answer (no coordinated
 * omission); how late each left is kept apart (`lags`). Past `maxInFlight` a due request is dropped.
 * Node's own HTTP client on keep-alive sockets (undici's `fetch` costs 0.4–0.6 ms a request here,
 * ./scale.mjs). Bounded: `rate × seconds` requests, each cut at `timeoutMs`, and the whole run at its
 * length plus the timeout plus 5 s. Posts one message with the raw counts (./open-loop.mjs sums them).
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, rate, seconds, requests, timeoutMs, maxInFlight } = workerData;
const { hostname, port } = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
const planned = Math.round(rate * seconds);
const interval = 1000 / rate;

const latencies = [];
const lags = [];
const statuses = {};
let sent = 0;
let errors = 0;
let dropped = 0;
let inFlight = 0;
let lastError = null;
let lastEnd = 0;
let posted = false;

const t0 = performance.now() + 20;

function post() {
  if (posted) return;
  posted = true;
  clearTimeout(deadline);
  // Whatever is still in flight at the deadline never answered: an error.
  errors += inFlight;
  parentPort.postMessage({
    planned,
    rate,
    seconds,
    sent,
    dropped,
    errors,
    latencies,
    lags,
    statuses,
    lastError,
    ms: Math.max(0, lastEnd - t0),
  });
  agent.destroy();
}

function finished() {
  inFlight--;
  lastEnd = performance.now();
  if (sent + dropped === planned && inFlight === 0) post();
}

function send(i, due) {
  const spec = requests[i % requests.length];
  const body = spec.body === undefined ? null : Buffer.from(JSON.stringify(spec.body));
  sent++;
  inFlight++;
  lags.push(performance.now() - due);
  let done = false;
  const req = http.request(
    {
      host: hostname,
      port,
      method: spec.method ?? 'GET',
      path: spec.path,
      agent,
      timeout: timeoutMs,
      headers: {
        'accept-encoding': 'br, gzip',
        ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
        ...spec.headers,
      },
    },
    (res) => {
      const chunks = [];
      const keep = res.statusCode >= 400;
      res.on('data', (c) => keep && chunks.push(c));
      res.on('end', () => {
        if (done) return;
        done = true;
        latencies.push(performance.now() - due);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (keep) lastError = `${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`;
        finished();
      });
    },
  );
  req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
  req.on('error', (err) => {
    if (done) return;
    done = true;
    errors++;
    lastError = err.message;
    finished();
  });
  req.end(body ?? undefined);
}

let next = 0;
function tick() {
  const now = performance.now();
  while (next < planned && t0 + next * interval <= now) {
    if (inFlight >= maxInFlight) dropped++;
    else send(next, t0 + next * interval);
    next++;
  }
  if (next < planned) setTimeout(tick, Math.max(0, t0 + next * interval - performance.now()));
  else if (inFlight === 0) post();
}

const deadline = setTimeout(post, seconds * 1000 + timeoutMs + 5_000);
setTimeout(tick, 20);
