/**
 * Invalidations between instances that share one PostgreSQL database, through PostgreSQL itself
 * (`LISTEN`/`NOTIFY`): no other infrastructure. Each instance listens on one dedicated connection and
 * publishes through its pool; a message names the tags and the instance that sent it (which ignores
 * its own). NOTIFY is delivered after the writing transaction committed, within milliseconds.
 *
 * When the listening connection drops, messages sent meanwhile are lost: the instance reconnects and
 * then treats every copy it holds as stale. A connection can also stall without dropping (an idle
 * timeout in a NAT or load balancer, a half-open socket): every instance publishes a signed heartbeat
 * every few seconds (CACHE_BUS_HEARTBEAT_MS) and listens for its own; when it has not heard one for
 * three of those it answers and keeps no copy (it cannot vouch for them) and reconnects. TCP keepalive
 * is on too. `LISTEN` needs a direct or session-pooled connection (not PgBouncer's transaction mode):
 * DATABASE_LISTEN_URL names one when DATABASE_URL goes through such a pooler.
 * PGlite is one process: there is nothing to tell.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { Queryable } from '#server/db/client';
import { log } from '#server/log';
import { hasValidSignature, signature } from './signing';
import { invalidateAll, invalidateTags, setVouched } from './store';

export const CHANNEL = 'damabwa_cache';
/** NOTIFY payloads must stay under 8000 bytes; a longer tag list becomes "everything". */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = 1_000;
/** Heartbeats an instance may miss before it stops vouching for its copies. */
export const HEARTBEATS_MISSED = 3;

const instance = randomUUID();

interface Bus {
  url: string;
  publisher: Queryable;
  staleMs: () => number;
  client: Client | null;
  connected: boolean;
  stopped: boolean;
  timer: NodeJS.Timeout | null;
  beat: NodeJS.Timeout | null;
  heartbeatMs: number;
  /** When this instance last heard its own heartbeat (or any message) on the listening connection. */
  heardAt: number;
}

let bus: Bus | null = null;

interface Message {
  from: string;
  tags?: string[];
  all?: boolean;
  /** No stale copy may be answered any more (content taken down). */
  purge?: boolean;
  /** A heartbeat: its sender checks that it hears its own. */
  beat?: boolean;
}

/** A message as sent: its JSON and the signature of that JSON under the instances' shared secret. */
function sealed(message: Message): string {
  const body = JSON.stringify(message);
  return JSON.stringify({ body, sig: signature(`bus:${body}`) });
}

/** The message inside a payload, or null when it is not one of ours (unsigned, forged, malformed). */
export function opened(payload: string | undefined): Message | null {
  try {
    const outer = JSON.parse(payload ?? '') as { body?: unknown; sig?: unknown } | null;
    if (typeof outer !== 'object' || outer === null || typeof outer.body !== 'string') return null;
    if (!hasValidSignature(`bus:${outer.body}`, outer.sig)) return null;
    const msg = JSON.parse(outer.body) as Partial<Message> | null;
    if (typeof msg !== 'object' || msg === null || typeof msg.from !== 'string') return null;
    const tags = Array.isArray(msg.tags) ? msg.tags.filter((t): t is string => typeof t === 'string') : undefined;
    return {
      from: msg.from,
      ...(tags ? { tags } : {}),
      all: msg.all === true,
      purge: msg.purge === true,
      ...(msg.beat === true ? { beat: true } : {}),
    };
  } catch {
    return null;
  }
}

/** Starts listening (PostgreSQL only). `staleMs`: how long stale copies may still be answered. */
export async function startBus(
  url: string,
  publisher: Queryable,
  staleMs: () => number,
  heartbeatMs: number,
): Promise<void> {
  if (bus) return;
  const b: Bus = {
    url,
    publisher,
    staleMs,
    client: null,
    connected: false,
    stopped: false,
    timer: null,
    beat: null,
    heartbeatMs,
    heardAt: Date.now(),
  };
  bus = b;
  await connect(b);
  b.beat = setInterval(() => void heartbeat(b), heartbeatMs);
  b.beat.unref();
}

/** Whether a bus beating every `heartbeatMs`, last heard at `heardAt`, still vouches for its copies at `now`. */
export function isHearing(heardAt: number, now: number, heartbeatMs: number): boolean {
  return now - heardAt <= HEARTBEATS_MISSED * heartbeatMs;
}

/** Publishes a heartbeat; when the last one heard is too old, stops vouching and reconnects. */
async function heartbeat(b: Bus, now = Date.now()): Promise<void> {
  if (b.stopped) return;
  if (b.client && !isHearing(b.heardAt, now, b.heartbeatMs)) {
    log('warn', 'cache bus: heartbeat not heard; reconnecting', { silentMs: now - b.heardAt });
    setVouched(false);
    const stalled = b.client;
    b.client = null;
    void stalled.end().catch(() => undefined);
    scheduleReconnect(b);
    return;
  }
  await b.publisher
    .query('select pg_notify($1, $2)', [CHANNEL, sealed({ from: instance, beat: true })])
    .catch(() => undefined);
}

export async function stopBus(): Promise<void> {
  const b = bus;
  bus = null;
  if (!b) return;
  b.stopped = true;
  if (b.timer) clearTimeout(b.timer);
  if (b.beat) clearInterval(b.beat);
  setVouched(true);
  await b.client?.end().catch(() => undefined);
}

/** A process that writes but serves nothing (`npm run admin`) tells the servers through this handle. */
let writeOnly: Queryable | null = null;

/** Publishes through `db` without listening (PostgreSQL only: a CLI on the servers' database). */
export function publishThrough(db: Queryable | null): void {
  writeOnly = db;
}

/**
 * Tells the other instances; resolves once PostgreSQL has the message (no-op without a bus). `purge`:
 * they answer no stale copy of these tags either (a takedown).
 */
export async function publish(tags: readonly string[], purge = false): Promise<void> {
  const publisher = bus?.publisher ?? writeOnly;
  if (!publisher) return;
  let payload = sealed({ from: instance, tags: [...tags], ...(purge ? { purge } : {}) });
  if (payload.length > MAX_PAYLOAD) payload = sealed({ from: instance, all: true, ...(purge ? { purge } : {}) });
  await publisher.query('select pg_notify($1, $2)', [CHANNEL, payload]);
}

async function connect(b: Bus): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({
    connectionString: b.url,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  client.on('notification', (msg) => receive(b, msg.payload));
  const lost = () => {
    if (b.client !== client) return;
    b.client = null;
    // A dropped connection (the database went away, so nothing is written meanwhile either): copies
    // keep answering, and all turn stale once it listens again.
    scheduleReconnect(b);
  };
  client.on('error', lost);
  client.on('end', lost);
  try {
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
  } catch (err) {
    await client.end().catch(() => undefined);
    log('warn', 'cache bus: cannot listen; retrying', { error: err instanceof Error ? err.message : String(err) });
    scheduleReconnect(b);
    return;
  }
  if (b.stopped) {
    await client.end().catch(() => undefined);
    return;
  }
  // After a gap, whatever was published meanwhile is unknown: everything held here may be stale.
  if (b.connected) invalidateAll(b.staleMs());
  b.connected = true;
  b.client = client;
  b.heardAt = Date.now();
  setVouched(true);
}

function scheduleReconnect(b: Bus): void {
  if (b.stopped || b.timer) return;
  b.timer = setTimeout(() => {
    b.timer = null;
    if (!b.stopped) void connect(b);
  }, RECONNECT_MS);
  b.timer.unref();
}

function receive(b: Bus, payload: string | undefined): void {
  const msg = opened(payload);
  if (!msg) return;
  b.heardAt = Date.now();
  if (msg.from === instance || msg.beat) return;
  const staleMs = msg.purge ? 0 : b.staleMs();
  if (msg.all) invalidateAll(staleMs);
  else if (msg.tags) invalidateTags(msg.tags, staleMs);
}
