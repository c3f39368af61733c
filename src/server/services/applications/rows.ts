/**
 * What every part of applications reads: the rows and their SQL, who the caller is to an application,
 * the answer built from a row, the application with its history, and the shared errors.
 */
import { CONTACT_SHARED, type ApplicationActor, type ApplicationStatus, type ApplyMode } from '#lib/applications';
import type { Image } from '#lib/domain';
import type { ApplicationHistoryItem, ApplicationResponse } from '#lib/contract';
import type { Principal } from '#server/auth/principal';
import { getConfig } from '#server/config';
import type { Queryable } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { answerImage } from '#server/media/pictures';
import { conflict, notFound } from '../errors';

export const applicationNotFound = () => notFound('APPLICATION_NOT_FOUND', '신청을 찾을 수 없어요.');
export const transitionRefused = () =>
  conflict('APPLICATION_TRANSITION_NOT_ALLOWED', '지금 상태에서는 할 수 없는 일이에요. 새로고침해 주세요.');
export const promotionFull = () => conflict('PROMOTION_FULL', '모집 인원이 다 찼어요.');

/** The event an application is made to, as the rules need it. */
export interface EventRow {
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

export interface Row {
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
export const REPORTED_SQL = `exists (select 1 from reports r
   where r.target_type = 'APPLICATION' and r.target_id = a.id and r.resolved_at is null) as reported`;

export const ROW_SQL = `select a.id, a.promotion_id, a.applicant_id, a.status, a.introduction, a.preferred_dates::text[] as preferred_dates,
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
export type Viewer = ApplicationActor | 'ADMIN';

export function viewerOf(row: Pick<Row, 'applicant_id' | 'p_author_id' | 'reported'>, me: Principal): Viewer | null {
  if (row.applicant_id === me.id) return 'APPLICANT';
  if (row.p_author_id === me.id) return 'AUTHOR';
  if (me.roles.includes('ADMIN') && row.reported) return 'ADMIN';
  return null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function photoUrl(applicationId: number, index: number): string {
  return `${getConfig().publicOrigin}/api/v1/applications/${applicationId}/photos/${index}`;
}

export function toResponse(r: Row, viewer: Viewer): ApplicationResponse {
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

export async function rowOf(db: Queryable, id: number, lock = false): Promise<Row | null> {
  const rows = await db.query<Row>(
    lock ? `${ROW_SQL} where a.id = $1 for update of a` : planGeneric(`${ROW_SQL} where a.id = $1`),
    [id],
  );
  return rows[0] ?? null;
}

/** The history's rows, oldest first, as one JSON array (`json_agg` keeps `at` as its ISO text). */
interface HistoryJson {
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  actor_role: ApplicationHistoryItem['by'];
  at: string;
}

/** An application's row and its history, in one statement (one round trip for every answer). */
const ROW_WITH_HISTORY_SQL = planGeneric(`select r.*,
       (select coalesce(json_agg(json_build_object('from_status', h.from_status, 'to_status', h.to_status,
                                                   'actor_role', h.actor_role, 'at', h.at) order by h.id), '[]')
          from application_history h where h.application_id = r.id) as history
  from (${ROW_SQL} where a.id = $1) r`);

/** The application as `me` may see it (with its history), or 404 when `me` may not. */
export async function getApplication(db: Queryable, me: Principal, id: number): Promise<ApplicationResponse> {
  const [row] = await db.query<Row & { history: HistoryJson[] }>(ROW_WITH_HISTORY_SQL, [id]);
  const viewer = row && viewerOf(row, me);
  if (!row || !viewer) throw applicationNotFound();
  const history = row.history.map((h) => ({
    from: h.from_status,
    to: h.to_status,
    by: h.actor_role,
    at: new Date(h.at).toISOString(),
  }));
  return { ...toResponse(row, viewer), history };
}
