/**
 * 내 정보 내려받기 (GET /users/me/export): everything the site holds about one member, as one JSON
 * document: the profile, the photographer page, their uploads, saves, events, the applications they
 * sent and those made to their events, the reviews they wrote and those of their shoots, their reports,
 * notifications and their settings, consents, sessions, views and apply-link clicks.
 *
 * Only the member's own rows. Applications made to their events are answered as the author sees them
 * (services/applications.ts `listForAuthor`): an applicant's contact only once it is shared with the
 * author, nothing of applicants to other members' events. Rows others made about the member (reports
 * of their events) are not theirs and stay out; so do tokens' hashes (secrets, not information).
 */
import type { ApplicationResponse } from '#lib/contract';
import type { Image } from '#lib/domain';
import type { Page, PageRequest } from '#lib/page';
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/index';
import { answerImage, answerImages, pictureUrl } from '#server/media/pictures';
import { listForAuthor, listMine } from './applications';
import { consentsOf } from './consents';
import { getMember } from './members';
import { memberViewerKey } from './promotion-views';
import { notificationSettingsOf, notificationsOf } from './notifications';
import { listMyReviews, listPhotographerReviews } from './reviews';
import type { PromotionRow } from './promotions';

export const EXPORT_FORMAT = 'damabwa-member-export/1';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Every page of a paged list. */
async function allPages<T>(read: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; ; page++) {
    const answer = await read({ page, pageSize: 100 });
    out.push(...answer.items);
    if (answer.isLastPage || answer.items.length === 0) return out;
  }
}

async function profileOf(db: Queryable, me: Principal) {
  const m = await getMember(db, me.id);
  const [extra] = await db.query<{
    signup_sources: string[];
    registered_at: Date | null;
    kakao_age_range: string | null;
  }>('select signup_sources, registered_at, kakao_age_range from members where id = $1', [me.id]);
  return {
    id: m.id,
    loginType: 'KAKAO',
    kakaoAccountId: m.kakao_id,
    kakaoAgeRange: extra?.kakao_age_range ?? null,
    type: m.type,
    roles: m.roles,
    nickname: m.nickname,
    gender: m.gender,
    instagramId: m.instagram_id,
    profileImage: m.profile_image ? answerImage(m.profile_image) : null,
    signupSources: extra?.signup_sources ?? [],
    createdAt: m.created_at.toISOString(),
    registeredAt: iso(extra?.registered_at ?? null),
  };
}

async function photographerPageOf(db: Queryable, memberId: number) {
  const [p] = await db.query<{
    main_photography_types: string[];
    regions: string[];
    portfolio: Image[];
    address: unknown;
    contact_link: string | null;
    description: string;
    save_count: number;
    created_at: Date;
    updated_at: Date;
    hidden_at: Date | null;
    hidden_reason: string | null;
  }>(
    `select main_photography_types, regions, portfolio, address, contact_link, description, save_count,
            created_at, updated_at, hidden_at, hidden_reason
       from photographer_pages where member_id = $1`,
    [memberId],
  );
  if (!p) return null;
  return {
    mainPhotographyTypes: p.main_photography_types,
    regions: p.regions,
    portfolio: answerImages(p.portfolio),
    address: p.address,
    contactLink: p.contact_link,
    description: p.description,
    saveCount: p.save_count,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
    hiddenAt: iso(p.hidden_at),
    hiddenReason: p.hidden_reason,
  };
}

async function uploadsOf(db: Queryable, memberId: number) {
  const rows = await db.query<{
    kind: string;
    storage_key: string;
    original_name: string;
    content_type: string;
    byte_size: number;
    width: number;
    height: number;
    created_at: Date;
    last_used_at: Date;
  }>(
    `select kind, storage_key, original_name, content_type, byte_size, width, height, created_at, last_used_at
       from files where owner_id = $1 order by id`,
    [memberId],
  );
  return rows.map((f) => ({
    kind: f.kind,
    // Application photos have no public address: they are in the applications below, behind sign-in.
    url: f.kind === 'APPLICATION_IMAGE' ? null : pictureUrl(f.storage_key),
    originalName: f.original_name,
    contentType: f.content_type,
    byteSize: f.byte_size,
    width: f.width,
    height: f.height,
    uploadedAt: f.created_at.toISOString(),
    lastUsedAt: f.last_used_at.toISOString(),
  }));
}

async function savesOf(db: Queryable, memberId: number) {
  const [events, photographers] = await Promise.all([
    db.query<{ promotion_id: number; title: string; created_at: Date }>(
      `select s.promotion_id, p.title, s.created_at from promotion_saves s join promotions p on p.id = s.promotion_id
        where s.member_id = $1 order by s.created_at desc`,
      [memberId],
    ),
    db.query<{ photographer_id: number; nickname: string; created_at: Date }>(
      `select s.photographer_id, m.nickname, s.created_at from photographer_saves s join members m on m.id = s.photographer_id
        where s.member_id = $1 order by s.created_at desc`,
      [memberId],
    ),
  ]);
  return {
    events: events.map((s) => ({ eventId: s.promotion_id, title: s.title, savedAt: s.created_at.toISOString() })),
    photographers: photographers.map((s) => ({
      photographerId: s.photographer_id,
      nickname: s.nickname,
      savedAt: s.created_at.toISOString(),
    })),
  };
}

async function eventsOf(db: Queryable, memberId: number) {
  // The event as the service reads it, with the times and moderation it keeps about it.
  const rows = await db.query<
    Omit<PromotionRow, 'author_id'> & {
      created_at: Date;
      updated_at: Date;
      deleted_at: Date | null;
      hidden_at: Date | null;
      hidden_reason: string | null;
    }
  >(
    `select id, promotion_type, title, content, external_link, started_at::text as started_at, ended_at::text as ended_at,
            photography_types, regions, hashtags, images, view_count, save_count, is_author_hidden, apply_mode,
            capacity, show_places_left, asks_instagram, asks_photos, selected_count, created_at, updated_at,
            deleted_at, hidden_at, hidden_reason
       from promotions where author_id = $1 order by id`,
    [memberId],
  );
  return rows.map((p) => ({
    id: p.id,
    promotionType: p.promotion_type,
    title: p.title,
    content: p.content,
    externalLink: p.external_link,
    startedAt: p.started_at,
    endedAt: p.ended_at,
    photographyTypes: p.photography_types,
    regions: p.regions,
    hashtags: p.hashtags,
    images: answerImages(p.images),
    viewCount: p.view_count,
    saveCount: p.save_count,
    authorHidden: p.is_author_hidden,
    applyMode: p.apply_mode,
    capacity: p.capacity,
    showPlacesLeft: p.show_places_left,
    asksInstagram: p.asks_instagram,
    asksPhotos: p.asks_photos,
    selectedCount: p.selected_count,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
    // Deleted by the author (kept until withdrawal) or hidden by an admin (with the reason given).
    deletedAt: p.hidden_at ? null : iso(p.deleted_at),
    hiddenAt: iso(p.hidden_at),
    hiddenReason: p.hidden_reason,
  }));
}

async function applicationsSentOf(db: Queryable, me: Principal) {
  const mine = await allPages((page) => listMine(db, me, page));
  const history = await db.query<{
    application_id: number;
    from_status: string | null;
    to_status: string;
    actor_role: string;
    at: Date;
  }>(
    `select h.application_id, h.from_status, h.to_status, h.actor_role, h.at
       from application_history h join applications a on a.id = h.application_id
      where a.applicant_id = $1 order by h.id`,
    [me.id],
  );
  return mine.map((a) => ({
    ...a,
    history: history
      .filter((h) => h.application_id === a.id)
      .map((h) => ({ from: h.from_status, to: h.to_status, by: h.actor_role, at: h.at.toISOString() })),
  }));
}

/** Applications to the member's events, as the author sees them, grouped by event. */
async function applicationsReceivedOf(db: Queryable, me: Principal) {
  const events = await db.query<{ id: number; title: string }>(
    `select p.id, p.title from promotions p
      where p.author_id = $1 and exists (select 1 from applications a where a.promotion_id = p.id)
      order by p.id`,
    [me.id],
  );
  const out: { event: { id: number; title: string }; applications: ApplicationResponse[] }[] = [];
  for (const e of events) {
    const applications = await allPages((page) => listForAuthor(db, me, e.id, null, page));
    out.push({ event: { id: e.id, title: e.title }, applications });
  }
  return out;
}

async function reportsOf(db: Queryable, memberId: number) {
  const rows = await db.query<{
    target_type: string;
    target_id: number;
    reason: string;
    detail: string;
    created_at: Date;
    resolved_at: Date | null;
    resolution: string | null;
  }>(
    `select target_type, target_id, reason, detail, created_at, resolved_at, resolution
       from reports where reporter_id = $1 order by id`,
    [memberId],
  );
  return rows.map((r) => ({
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    detail: r.detail,
    reportedAt: r.created_at.toISOString(),
    resolvedAt: iso(r.resolved_at),
    resolution: r.resolution,
  }));
}

async function sessionsOf(db: Queryable, memberId: number) {
  const rows = await db.query<{
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    revoked_at: Date | null;
  }>('select created_at, expires_at, used_at, revoked_at from refresh_tokens where member_id = $1 order by id', [
    memberId,
  ]);
  return rows.map((t) => ({
    issuedAt: t.created_at.toISOString(),
    expiresAt: t.expires_at.toISOString(),
    usedAt: iso(t.used_at),
    revokedAt: iso(t.revoked_at),
  }));
}

async function viewsOf(db: Queryable, memberId: number, table: 'promotion_views' | 'promotion_clicks') {
  const rows = await db.query<{ promotion_id: number; day: string }>(
    `select promotion_id, day::text as day from ${table} where viewer = $1 order by day, promotion_id`,
    [memberViewerKey(memberId)],
  );
  return rows.map((v) => ({ eventId: v.promotion_id, day: v.day }));
}

async function moderationActionsOf(db: Queryable, memberId: number) {
  const rows = await db.query<{
    action: string;
    target_type: string;
    target_id: number;
    reason: string;
    reports: number;
    created_at: Date;
  }>(
    `select action, target_type, target_id, reason, reports, created_at from moderation_log
      where admin_id = $1 order by id`,
    [memberId],
  );
  return rows.map((r) => ({
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    reports: r.reports,
    at: r.created_at.toISOString(),
  }));
}

/** The browsers that show the member's push (Web Push, issue 42): which push service and since when. */
async function pushBrowsersOf(db: Queryable, memberId: number) {
  const rows = await db.query<{ endpoint: string; created_at: Date }>(
    'select endpoint, created_at from push_subscriptions where member_id = $1 order by id',
    [memberId],
  );
  return rows.map((r) => ({ pushService: new URL(r.endpoint).host, subscribedAt: r.created_at.toISOString() }));
}

/** The whole export of the calling member. */
export async function exportMemberData(db: Queryable, me: Principal, now = new Date()) {
  const profile = await profileOf(db, me);
  const [reviewsWritten, reviewsReceived, notifications, notificationSettings] = await Promise.all([
    allPages((page) => listMyReviews(db, me, page)),
    // The reviews of their shoots as anyone sees them (none without a shown photographer page).
    allPages((page) => listPhotographerReviews(db, me.id, page)).catch(() => []),
    allPages((page) => notificationsOf(db, me, page)),
    notificationSettingsOf(db, me.id),
  ]);
  const [
    photographerPage,
    uploads,
    saves,
    events,
    sent,
    received,
    reports,
    consents,
    sessions,
    views,
    clicks,
    moderation,
    pushBrowsers,
  ] = await Promise.all([
    photographerPageOf(db, me.id),
    uploadsOf(db, me.id),
    savesOf(db, me.id),
    eventsOf(db, me.id),
    applicationsSentOf(db, me),
    applicationsReceivedOf(db, me),
    reportsOf(db, me.id),
    consentsOf(db, me.id),
    sessionsOf(db, me.id),
    viewsOf(db, me.id, 'promotion_views'),
    // Apply-link clicks (issue 43): kept, like views, for today and yesterday only.
    viewsOf(db, me.id, 'promotion_clicks'),
    moderationActionsOf(db, me.id),
    pushBrowsersOf(db, me.id),
  ]);
  return {
    format: EXPORT_FORMAT,
    service: '담아봐',
    exportedAt: now.toISOString(),
    notice:
      '담아봐가 가진 회원님의 정보 전체예요. 신청 사진은 로그인한 상태에서만 열리는 주소로 들어 있어요. 받은 신청에는 작가로서 보던 만큼만 담겨 있어요.',
    profile,
    photographerPage,
    uploads,
    saves,
    events,
    applicationsSent: sent,
    applicationsReceived: received,
    reviewsWritten,
    reviewsReceived,
    reports,
    notifications,
    notificationSettings,
    pushBrowsers,
    consents: consents.consents,
    sessions,
    eventViews: views,
    applyLinkClicks: clicks,
    moderationActions: moderation,
  };
}

export type MemberExport = Awaited<ReturnType<typeof exportMemberData>>;

/** The file name the browser saves it as: `damabwa-my-data-2026-11-27.json`. */
export function exportFileName(now = new Date()): string {
  const kst = new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  return `damabwa-my-data-${kst}.json`;
}
