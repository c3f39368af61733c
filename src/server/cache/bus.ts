/**
 * Invalidations between instances that share one PostgreSQL database, through PostgreSQL itself
 * (`LISTEN`/`NOTIFY`): no other infrastructure. Each instance listens on one dedicated connection and
 * publishes through its pool; a message names the tags and the instance that sent it (which ignores
 * its own). NOTIFY is delivered after the writing transaction committed, within milliseconds.
 *
 * When the listening connection drops, messages sent meanwhile are lost: the instance reconnects and
 * then treats every copy it holds as stale. PGlite is one process: there is nothing to tell.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { Queryable } from '#server/db/client';
import { log } from '#server/log';
import {
  applyToggle,
  forgetChainsHere,
  forgetMembersHere,
  resetMemberState,
  setMemberStateUsable,
  type Toggle,
} from './members';
import { invalidateAll, invalidateTags } from './store';

export const CHANNEL = 'damabwa_cache';
/** NOTIFY payloads must stay under 8000 bytes; a longer tag list becomes "everything". */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = 1_000;

const instance = randomUUID();

interface Bus {
  url: string;
  publisher: Queryable;
  staleMs: () => number;
  client: Client | null;
  connected: boolean;
  stopped: boolean;
  timer: NodeJS.Timeout | null;
}

let bus: Bus | null = null;

interface Message {
  from: string;
  tags?: string[];
  all?: boolean;
  /** Members' state (`members.ts`): changed members, revoked sessions, saves and unsaves. */
  members?: number[];
  chains?: string[];
  toggles?: Toggle[];
}

/** What members' writes tell the other instances. */
export type MemberNews = Pick<Message, 'members' | 'chains' | 'toggles'>;

/** Starts listening (PostgreSQL only). `staleMs`: how long stale copies may still be answered. */
export async function startBus(url: string, publisher: Queryable, staleMs: () => number): Promise<void> {
  if (bus) return;
  bus = { url, publisher, staleMs, client: null, connected: false, stopped: false, timer: null };
  // Members' kept state is used only while the bus listens (members.ts).
  setMemberStateUsable(false);
  await connect(bus);
}

export async function stopBus(): Promise<void> {
  const b = bus;
  bus = null;
  if (!b) return;
  b.stopped = true;
  if (b.timer) clearTimeout(b.timer);
  setMemberStateUsable(true);
  await b.client?.end().catch(() => undefined);
}

/** Tells the other instances; resolves once PostgreSQL has the message (no-op without a bus). */
export async function publish(tags: readonly string[]): Promise<void> {
  if (!bus) return;
  let payload = JSON.stringify({ from: instance, tags: [...tags] } satisfies Message);
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: instance, all: true } satisfies Message);
  await bus.publisher.query('select pg_notify($1, $2)', [CHANNEL, payload]);
}

/** Tells the other instances about members' state (no-op without a bus). */
export async function publishMemberNews(news: MemberNews): Promise<void> {
  if (!bus) return;
  const payload = JSON.stringify({ from: instance, ...news } satisfies Message);
  // Too long to tell in one message (never in practice): everyone forgets everything of members.
  const safe = payload.length > MAX_PAYLOAD ? JSON.stringify({ from: instance, all: true } satisfies Message) : payload;
  await bus.publisher.query('select pg_notify($1, $2)', [CHANNEL, safe]);
}

async function connect(b: Bus): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: b.url, connectionTimeoutMillis: 5_000 });
  client.on('notification', (msg) => receive(b, msg.payload));
  const lost = () => {
    if (b.client !== client) return;
    b.client = null;
    setMemberStateUsable(false);
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
  if (b.connected) {
    invalidateAll(b.staleMs());
    resetMemberState();
  }
  b.connected = true;
  b.client = client;
  setMemberStateUsable(true);
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
  let msg: Message;
  try {
    msg = JSON.parse(payload ?? '') as Message;
  } catch {
    return;
  }
  if (msg.from === instance) return;
  receiveMemberNews(msg);
  if (msg.all) {
    invalidateAll(b.staleMs());
    resetMemberState();
  } else if (Array.isArray(msg.tags))
    invalidateTags(
      msg.tags.filter((t) => typeof t === 'string'),
      b.staleMs(),
    );
}

function receiveMemberNews(msg: Message): void {
  const ints = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
  const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  forgetMembersHere(ints(msg.members));
  forgetChainsHere(strs(msg.chains));
  for (const t of Array.isArray(msg.toggles) ? msg.toggles : []) {
    if (
      (t.kind === 'promotion' || t.kind === 'photographer') &&
      Number.isInteger(t.member) &&
      Number.isInteger(t.id) &&
      Number.isInteger(t.count) &&
      typeof t.saved === 'boolean' &&
      typeof t.at === 'number'
    )
      applyToggle(t);
  }
}
