/**
 * Members: lookup by Kakao id, the contract's UserResponse, and withdrawal.
 */
import { memberViewerKey } from './promotion-views';
import { countSiteClause } from './statistics-counters';
import { anonymiseApplicationsOf } from './applications';
import { anonymiseReviewsOf } from './reviews';
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import { randomInt } from 'node:crypto';
import type { UserResponse } from '#lib/contract';
import type { Gender, Image, MemberType, Role } from '#lib/domain';
import type { Db, Queryable } from '#server/db/index';
import { notFound } from './errors';
import { log } from '#server/log';
import { answerImage } from '#server/media/pictures';
import type { Storage } from '#server/storage/index';
import { removeQueuedObjects } from './file-cleanup';
import { deleteFilesOwnedBy } from './files';
import { clearPromotionCounts } from './promotion-counts';

export interface MemberRow {
  id: number;
  kakao_id: string;
  type: MemberType;
  roles: Role[];
  nickname: string;
  gender: Gender | null;
  instagram_id: string | null;
  profile_image: Image | null;
  created_at: Date;
}

/** A member row's columns, of a statement that names the table `members m`. */
export const MEMBER_COLUMNS =
  'm.id, m.kakao_id, m.type, m.roles, m.nickname, m.gender, m.instagram_id, m.profile_image, m.created_at';

export const userNotFound = () => notFound('USER_NOT_FOUND', '회원 정보를 찾을 수 없어요.');

export function sortRoles(roles: readonly Role[]): Role[] {
  return [...roles].sort();
}

export function toUserResponse(m: MemberRow): UserResponse {
  return {
    id: m.id,
    type: m.type,
    roles: sortRoles(m.roles),
    loginType: 'KAKAO',
    nickname: m.nickname,
    profileImage: m.profile_image ? answerImage(m.profile_image) : null,
    gender: m.gender,
    instagramId: m.instagram_id,
  };
}

export async function findMember(db: Queryable, id: number): Promise<MemberRow | null> {
  const rows = await db.query<MemberRow>(`select ${MEMBER_COLUMNS} from members m where m.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function getMember(db: Queryable, id: number): Promise<MemberRow> {
  const m = await findMember(db, id);
  if (!m) throw userNotFound();
  return m;
}

/** A placeholder nickname for a member who has not registered yet (unique, outside the user rule's range). */
function generatedNickname(): string {
  return `회원${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** The member for a Kakao account, created as UNDEFINED on first sign-in. */
export async function findOrCreateByKakaoId(db: Db, kakaoId: string): Promise<{ member: MemberRow; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await db.query<MemberRow>(`select ${MEMBER_COLUMNS} from members m where m.kakao_id = $1`, [
      kakaoId,
    ]);
    if (existing[0]) return { member: existing[0], created: false };
    // The new member and the operator's count of today's sign-ups, in one statement.
    const inserted = await db.query<MemberRow>(
      `with ins as (
         insert into members as m (kakao_id, nickname) values ($1, $2)
         on conflict do nothing
         returning ${MEMBER_COLUMNS}),
       ${countSiteClause('counted', 'members', '(select count(*) from ins)')}
       select * from ins`,
      [kakaoId, generatedNickname()],
    );
    if (inserted[0]) return { member: inserted[0], created: true };
    // Lost a race on the Kakao id, or the generated nickname was taken: look again.
  }
  throw new Error('could not create member');
}

/**
 * Whether another member holds a look-alike nickname: compared ignoring case and spaces, the same
 * expression the unique index members_nickname_fold_key (migration 6) enforces.
 */
export async function isNicknameTaken(db: Queryable, nickname: string, exceptMemberId?: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `select id from members where lower(replace(nickname, ' ', '')) = lower(replace($1, ' ', ''))`,
    [nickname],
  );
  return rows.some((r) => r.id !== exceptMemberId);
}

/**
 * Withdrawal: one transaction deletes the member and, by cascade, their photographer page, events,
 * saves and refresh tokens. Save counters of what they had saved are decremented first. Their file rows
 * go too, which queues their storage objects; with `storage` given, the objects no other member uses are
 * removed before this returns (a failure stays queued, and the file cleanup job retries it).
 */
export async function withdrawMember(db: Db, id: number, storage?: Storage): Promise<void> {
  const {
    owned: keys,
    type,
    reviewed,
  } = await db.transaction(async (tx) => {
    const locked = await tx.query<{ id: number; type: MemberRow['type'] }>(
      'select id, type from members where id = $1 for update',
      [id],
    );
    if (!locked[0]) throw userNotFound();
    await tx.query(
      `update promotions p set save_count = p.save_count - 1
         from promotion_saves s where s.promotion_id = p.id and s.member_id = $1`,
      [id],
    );
    await tx.query(
      `update photographer_pages pp set save_count = pp.save_count - 1
         from photographer_saves s where s.photographer_id = pp.member_id and s.member_id = $1`,
      [id],
    );
    // Their applications lose everything personal and give back their places (services/applications.ts).
    await anonymiseApplicationsOf(tx, id);
    // Their reviews stay, signed "탈퇴한 회원", without their photos (services/reviews.ts).
    const reviewed = await anonymiseReviewsOf(tx, id);
    // Their view rows too: what they read is nobody's business once they are gone.
    await tx.query('delete from promotion_views where viewer = $1', [memberViewerKey(id)]);
    await tx.query('delete from promotion_clicks where viewer = $1', [memberViewerKey(id)]);
    const owned = await deleteFilesOwnedBy(tx, id);
    await tx.query('delete from members where id = $1', [id]);
    clearPromotionCounts();
    return { owned, type: locked[0].type, reviewed };
  });
  // A USER shows on no public page (their saves only move counts, which may lag).
  await announce(type === 'PHOTOGRAPHER' ? changed.withdrawal(id) : changed.author(id));
  // The pages that showed their reviews now sign them "탈퇴한 회원".
  for (const photographerId of reviewed) await announce(changed.reputation(photographerId));
  if (!storage || keys.length === 0) return;
  try {
    await removeQueuedObjects(db, storage, { keys });
  } catch (err) {
    log('warn', 'withdrawal: stored pictures left to the cleanup job', { err });
  }
}

/**
 * Gives or takes the ADMIN role (`npm run admin`). Roles are read on every request, so the change holds
 * at once on every instance; public pages show an author's admin mark, so theirs are renewed.
 */
export async function setAdminRole(db: Queryable, id: number, admin: boolean): Promise<MemberRow> {
  const rows = await db.query<MemberRow>(
    `update members m set roles = (select coalesce(array_agg(distinct r order by r), '{}')
                                     from unnest(case when $2 then m.roles || '{ADMIN}'::text[]
                                                      else array_remove(m.roles, 'ADMIN') end) r)
      where m.id = $1 returning ${MEMBER_COLUMNS}`,
    [id, admin],
  );
  if (!rows[0]) throw userNotFound();
  // Logged with the moderation actions (the operator's command: no admin named).
  await db.query(
    `insert into moderation_log (admin_id, admin_nickname, action, target_type, target_id, reason, target_label)
     values (null, null, $1, 'MEMBER', $2, '', (select nickname from members where id = $2))`,
    [admin ? 'GRANT_ADMIN' : 'REVOKE_ADMIN', id],
  );
  await announce(changed.withdrawal(id));
  return rows[0];
}
