/**
 * A migrated database for service tests: PGlite in memory by default, the PostgreSQL server of
 * DATABASE_URL in the PostgreSQL pass (shared: tests create their own rows and never assume an empty table).
 */
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import { openPostgres } from '#server/db/client';
import { openDatabase, type Db } from '#server/db/index';
import type { PromotionInput } from '#server/services/promotions';

export async function openTestDb(): Promise<Db> {
  return openDatabase({ databaseUrl: process.env['DATABASE_URL'] || null, pgliteDir: 'memory://' });
}

/**
 * A migrated database of the caller's own, for tests that fill tables other tests list (thousands of
 * photographers): PGlite in memory, or in the PostgreSQL pass a new database beside DATABASE_URL's,
 * dropped by `close`.
 */
export async function openOwnTestDb(prefix: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    const db = await openTestDb();
    return { db, close: () => db.close() };
  }
  const admin = await openPostgres(url);
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const db = await openDatabase({ databaseUrl: url.replace(/\/[^/?]+(\?.*)?$/, `/${name}`), pgliteDir: 'memory://' });
  return {
    db,
    close: async () => {
      await db.close();
      await admin.query(`drop database ${name}`);
      await admin.close();
    },
  };
}

let seq = 0;
/** Inserts a registered member directly (service tests do not need the sign-in flow). */
export async function insertMember(
  db: Db,
  opts: { roles?: string[]; type?: string; nickname?: string } = {},
): Promise<{ id: number; type: string; roles: string[]; nickname: string }> {
  seq++;
  const nickname = opts.nickname ?? `m${process.pid % 1000}${Date.now() % 100000}${seq}`.slice(0, 18);
  const roles = opts.roles ?? ['USER'];
  const type = opts.type ?? (roles.includes('PHOTOGRAPHER') ? 'PHOTOGRAPHER' : 'USER');
  const rows = await db.query<{ id: number }>(
    `insert into members (kakao_id, type, roles, nickname, gender, registered_at)
     values ($1, $2, $3, $4, 'FEMALE', now()) returning id`,
    [`test-${process.pid}-${Date.now()}-${seq}-${Math.random()}`, type, roles, nickname],
  );
  return { id: (rows[0] as { id: number }).id, type, roles, nickname };
}

/** A registered member inserted directly, as the services take the caller. */
export async function insertPrincipal(
  db: Db,
  roles: ('USER' | 'PHOTOGRAPHER' | 'ADMIN')[] = ['USER'],
  nickname?: string,
): Promise<Principal> {
  const m = await insertMember(db, { roles, ...(nickname ? { nickname } : {}) });
  return { id: m.id, type: roles.includes('PHOTOGRAPHER') ? 'PHOTOGRAPHER' : 'USER', roles, nickname: m.nickname };
}

/** A photographer with a listed page (in 서울 강남구, shooting 스냅). */
export async function insertPhotographer(db: Db): Promise<Principal> {
  const p = await insertPrincipal(db, ['PHOTOGRAPHER', 'USER']);
  await db.query(
    `insert into photographer_pages (member_id, main_photography_types, regions, region_categories, description)
     values ($1, '{SNAP}', '{서울 강남구}', '{서울}', '소개')`,
    [p.id],
  );
  return p;
}

/** The KST date `offset` days from today. */
export const kstDay = (offset: number): string => todayKst(Date.now() + offset * 86_400_000);

/**
 * An event as the services take it: free, open from today for ten days, taking up to five applications
 * on 담아봐 with nothing asked beyond the introduction. Each test names what it depends on in `patch`.
 */
export function promotionInput(patch: Partial<PromotionInput> = {}): PromotionInput {
  return {
    promotionType: 'FREE',
    title: '가족 스냅 무료 촬영',
    content: '신청해 주세요',
    externalLink: '',
    startedAt: kstDay(0),
    endedAt: kstDay(10),
    photographyTypes: ['SNAP'],
    images: [{ name: 'a.webp', url: '/media/a.webp' }],
    activeRegions: [{ category: '서울', name: '강남구' }],
    hashtags: ['가족'],
    isAuthorHidden: false,
    applyMode: 'IN_APP',
    capacity: 5,
    showPlacesLeft: false,
    asksInstagram: false,
    asksPhotos: false,
    ...patch,
  };
}
