/**
 * Notifications (issue 42, decision 025): what members are told, written by the service that makes the
 * change, in its transaction (`notify`, `notifyNewApplication`): a change and what it tells commit
 * together or not at all. Each row names its cause (`dedupe_key`, unique), so a trigger run twice tells
 * once. The member who caused a change is never told of it. A recipient's settings (per kind: in the
 * app, push) are read when the row is written.
 *
 * Reading: a member's own list, newest first, with the unread count; marking read (some or all, only
 * one's own); the settings, whose promotional kind is on only with the MARKETING consent held.
 */
import { NOTIFICATION_MESSAGES } from '#lib/copy-notifications';
import {
  NEW_APPLICATIONS_BATCH_MS,
  NOTIFICATION_KINDS,
  PROMOTIONAL_KIND,
  defaultSetting,
  isNotificationKind,
  type ChannelSetting,
  type MarkReadResponse,
  type NotificationItem,
  type NotificationKind,
  type NotificationSettingsResponse,
  type NotificationsPage,
} from '#lib/notifications';
import { CURRENT_CONSENT_VERSIONS } from '#lib/consents';
import { toPage, type PageRequest } from '#lib/page';
import type { Principal } from '#server/auth/principal';
import type { Db, Queryable } from '#server/db/index';
import { invalidRequest } from './errors';
import { recordConsents } from './consents';
import { channelsFor, enqueueDeliveries } from './notification-delivery';

export interface NotificationInput {
  recipientId: number;
  /** The member whose change causes it (never told), or null for the system. */
  actorId: number | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** Names the cause: a second notification with the same key is not written. */
  dedupeKey: string;
}

interface SettingRow {
  in_app: boolean | null;
  push: boolean | null;
  consent: boolean;
  device: boolean;
}

/** The recipient's ($1) stored setting of a kind ($2), their marketing consent, and whether a browser is subscribed. */
const SETTING_SQL = `select s.in_app, s.push,
            exists (select 1 from consents c where c.member_id = $1 and c.kind = 'MARKETING' and c.withdrawn_at is null) as consent,
            exists (select 1 from push_subscriptions p where p.member_id = $1) as device
       from (select 1) one left join notification_settings s on s.member_id = $1 and s.kind = $2`;

/**
 * The recipient's setting of a kind (the promotional kind also needs the MARKETING consent). `push` is
 * on only when they also have a browser subscribed: no outbox row is written for nobody to receive.
 */
function settingFrom(row: SettingRow | undefined, kind: NotificationKind): ChannelSetting {
  const stored = row && row.in_app !== null ? { inApp: row.in_app, push: Boolean(row.push) } : defaultSetting(kind);
  if (kind === PROMOTIONAL_KIND && !row?.consent) return { inApp: false, push: false };
  return { inApp: stored.inApp, push: stored.push && Boolean(row?.device) };
}

async function settingOf(tx: Queryable, memberId: number, kind: NotificationKind): Promise<ChannelSetting> {
  const rows = await tx.query<SettingRow>(SETTING_SQL, [memberId, kind]);
  return settingFrom(rows[0], kind);
}

/**
 * Records a notification in the caller's transaction. Nothing when the recipient caused it, turned the
 * kind off, or was already told of this cause. Returns the new row's id, or null.
 */
export async function notify(tx: Queryable, n: NotificationInput): Promise<number | null> {
  if (n.actorId !== null && n.actorId === n.recipientId) return null;
  const setting = await settingOf(tx, n.recipientId, n.kind);
  if (!setting.inApp && !setting.push) return null;
  const rows = await tx.query<{ id: number }>(
    `insert into notifications (recipient_id, kind, title, body, link, dedupe_key, in_app)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (dedupe_key) do nothing returning id`,
    [n.recipientId, n.kind, n.title, n.body, n.link, n.dedupeKey, setting.inApp],
  );
  const id = rows[0]?.id ?? null;
  if (id !== null) await enqueueDeliveries(tx, id, channelsFor(setting));
  return id;
}

/**
 * A new application to an author's event, batched: one row per event collects them ("새 신청 N건")
 * while it is unread or younger than 15 minutes; once read and older, the next application starts a
 * new row. Read and younger, it counts afresh and is unread again. Concurrent applications meet on
 * the open row's unique key (`new-applications:{event}:open`), so they never make two.
 */
export async function notifyNewApplication(
  tx: Queryable,
  input: {
    authorId: number;
    actorId: number;
    promotionId: number;
    /** Title and body for a batch of `n`. */
    text: (n: number) => { title: string; body: string };
    link: string;
    now?: number;
  },
): Promise<void> {
  if (input.authorId === input.actorId) return;
  const open = `new-applications:${input.promotionId}:open`;
  const now = new Date(input.now ?? Date.now());
  const windowStart = new Date(now.getTime() - NEW_APPLICATIONS_BATCH_MS);
  // A read batch older than the window is closed (it keeps a key of its own), in the statement that
  // reads the author's setting: one round trip for both.
  const settings = await tx.query<SettingRow>(
    `with closed as (
       update notifications set dedupe_key = 'new-applications:' || $4 || ':' || id
        where dedupe_key = $3 and read_at is not null and created_at <= $5)
     ${SETTING_SQL}`,
    [input.authorId, 'NEW_APPLICATIONS', open, input.promotionId, windowStart],
  );
  const setting = settingFrom(settings[0], 'NEW_APPLICATIONS');
  if (!setting.inApp && !setting.push) return;
  const [row] = await tx.query<{ id: number; count: number }>(
    `insert into notifications (recipient_id, kind, title, body, link, dedupe_key, in_app, created_at, notified_at)
     values ($1, 'NEW_APPLICATIONS', '', '', $2, $3, $4, $5, $5)
     on conflict (dedupe_key) do update
       set count = case when notifications.read_at is null then notifications.count + 1 else 1 end,
           in_app = excluded.in_app, read_at = null, notified_at = excluded.notified_at
     returning id, count`,
    [input.authorId, input.link, open, setting.inApp, now],
  );
  // Beyond the app, a batch is sent when it starts: at most one message per event and 15 minutes.
  if (row!.count === 1) await enqueueDeliveries(tx, row!.id, channelsFor(setting));
  const text = input.text(row!.count);
  await tx.query('update notifications set title = $2, body = $3 where id = $1', [row!.id, text.title, text.body]);
}

// --- reading ---

interface Row {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  notified_at: Date;
  read_at: Date | null;
}

const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.notified_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
});

async function unreadCountOf(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from notifications where recipient_id = $1 and in_app and read_at is null',
    [memberId],
  );
  return row?.n ?? 0;
}

/** The member's notifications, newest first, with how many are unread. */
export async function notificationsOf(db: Queryable, me: Principal, page: PageRequest): Promise<NotificationsPage> {
  const [counts] = await db.query<{ total: number; unread: number }>(
    `select count(*)::int as total, count(*) filter (where read_at is null)::int as unread
       from notifications where recipient_id = $1 and in_app`,
    [me.id],
  );
  const rows = await db.query<Row>(
    `select id, kind, title, body, link, notified_at, read_at from notifications
      where recipient_id = $1 and in_app
      order by notified_at desc, id desc limit $2 offset $3`,
    [me.id, page.pageSize, page.page * page.pageSize],
  );
  return { ...toPage(rows.map(toItem), counts?.total ?? 0, page), unreadCount: counts?.unread ?? 0 };
}

/** Only the unread count (the bell, after paint). */
export async function unreadCount(db: Queryable, me: Principal): Promise<{ unreadCount: number }> {
  return { unreadCount: await unreadCountOf(db, me.id) };
}

const MAX_IDS = 100;

/** `{ids: number[]}` or `{all: true}`: marks the member's own notifications read; another's ids are ignored. */
export async function markRead(db: Queryable, me: Principal, body: unknown): Promise<MarkReadResponse> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  let marked: { id: number }[];
  if (b['all'] === true && b['ids'] === undefined) {
    marked = await db.query<{ id: number }>(
      'update notifications set read_at = now() where recipient_id = $1 and read_at is null returning id',
      [me.id],
    );
  } else if (
    b['all'] === undefined &&
    Array.isArray(b['ids']) &&
    b['ids'].length <= MAX_IDS &&
    b['ids'].every((id) => Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= 2_147_483_647)
  ) {
    marked = await db.query<{ id: number }>(
      `update notifications set read_at = now()
        where recipient_id = $1 and id = any($2::int[]) and read_at is null returning id`,
      [me.id, b['ids'] as number[]],
    );
  } else throw invalidRequest(NOTIFICATION_MESSAGES.readBody);
  return { marked: marked.length, unreadCount: await unreadCountOf(db, me.id) };
}

// --- settings ---

/** Every kind with its channels; the promotional kind on only while the MARKETING consent is held. */
export async function notificationSettingsOf(db: Queryable, memberId: number): Promise<NotificationSettingsResponse> {
  const [stored, consent] = await Promise.all([
    db.query<{ kind: string; in_app: boolean; push: boolean }>(
      'select kind, in_app, push from notification_settings where member_id = $1',
      [memberId],
    ),
    db.query<{ given_at: Date }>(
      `select given_at from consents where member_id = $1 and kind = 'MARKETING' and withdrawn_at is null
        order by id desc limit 1`,
      [memberId],
    ),
  ]);
  const consentAt = consent[0]?.given_at ?? null;
  return {
    settings: NOTIFICATION_KINDS.map((kind) => {
      const row = stored.find((s) => s.kind === kind);
      const s = row ? { inApp: row.in_app, push: row.push } : defaultSetting(kind);
      return { kind, ...(kind === PROMOTIONAL_KIND && !consentAt ? { inApp: false, push: false } : s) };
    }),
    promotionalConsentAt: consentAt ? consentAt.toISOString() : null,
  };
}

/** Reads `{settings: [{kind, inApp, push}]}`: kinds given are set, others keep theirs. */
function parseSettings(body: unknown): ({ kind: NotificationKind } & ChannelSetting)[] {
  const raw = (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['settings'] : null) as
    unknown[] | null;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > NOTIFICATION_KINDS.length)
    throw invalidRequest(NOTIFICATION_MESSAGES.settingsBody);
  const out: ({ kind: NotificationKind } & ChannelSetting)[] = [];
  for (const item of raw) {
    const s = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (!isNotificationKind(s['kind']) || typeof s['inApp'] !== 'boolean' || typeof s['push'] !== 'boolean')
      throw invalidRequest(NOTIFICATION_MESSAGES.settingsBody);
    if (out.some((o) => o.kind === s['kind'])) throw invalidRequest(NOTIFICATION_MESSAGES.settingsBody);
    out.push({ kind: s['kind'], inApp: s['inApp'], push: s['push'] });
  }
  return out;
}

/**
 * `PUT /users/me/notification-settings`. Turning the promotional kind on records the MARKETING consent
 * (with its date, `how: SETTINGS`); turning both of its channels off withdraws it.
 */
export async function updateNotificationSettings(
  db: Db,
  me: Principal,
  body: unknown,
): Promise<NotificationSettingsResponse> {
  const settings = parseSettings(body);
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into notification_settings (member_id, kind, in_app, push)
       select $1, s.kind, s.in_app, s.push from unnest($2::text[], $3::bool[], $4::bool[]) as s(kind, in_app, push)
       on conflict (member_id, kind) do update set in_app = excluded.in_app, push = excluded.push, updated_at = now()`,
      [me.id, settings.map((s) => s.kind), settings.map((s) => s.inApp), settings.map((s) => s.push)],
    );
    const promo = settings.find((s) => s.kind === PROMOTIONAL_KIND);
    if (promo && (promo.inApp || promo.push)) {
      await recordConsents(tx, me.id, [{ kind: 'MARKETING', version: CURRENT_CONSENT_VERSIONS.MARKETING }], 'SETTINGS');
    } else if (promo) {
      await tx.query(
        `update consents set withdrawn_at = now() where member_id = $1 and kind = 'MARKETING' and withdrawn_at is null`,
        [me.id],
      );
    }
  });
  return notificationSettingsOf(db, me.id);
}
