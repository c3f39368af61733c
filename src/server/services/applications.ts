/**
 * Applications on 담아봐: applying to an event, the applicant's edits, the author's inbox, every move
 * of the transition table (`#lib/applications`), the private photos, the calendar file, and the jobs
 * that expire undecided applications and delete applicants' data 90 days after an event ends.
 *
 * The number of places taken never exceeds the event's capacity: a selection raises
 * `promotions.selected_count` in the transaction that moves the application, only while it is below
 * the capacity (a check constraint holds it too).
 */
import {
  APPLICATION_CONSENT_VERSION,
  CONTACT_SHARED,
  PLACE_HOLDING,
  TRANSITIONS,
  isEditable,
  kstDateOf,
  mayMove,
  validateApplicationInput,
  validateTransitionInput,
  type ApplicationActor,
  type ApplicationMove,
  type ApplicationPayload,
  type ApplicationStatus,
  type ApplyMode,
} from '#lib/applications';
import { todayKst } from '#lib/deadline';
import type { Image } from '#lib/domain';
import { toPage, type Page, type PageRequest } from '#lib/page';
import { formatShootAt } from '#lib/application-form';
import { notificationText } from '#lib/copy-notifications';
import { paths } from '#lib/paths';
import type { ApplicationHistoryItem, ApplicationInboxEvent, ApplicationResponse } from '#lib/contract';

export type { ApplicationResponse, ApplicationInboxEvent as InboxEvent } from '#lib/contract';
import type { Principal } from '#server/auth/principal';
import { getConfig } from '#server/config';
import type { Db, Queryable } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { answerImage } from '#server/media/pictures';
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import { conflict, denied, invalidFields, notFound, unwrap } from './errors';
import { notify, notifyNewApplication } from './notifications';
import { countEvent } from './statistics-counters';

/** Applicants' data is deleted this many days after the event ends. */
export const APPLICATION_RETENTION_DAYS = 90;

export const applicationNotFound = () => notFound('APPLICATION_NOT_FOUND', '신청을 찾을 수 없어요.');
const transitionRefused = () =>
  conflict('APPLICATION_TRANSITION_NOT_ALLOWED', '지금 상태에서는 할 수 없는 일이에요. 새로고침해 주세요.');
const promotionFull = () => conflict('PROMOTION_FULL', '모집 인원이 다 찼어요.');

/** The event an application is made to, as the rules need it. */
interface EventRow {
  id: number;
  author_id: number;
  title: string;
  started_at: string;
  ended_at: string;
  apply_mode: ApplyMode;
  capacity: number | null;
  selected_count: number;
  asks_instagram: boolean;
  asks_photos: boolean;
}

interface Row {
  id: number;
  promotion_id: number;
  applicant_id: number | null;
  status: ApplicationStatus;
  introduction: string;
  preferred_dates: string[];
  instagram_id: string | null;
  photos: { name: string; key: string }[];
  contact: string | null;
  consent_version: string;
  consented_at: Date;
  shoot_at: Date | null;
  place: string | null;
  message: string | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  p_title: string;
  p_started_at: string;
  p_ended_at: string;
  p_author_id: number;
  m_nickname: string | null;
  m_profile_image: Image | null;
  author_instagram_id: string | null;
  author_contact_link: string | null;
  completed_at: Date | null;
  review_id: number | null;
  /** A report on it is open: admins may then read it, its photos included (issue 40). */
  reported: boolean;
}

/** Whether an application has an open report (index reports_target_idx), of a statement naming it `a`. */
const REPORTED_SQL = `exists (select 1 from reports r
   where r.target_type = 'APPLICATION' and r.target_id = a.id and r.resolved_at is null) as reported`;

const ROW_SQL = `select a.id, a.promotion_id, a.applicant_id, a.status, a.introduction, a.preferred_dates::text[] as preferred_dates,
       a.instagram_id, a.photos, a.contact, a.consent_version, a.consented_at, a.shoot_at, a.place, a.message,
       a.reason, a.created_at, a.updated_at,
       p.title as p_title, p.started_at as p_started_at, p.ended_at as p_ended_at, p.author_id as p_author_id,
       m.nickname as m_nickname, m.profile_image as m_profile_image,
       au.instagram_id as author_instagram_id, pp.contact_link as author_contact_link,
       (select h.at from application_history h
         where h.application_id = a.id and h.to_status = 'COMPLETED' order by h.id desc limit 1) as completed_at,
       (select r.id from reviews r where r.application_id = a.id) as review_id,
       ${REPORTED_SQL}
  from applications a
  join promotions p on p.id = a.promotion_id
  left join members m on m.id = a.applicant_id
  join members au on au.id = p.author_id
  left join photographer_pages pp on pp.member_id = p.author_id`;

/**
 * Who the caller is to an application: its applicant, the event's author, an admin reading a reported
 * one (it is private to its two parties otherwise), or nobody.
 */
type Viewer = ApplicationActor | 'ADMIN';

function viewerOf(row: Pick<Row, 'applicant_id' | 'p_author_id' | 'reported'>, me: Principal): Viewer | null {
  if (row.applicant_id === me.id) return 'APPLICANT';
  if (row.p_author_id === me.id) return 'AUTHOR';
  if (me.roles.includes('ADMIN') && row.reported) return 'ADMIN';
  return null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function photoUrl(applicationId: number, index: number): string {
  return `${getConfig().publicOrigin}/api/v1/applications/${applicationId}/photos/${index}`;
}

function toResponse(r: Row, viewer: Viewer): ApplicationResponse {
  const shared = CONTACT_SHARED.includes(r.status);
  return {
    id: r.id,
    promotion: {
      id: r.promotion_id,
      title: r.p_title,
      startedAt: r.p_started_at,
      endedAt: r.p_ended_at,
      authorId: r.p_author_id,
    },
    applicant:
      r.applicant_id === null
        ? null
        : {
            id: r.applicant_id,
            nickname: r.m_nickname ?? '',
            profileImage: r.m_profile_image ? answerImage(r.m_profile_image) : null,
          },
    status: r.status,
    introduction: r.introduction,
    preferredDates: r.preferred_dates,
    instagramId: r.instagram_id,
    photos: r.photos.map((p, i) => ({ name: p.name, url: photoUrl(r.id, i) })),
    contact: viewer === 'APPLICANT' || shared ? r.contact : null,
    shootAt: iso(r.shoot_at),
    place: r.place,
    message: r.message,
    reason: r.reason,
    photographerContact:
      viewer === 'APPLICANT' && shared
        ? { instagramId: r.author_instagram_id, contactLink: r.author_contact_link }
        : null,
    consentVersion: r.consent_version,
    consentedAt: r.consented_at.toISOString(),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    completedAt: iso(r.completed_at),
    reviewId: r.review_id,
  };
}

async function historyOf(db: Queryable, id: number): Promise<ApplicationHistoryItem[]> {
  const rows = await db.query<{
    from_status: ApplicationStatus | null;
    to_status: ApplicationStatus;
    actor_role: ApplicationHistoryItem['by'];
    at: Date;
  }>(
    planGeneric(
      'select from_status, to_status, actor_role, at from application_history where application_id = $1 order by id',
    ),
    [id],
  );
  return rows.map((h) => ({ from: h.from_status, to: h.to_status, by: h.actor_role, at: h.at.toISOString() }));
}

async function rowOf(db: Queryable, id: number, lock = false): Promise<Row | null> {
  const rows = await db.query<Row>(
    lock ? `${ROW_SQL} where a.id = $1 for update of a` : planGeneric(`${ROW_SQL} where a.id = $1`),
    [id],
  );
  return rows[0] ?? null;
}

/** The application as `me` may see it (with its history), or 404 when `me` may not. */
export async function getApplication(db: Queryable, me: Principal, id: number): Promise<ApplicationResponse> {
  const row = await rowOf(db, id);
  const viewer = row && viewerOf(row, me);
  if (!row || !viewer) throw applicationNotFound();
  return { ...toResponse(row, viewer), history: await historyOf(db, id) };
}

// --- photos ---

/** The path of a photo URL, absolute or relative; null when it is not a URL. */
function urlPath(url: string): string | null {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
}

const PRIVATE_KEY = /(?:^|\/)(private\/([0-9a-f]{2})\/([0-9a-f]{64})\.webp)$/;

/** The private storage key an application photo's URL names (as the upload answered it), or null. */
export function privatePhotoKey(url: string): string | null {
  const path = urlPath(url);
  if (path === null) return null;
  const m = PRIVATE_KEY.exec(path);
  return m?.[1] && m[3]?.startsWith(m[2] ?? '-') ? m[1] : null;
}

/** Which photo of application `id` a URL names as the API answered it (`…/applications/{id}/photos/{n}`). */
export function keptPhotoIndex(url: string, id: number): number | null {
  const path = urlPath(url);
  if (path === null) return null;
  const m = /^\/api\/v1\/applications\/(\d+)\/photos\/(\d{1,2})$/.exec(path);
  return m && Number(m[1]) === id ? Number(m[2]) : null;
}

/**
 * The photos of a body as stored: each must be the applicant's own application upload or (an edit,
 * `kept`) one the application already holds, named by the URL its answer gave, so an edit sends none again.
 */
async function storedPhotos(
  db: Queryable,
  applicantId: number,
  photos: ApplicationPayload['photos'],
  kept?: { applicationId: number; photos: Row['photos'] },
): Promise<{ name: string; key: string }[]> {
  const keys = photos.map((p) => {
    const index = kept ? keptPhotoIndex(p.url, kept.applicationId) : null;
    return index === null ? privatePhotoKey(p.url) : (kept?.photos[index]?.key ?? null);
  });
  const foreign = () =>
    invalidFields([{ field: 'photos', message: '직접 올린 참고 사진만 첨부할 수 있어요. 사진을 다시 올려 주세요.' }]);
  if (keys.some((k) => k === null)) throw foreign();
  if (keys.length === 0) return [];
  const owned = await db.query<{ storage_key: string }>(
    `select storage_key from files where owner_id = $1 and kind = 'APPLICATION_IMAGE' and storage_key = any($2::text[])`,
    [applicantId, keys],
  );
  const ownedKeys = new Set(owned.map((r) => r.storage_key));
  if (keys.some((k) => !ownedKeys.has(k as string))) throw foreign();
  await db.query('update files set last_used_at = now() where owner_id = $1 and storage_key = any($2::text[])', [
    applicantId,
    keys,
  ]);
  return photos.map((p, i) => ({ name: p.name.slice(0, 200) || 'image', key: keys[i] as string }));
}

/** The storage key of photo `index` of an application `me` may see, or 404. */
export async function applicationPhotoKey(db: Queryable, me: Principal, id: number, index: number): Promise<string> {
  const rows = await db.query<Pick<Row, 'applicant_id' | 'p_author_id' | 'photos' | 'reported'>>(
    planGeneric(`select a.applicant_id, p.author_id as p_author_id, a.photos, ${REPORTED_SQL}
       from applications a join promotions p on p.id = a.promotion_id where a.id = $1`),
    [id],
  );
  const row = rows[0];
  const key = row && viewerOf(row, me) ? row.photos[index]?.key : undefined;
  if (!key) throw applicationNotFound();
  return key;
}

// --- applying ---

async function eventFor(db: Queryable, promotionId: number, lock: boolean): Promise<EventRow> {
  const sql = `select id, author_id, title, started_at, ended_at, apply_mode, capacity, selected_count, asks_instagram, asks_photos
       from promotions where id = $1 and deleted_at is null`;
  const rows = await db.query<EventRow>(lock ? `${sql} for share` : planGeneric(sql), [promotionId]);
  if (!rows[0]) throw notFound('PROMOTION_NOT_FOUND', '이벤트를 찾을 수 없어요.');
  return rows[0];
}

/** A body checked against the event's rules (its period, and whether it asks for instagram and photos). */
function applicationInput(body: unknown, event: EventRow, options: { requireConsent: boolean }) {
  return unwrap(
    validateApplicationInput(
      body,
      {
        startedAt: event.started_at,
        endedAt: event.ended_at,
        asksInstagram: event.asks_instagram,
        asksPhotos: event.asks_photos,
      },
      options,
    ),
  );
}

/** Why an event takes no application now (null: it does). */
function closedReason(e: EventRow, today: string): (() => Error) | null {
  if (e.apply_mode === 'LINK')
    return () => conflict('PROMOTION_NOT_IN_APP', '이 이벤트는 담아봐 신청을 받지 않아요. 신청 링크로 신청해 주세요.');
  if (e.ended_at < today) return () => conflict('PROMOTION_CLOSED', '마감된 이벤트예요.');
  if (e.capacity !== null && e.selected_count >= e.capacity) return promotionFull;
  return null;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** A registered member applies to an event that takes applications on 담아봐 (not their own). */
export async function applyTo(
  db: Db,
  me: Principal,
  promotionId: number,
  body: unknown,
  now = Date.now(),
): Promise<ApplicationResponse> {
  const today = todayKst(now);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      // Read under a share lock: a selection (which takes the last place) waits, and so does closing.
      const event = await eventFor(tx, promotionId, true);
      if (event.author_id === me.id) throw denied('ACCESS_DENIED', '내 이벤트에는 신청할 수 없어요.');
      const closed = closedReason(event, today);
      if (closed) throw closed();
      const input = applicationInput(body, event, { requireConsent: true });
      const photos = await storedPhotos(tx, me.id, input.photos);
      // The application and its first history row, in one statement.
      const rows = await tx.query<{ id: number }>(
        `with created as (
           insert into applications (promotion_id, applicant_id, introduction, preferred_dates, instagram_id, photos,
                                     contact, consent_version, consented_at)
           values ($1, $2, $3, $4::date[], $5, $6::jsonb, $7, $8, now()) returning id),
         history as (
           insert into application_history (application_id, from_status, to_status, actor_id, actor_role)
           select id, null, 'APPLIED', $2, 'APPLICANT' from created)
         select id from created`,
        [
          promotionId,
          me.id,
          input.introduction,
          input.preferredDates,
          input.instagramId,
          JSON.stringify(photos),
          input.contact,
          APPLICATION_CONSENT_VERSION,
        ],
      );
      const created = rows[0]!.id;
      // The author hears of it, batched per event (decision 025).
      await notifyNewApplication(tx, {
        authorId: event.author_id,
        actorId: me.id,
        promotionId,
        text: (n) => notificationText.newApplications(event.title, n),
        link: paths.inboxEvent(promotionId),
        now,
      });
      // Last: the author's and the site's rows of the day are shared by every application of the day.
      await countEvent(tx, 'applications', promotionId, 'applications');
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('ALREADY_APPLIED', '이미 신청한 이벤트예요. 내 신청에서 확인해 주세요.');
    throw err;
  }
  return getApplication(db, me, id);
}

/** The applicant edits their application until the author decides. */
export async function editApplication(db: Db, me: Principal, id: number, body: unknown): Promise<ApplicationResponse> {
  await db.transaction(async (tx) => {
    const row = await rowOf(tx, id, true);
    if (!row || viewerOf(row, me) === null) throw applicationNotFound();
    if (row.applicant_id !== me.id) throw denied('ACCESS_DENIED', '신청한 사람만 고칠 수 있어요.');
    if (!isEditable(row.status)) throw transitionRefused();
    const event = await eventFor(tx, row.promotion_id, false);
    const input = applicationInput(body, event, { requireConsent: false });
    const photos = await storedPhotos(tx, me.id, input.photos, { applicationId: id, photos: row.photos });
    await tx.query(
      `update applications set introduction = $2, preferred_dates = $3::date[], instagram_id = $4, photos = $5::jsonb,
              contact = $6, updated_at = now()
        where id = $1`,
      [id, input.introduction, input.preferredDates, input.instagramId, JSON.stringify(photos), input.contact],
    );
  });
  return getApplication(db, me, id);
}

// --- moves ---

/**
 * One move of the transition table, by the applicant or the event's author; recorded with who and when.
 * A move the table does not allow is 409 APPLICATION_TRANSITION_NOT_ALLOWED; a selection past the
 * capacity 409 PROMOTION_FULL; anyone else 404 (admins 403: they read, they do not move).
 */
export async function moveApplication(
  db: Db,
  me: Principal,
  id: number,
  body: unknown,
  now = Date.now(),
): Promise<ApplicationResponse> {
  const move = unwrap(validateTransitionInput(body));
  const { promotionId, placesChanged, authorId } = await db.transaction(async (tx) => {
    const row = await rowOf(tx, id, true);
    const viewer = row && viewerOf(row, me);
    if (!row || !viewer) throw applicationNotFound();
    if (viewer === 'ADMIN') throw denied('ACCESS_DENIED', '신청의 상태는 신청한 사람과 작가만 바꿀 수 있어요.');
    if (!mayMove(viewer, row.status, move.to)) throw transitionRefused();
    if (TRANSITIONS[move.to].afterShoot && (!row.shoot_at || todayKst(now) < kstDateOf(row.shoot_at.toISOString())))
      throw conflict('APPLICATION_TRANSITION_NOT_ALLOWED', '촬영일 당일부터 표시할 수 있어요.');
    const holds = PLACE_HOLDING.includes(row.status);
    const willHold = PLACE_HOLDING.includes(move.to);
    const sets: string[] = ['status = $2', 'updated_at = now()'];
    const params: unknown[] = [id, move.to];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (move.to === 'SELECTED') {
      set('shoot_at', move.shootAt);
      set('place', move.place);
      set('message', move.message);
    } else if (move.to === 'DECLINED') set('message', move.message);
    else if (move.to === 'CANCELLED') set('reason', move.reason);
    await tx.query(`update applications set ${sets.join(', ')} where id = $1`, params as never);
    await tx.query(
      `insert into application_history (application_id, from_status, to_status, actor_id, actor_role)
       values ($1, $2, $3, $4, $5)`,
      [id, row.status, move.to, me.id, viewer],
    );
    await notifyMove(tx, row, move, me.id);
    // Last, the rows others share (the event's places, the author's counters): locked for the commit
    // alone. A place not taken rolls all of the above back.
    if (!holds && willHold) {
      const taken = await tx.query<{ id: number }>(
        `update promotions set selected_count = selected_count + 1
          where id = $1 and (capacity is null or selected_count < capacity) returning id`,
        [row.promotion_id],
      );
      if (!taken[0]) throw promotionFull();
    } else if (holds && !willHold) {
      await tx.query('update promotions set selected_count = greatest(selected_count - 1, 0) where id = $1', [
        row.promotion_id,
      ]);
    }
    if (move.to === 'SELECTED') await countEvent(tx, 'selections', row.promotion_id);
    else if (move.to === 'COMPLETED') await countEvent(tx, 'completions', row.promotion_id);
    // A completed shoot counts on the photographer's page for good (migration 17).
    if (move.to === 'COMPLETED')
      await tx.query('update photographer_pages set completed_shoots = completed_shoots + 1 where member_id = $1', [
        row.p_author_id,
      ]);
    return { promotionId: row.promotion_id, placesChanged: holds !== willHold, authorId: row.p_author_id };
  });
  // The event's page may show its places left; the photographer's page its completed shoots.
  if (placesChanged) await announce(changed.places(promotionId));
  if (move.to === 'COMPLETED') await announce(changed.reputation(authorId));
  return getApplication(db, me, id);
}

/**
 * Who hears of a move, in its transaction: the author of a withdrawal, the applicant of a selection, a
 * decline or a cancellation. Each cause is told once (`application:{id}:{state}`); never the mover.
 */
async function notifyMove(
  tx: Queryable,
  row: Row,
  move: {
    to: ApplicationMove;
    shootAt: string | null;
    place: string | null;
    message: string | null;
    reason: string | null;
  },
  actorId: number,
): Promise<void> {
  const dedupeKey = `application:${row.id}:${move.to}`;
  if (move.to === 'WITHDRAWN') {
    await notify(tx, {
      recipientId: row.p_author_id,
      actorId,
      kind: 'APPLICATION_WITHDRAWN',
      ...notificationText.withdrawn(row.p_title, row.m_nickname ?? notificationText.someone),
      link: `${paths.inboxEvent(row.promotion_id)}#application-${row.id}`,
      dedupeKey,
    });
    return;
  }
  if (row.applicant_id === null) return;
  const link = `${paths.myApplications}#application-${row.id}`;
  const text =
    move.to === 'SELECTED'
      ? {
          kind: 'APPLICATION_SELECTED' as const,
          ...notificationText.selected(row.p_title, formatShootAt(move.shootAt ?? ''), move.place ?? '', move.message),
        }
      : move.to === 'DECLINED'
        ? { kind: 'APPLICATION_DECLINED' as const, ...notificationText.declined(row.p_title, move.message) }
        : move.to === 'CANCELLED'
          ? { kind: 'APPLICATION_CANCELLED' as const, ...notificationText.cancelled(row.p_title, move.reason) }
          : move.to === 'COMPLETED'
            ? // The shoot happened: the applicant is asked for a review (issue 43), which only they may write.
              { kind: 'REVIEW_REQUEST' as const, ...notificationText.reviewRequest(row.p_title) }
            : null;
  if (text) await notify(tx, { recipientId: row.applicant_id, actorId, link, dedupeKey, ...text });
}

// --- lists ---

/** An event's applications for its author (or an admin), newest first, optionally in one state. */
export async function listForAuthor(
  db: Queryable,
  me: Principal,
  promotionId: number,
  status: ApplicationStatus | null,
  page: PageRequest,
): Promise<Page<ApplicationResponse>> {
  const owner = await db.query<{ author_id: number }>(planGeneric('select author_id from promotions where id = $1'), [
    promotionId,
  ]);
  if (!owner[0]) throw notFound('PROMOTION_NOT_FOUND', '이벤트를 찾을 수 없어요.');
  if (owner[0].author_id !== me.id && !me.roles.includes('ADMIN'))
    throw denied('ACCESS_DENIED', '이벤트를 올린 작가만 신청자를 볼 수 있어요.');
  const where = status ? 'a.promotion_id = $1 and a.status = $2' : 'a.promotion_id = $1';
  const params = status ? [promotionId, status] : [promotionId];
  const [count] = await db.query<{ n: number }>(
    planGeneric(`select count(*)::int as n from applications a where ${where}`),
    params,
  );
  const rows = await db.query<Row>(
    planGeneric(
      `${ROW_SQL} where ${where} order by a.id desc limit ${page.pageSize} offset ${page.page * page.pageSize}`,
    ),
    params,
  );
  return toPage(
    rows.map((r) => toResponse(r, viewerOf(r, me) ?? 'ADMIN')),
    count?.n ?? 0,
    page,
  );
}

/** The caller's own applications, newest first. */
export async function listMine(db: Queryable, me: Principal, page: PageRequest): Promise<Page<ApplicationResponse>> {
  const [count] = await db.query<{ n: number }>(
    planGeneric('select count(*)::int as n from applications where applicant_id = $1'),
    [me.id],
  );
  const rows = await db.query<Row>(
    planGeneric(`${ROW_SQL} where a.applicant_id = $1 order by a.id desc limit $2 offset $3`),
    [me.id, page.pageSize, page.page * page.pageSize],
  );
  return toPage(
    rows.map((r) => toResponse(r, 'APPLICANT')),
    count?.n ?? 0,
    page,
  );
}

/** The author's events that take applications on 담아봐, newest first, with their counts. */
export async function inboxOf(db: Queryable, me: Principal): Promise<ApplicationInboxEvent[]> {
  const rows = await db.query<
    Pick<EventRow, 'id' | 'title' | 'started_at' | 'ended_at' | 'apply_mode' | 'capacity' | 'selected_count'> & {
      total: number;
      waiting: number;
    }
  >(
    `select p.id, p.title, p.started_at, p.ended_at, p.apply_mode, p.capacity, p.selected_count,
            count(a.id)::int as total, count(a.id) filter (where a.status = 'APPLIED')::int as waiting
       from promotions p left join applications a on a.promotion_id = p.id
      where p.author_id = $1 and p.apply_mode <> 'LINK' and (p.deleted_at is null or p.hidden_at is not null)
      group by p.id order by p.id desc limit 100`,
    [me.id],
  );
  return rows.map((r) => ({
    promotionId: r.id,
    title: r.title,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    applyMode: r.apply_mode,
    capacity: r.capacity,
    applicationCount: r.total,
    waitingCount: r.waiting,
    selectedCount: r.selected_count,
  }));
}

// --- the calendar file ---

const icsText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/\r?\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The shoot as an iCalendar file, for the applicant and the author once a date is agreed. */
export async function calendarOf(db: Queryable, me: Principal, id: number): Promise<string> {
  const row = await rowOf(db, id);
  const viewer = row && viewerOf(row, me);
  if (!row || !viewer) throw applicationNotFound();
  if (!row.shoot_at || !CONTACT_SHARED.includes(row.status))
    throw conflict('APPLICATION_TRANSITION_NOT_ALLOWED', '촬영 일정이 정해진 뒤에 받을 수 있어요.');
  const start = row.shoot_at;
  const end = new Date(start.getTime() + 60 * 60 * 1000);
  const link = `${getConfig().publicOrigin}/event/${row.promotion_id}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//damabwa//applications//KO',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:application-${row.id}@damabwa`,
    `DTSTAMP:${icsTime(new Date())}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(`담아봐 촬영: ${row.p_title}`)}`,
    ...(row.place ? [`LOCATION:${icsText(row.place)}`] : []),
    `DESCRIPTION:${icsText([row.message ?? '', link].filter(Boolean).join('\n'))}`,
    `URL:${link}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

// --- jobs and withdrawal ---

/** Applications still undecided when their event has ended expire (a scheduled job). */
export async function expireUndecided(db: Queryable, now = Date.now()): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `with expired as (
       update applications a set status = 'EXPIRED', updated_at = now()
         from promotions p
        where p.id = a.promotion_id and a.status = 'APPLIED' and p.ended_at < $1::date
       returning a.id)
     insert into application_history (application_id, from_status, to_status, actor_role)
     select id, 'APPLIED', 'EXPIRED', 'SYSTEM' from expired returning application_id as id`,
    [todayKst(now)],
  );
  return rows.length;
}

/**
 * Applicants' data is deleted 90 days after the event ends (a scheduled job): the applications, their
 * history and their photos' files (whose objects the storage queue then removes).
 */
export async function deleteExpiredApplicantData(db: Db, now = Date.now()): Promise<number> {
  const cutoff = todayKst(now - APPLICATION_RETENTION_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ applicant_id: number | null; photos: Row['photos'] }>(
      `delete from applications a using promotions p
        where p.id = a.promotion_id and p.ended_at < $1::date
       returning a.applicant_id, a.photos`,
      [cutoff],
    );
    await removePhotoFiles(tx, gone);
    return gone.length;
  });
}

/** Deletes the files rows of these applications' photos that no remaining application uses. */
async function removePhotoFiles(
  tx: Queryable,
  apps: readonly { applicant_id: number | null; photos: Row['photos'] }[],
): Promise<void> {
  const keys = [...new Set(apps.flatMap((a) => a.photos.map((p) => p.key)))];
  if (keys.length === 0) return;
  await tx.query(
    `delete from files f where f.kind = 'APPLICATION_IMAGE' and f.storage_key = any($1::text[])
        and not exists (select 1 from applications a
                         where a.applicant_id = f.owner_id
                           and a.photos @> jsonb_build_array(jsonb_build_object('key', f.storage_key)))`,
    [keys],
  );
}

/**
 * A member withdrawing: their applications keep what the author needs to count (state, dates of the
 * moves) and lose everything personal; places they held are given back. Runs in the withdrawal's
 * transaction, before the member row goes.
 */
export async function anonymiseApplicationsOf(tx: Queryable, memberId: number): Promise<void> {
  await tx.query(
    `update promotions p set selected_count = greatest(p.selected_count - sub.n, 0)
       from (select promotion_id, count(*)::int as n from applications
              where applicant_id = $1 and status in ('SELECTED','CONFIRMED') group by promotion_id) sub
      where p.id = sub.promotion_id`,
    [memberId],
  );
  await tx.query(
    `update applications
        set status = case when status in ('APPLIED','SELECTED','CONFIRMED') then 'WITHDRAWN' else status end,
            applicant_id = null, introduction = '', preferred_dates = '{}', instagram_id = null, photos = '[]',
            contact = null, anonymised_at = now(), updated_at = now()
      where applicant_id = $1`,
    [memberId],
  );
}
