/** Applying to an event, and the applicant's edits until the author decides. */
import { APPLICATION_CONSENT_VERSION, isEditable, validateApplicationInput } from '#lib/applications';
import { todayKst } from '#lib/deadline';
import { notificationText } from '#lib/copy-notifications';
import { paths } from '#lib/paths';
import type { ApplicationResponse } from '#lib/contract';
import type { Principal } from '#server/auth/principal';
import type { Db, Queryable } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { conflict, denied, notFound, unwrap } from '../errors';
import { notifyNewApplication } from '../notifications';
import { countEvent } from '../statistics-counters';
import { storedPhotos } from './photos';
import { applicationNotFound, getApplication, promotionFull, rowOf, transitionRefused, viewerOf } from './rows';
import type { EventRow } from './rows';

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
