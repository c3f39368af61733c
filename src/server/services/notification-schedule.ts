/**
 * Scheduled notifications (issue 42, decision 025): from 09:00 KST on the day before, the applicant of
 * an agreed shoot is reminded of it, and a member who saved an open event is told it closes tomorrow.
 * A member who saved a photographer and opted in to advertising hears of their new events, only from
 * 08:00 to 21:00 KST (an event posted at night is told at 08:00).
 * Each periodic pass finds them from the data that decides them (a cancelled shoot or a moved end date
 * is simply not found) and writes each under a key naming its cause and day: a second pass, a restart
 * or another instance writes nothing new, so each fires once.
 */
import { formatShootAt } from '#lib/application-form';
import { notificationText } from '#lib/copy-notifications';
import { KST_OFFSET_MS, todayKst } from '#lib/deadline';
import { paths } from '#lib/paths';
import type { Db } from '#server/db/index';
import { getDb } from '#server/db/index';
import { log } from '#server/log';
import { deliverDue, hasChannels } from './notification-delivery';
import { notify } from './notifications';
import { runPeriodically, type LifecycleHooks } from '#server/jobs/periodic';

/** The hour (KST) from which the day-before notifications go out. */
export const REMINDER_HOUR_KST = 9;
/** Advertising goes out from 08:00 until 21:00 KST, never at night (정보통신망법 §50). */
export const PROMOTIONAL_HOURS_KST = { from: 8, until: 21 } as const;
/** A new event is told to its photographer's savers within this long of being posted. */
const NEW_EVENT_WINDOW_MS = 24 * 3_600_000;
/** At most this many of each kind per pass (the next pass takes the rest). */
const BATCH = 500;
export const SCHEDULE_INTERVAL_MS = 5 * 60 * 1000;
export const DELIVERY_INTERVAL_MS = 2_000;
/** Rows one delivery pass claims. */
const DELIVERY_BATCH = 50;

/**
 * The member has not turned both channels of the kind off (so a pass does not pick the same opted-out
 * rows again and again ahead of the others). `kind` is a constant of this module.
 */
const wanted = (member: string, kind: string) =>
  `coalesce((select s.in_app or s.push from notification_settings s
              where s.member_id = ${member} and s.kind = '${kind}'), true)`;

export interface ScheduleReport {
  shootReminders: number;
  savedClosing: number;
  newEvents: number;
  closingUndecided: number;
}

export const inPromotionalHours = (now: number): boolean => {
  const hour = new Date(now + KST_OFFSET_MS).getUTCHours();
  return hour >= PROMOTIONAL_HOURS_KST.from && hour < PROMOTIONAL_HOURS_KST.until;
};

/**
 * New events of saved photographers, to savers who turned the promotional kind on and hold the MARKETING
 * consent (notify checks both again). Not an event posted under a hidden author, nor a hidden page's.
 */
async function tellSaversOfNewEvents(db: Db, now: number): Promise<number> {
  const rows = await db.query<{ promotion_id: number; member_id: number; title: string; nickname: string }>(
    `select p.id as promotion_id, s.member_id, p.title, m.nickname
       from promotions p
       join photographer_pages pp on pp.member_id = p.author_id and pp.hidden_at is null
       join members m on m.id = p.author_id
       join photographer_saves s on s.photographer_id = p.author_id
      where p.deleted_at is null and not p.is_author_hidden and p.created_at > $1 and s.member_id <> p.author_id
        and exists (select 1 from notification_settings ns
                     where ns.member_id = s.member_id and ns.kind = 'PROMOTIONAL' and (ns.in_app or ns.push))
        and exists (select 1 from consents c
                     where c.member_id = s.member_id and c.kind = 'MARKETING' and c.withdrawn_at is null)
        and not exists (select 1 from notifications n
                         where n.dedupe_key = 'saved-photographer-posted:' || p.id || ':' || s.member_id)
      order by p.id, s.member_id limit ${BATCH}`,
    [new Date(now - NEW_EVENT_WINDOW_MS)],
  );
  let told = 0;
  for (const r of rows) {
    const id = await notify(db, {
      recipientId: r.member_id,
      actorId: null,
      kind: 'PROMOTIONAL',
      ...notificationText.savedPhotographerPosted(r.nickname, r.title),
      link: paths.event(r.promotion_id),
      dedupeKey: `saved-photographer-posted:${r.promotion_id}:${r.member_id}`,
    });
    if (id !== null) told++;
  }
  return told;
}

/** One pass at `now`: the day-before notifications due and not yet written. */
export async function runNotificationSchedule(db: Db, now = Date.now()): Promise<ScheduleReport> {
  const report: ScheduleReport = { shootReminders: 0, savedClosing: 0, newEvents: 0, closingUndecided: 0 };
  if (inPromotionalHours(now)) report.newEvents = await tellSaversOfNewEvents(db, now);
  const kstHour = new Date(now + KST_OFFSET_MS).getUTCHours();
  if (kstHour < REMINDER_HOUR_KST) return report;
  const tomorrow = todayKst(now + 86_400_000);
  const dayStart = new Date(`${tomorrow}T00:00:00+09:00`);

  const shoots = await db.query<{
    id: number;
    applicant_id: number;
    title: string;
    shoot_at: Date;
    place: string | null;
  }>(
    `select a.id, a.applicant_id, p.title, a.shoot_at, a.place
       from applications a join promotions p on p.id = a.promotion_id
      where a.status in ('SELECTED','CONFIRMED') and a.applicant_id is not null
        and a.shoot_at >= $2 and a.shoot_at < $3
        and not exists (select 1 from notifications n where n.dedupe_key = 'shoot-reminder:' || a.id || ':' || $1)
        and ${wanted('a.applicant_id', 'SHOOT_REMINDER')}
      order by a.id limit ${BATCH}`,
    [tomorrow, dayStart, new Date(dayStart.getTime() + 86_400_000)],
  );
  for (const s of shoots) {
    const id = await notify(db, {
      recipientId: s.applicant_id,
      actorId: null,
      kind: 'SHOOT_REMINDER',
      ...notificationText.shootReminder(s.title, formatShootAt(s.shoot_at.toISOString()), s.place),
      link: `${paths.myApplications}#application-${s.id}`,
      dedupeKey: `shoot-reminder:${s.id}:${tomorrow}`,
    });
    if (id !== null) report.shootReminders++;
  }

  const saved = await db.query<{ promotion_id: number; member_id: number; title: string }>(
    `select ps.promotion_id, ps.member_id, p.title
       from promotions p join promotion_saves ps on ps.promotion_id = p.id
      where p.ended_at = $1::date and p.deleted_at is null and ps.member_id <> p.author_id
        and not exists (select 1 from notifications n
                         where n.dedupe_key = 'saved-closing:' || p.id || ':' || ps.member_id || ':' || $1)
        and ${wanted('ps.member_id', 'SAVED_EVENT_CLOSING')}
      order by p.id, ps.member_id limit ${BATCH}`,
    [tomorrow],
  );
  for (const s of saved) {
    const id = await notify(db, {
      recipientId: s.member_id,
      actorId: null,
      kind: 'SAVED_EVENT_CLOSING',
      ...notificationText.savedClosing(s.title),
      link: paths.event(s.promotion_id),
      dedupeKey: `saved-closing:${s.promotion_id}:${s.member_id}:${tomorrow}`,
    });
    if (id !== null) report.savedClosing++;
  }

  // The author of an event closing tomorrow that still has applicants waiting for a decision.
  const undecided = await db.query<{ id: number; author_id: number; title: string; n: number }>(
    `select p.id, p.author_id, p.title, count(*)::int as n
       from promotions p join applications a on a.promotion_id = p.id and a.status = 'APPLIED'
      where p.ended_at = $1::date and p.deleted_at is null
        and not exists (select 1 from notifications n where n.dedupe_key = 'closing-undecided:' || p.id || ':' || $1)
        and ${wanted('p.author_id', 'EVENT_CLOSING_UNDECIDED')}
      group by p.id order by p.id limit ${BATCH}`,
    [tomorrow],
  );
  for (const u of undecided) {
    const id = await notify(db, {
      recipientId: u.author_id,
      actorId: null,
      kind: 'EVENT_CLOSING_UNDECIDED',
      ...notificationText.closingUndecided(u.title, u.n),
      link: paths.inboxEvent(u.id),
      dedupeKey: `closing-undecided:${u.id}:${tomorrow}`,
    });
    if (id !== null) report.closingUndecided++;
  }
  return report;
}

let registered = false;

/**
 * Runs `runNotificationSchedule` 30 s after start and every 5 minutes, and the outbox's `deliverDue`
 * every 2 s (`runPeriodically`); stop waits for a pass in progress. Wired once in src/server/app.ts, like the file cleanup.
 */
export function registerNotificationSchedule(
  hooks: LifecycleHooks,
  intervalMs = SCHEDULE_INTERVAL_MS,
  firstRunDelayMs = 30_000,
): void {
  if (registered) return;
  registered = true;
  runPeriodically(hooks, {
    what: 'scheduled notifications',
    firstMs: firstRunDelayMs,
    everyMs: intervalMs,
    pass: async () => {
      const report = await runNotificationSchedule(await getDb());
      if (report.shootReminders + report.savedClosing + report.newEvents + report.closingUndecided > 0)
        log('info', 'scheduled notifications', { ...report });
    },
  });
  // The outbox: due deliveries every few seconds (nothing to do, and no query, while no channel is registered).
  runPeriodically(hooks, {
    what: 'notification delivery pass',
    firstMs: DELIVERY_INTERVAL_MS,
    everyMs: DELIVERY_INTERVAL_MS,
    pass: async () => {
      if (!hasChannels()) return;
      // A full pass means more are due: go on at once (a few passes at most, then the next tick).
      for (let i = 0; i < 5; i++) {
        const report = await deliverDue(await getDb(), Date.now(), DELIVERY_BATCH);
        if (report.failed > 0) log('warn', 'notification deliveries failed', { ...report });
        if (report.claimed < DELIVERY_BATCH) break;
      }
    },
  });
}
