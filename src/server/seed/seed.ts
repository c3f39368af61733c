/**
 * Writes the demo data set to an empty database (idempotent: a second run finds the demo accounts and
 * does nothing), and generates large data sets for benchmarks.
 */
import type { FileType, Image, MemberType } from '#lib/domain';
import type { Db, Queryable } from '#server/db/index';
import { standInKakaoId } from '#server/kakao/stand-in';
import { storedImage, storedImages } from '#server/media/pictures';
import { todayKst } from '#lib/deadline';
import { regionColumns } from '#lib/regions';
import { photographerSearchDocument } from '#server/search/grams';
import { recordConsents, registrationConsents } from '#server/services/consents';
import { refreshPhotographerSearch } from '#server/services/photographers';
import { insertEvents, insertEventsStatement, type EventRow } from '#server/services/promotion-rows';
import { countSeededRows } from '#server/services/statistics-counters';
import { withIndexesRebuilt } from './bulk-load';
import { rng, SEED_MEMBERS, seedEvents, seedPhotographers, type SeedEvent } from './demo-data';

/** Makes one stored image owned by a member (the upload pipeline in production seeds). */
export type ImageMaker = (ownerId: number, kind: FileType, seed: number) => Promise<Image>;

export interface SeedOptions {
  photographers?: number;
  events?: number;
  now?: number;
}

export interface SeedReport {
  skipped: boolean;
  members: number;
  photographers: number;
  events: number;
  saves: number;
}

const addDays = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function insertMember(
  db: Queryable,
  m: {
    account: string;
    nickname: string;
    gender: string;
    type: Exclude<MemberType, 'UNDEFINED'>;
    roles: string[];
    instagramId?: string | null;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into members (kakao_id, type, roles, nickname, gender, instagram_id, registered_at, signup_sources)
     values ($1, $2, $3, $4, $5, $6, now(), $7) returning id`,
    [standInKakaoId(m.account), m.type, m.roles, m.nickname, m.gender, m.instagramId ?? null, ['OTHER']],
  );
  const id = (rows[0] as { id: number }).id;
  // Demo members agreed at sign-up like any member: the required documents in force, recorded.
  await recordConsents(db, id, registrationConsents({}, m.type), 'SIGNUP');
  return id;
}

export async function isSeeded(db: Queryable): Promise<boolean> {
  const rows = await db.query('select 1 from members where kakao_id = $1', [standInKakaoId('demo-user')]);
  return rows.length > 0;
}

export async function seedDemoData(db: Db, makeImage: ImageMaker, options: SeedOptions = {}): Promise<SeedReport> {
  const report: SeedReport = { skipped: false, members: 0, photographers: 0, events: 0, saves: 0 };
  if (await isSeeded(db)) return { ...report, skipped: true };
  const today = todayKst(options.now);
  const r = rng(42);
  let imageSeed = 1;

  const memberIds: number[] = [];
  for (const m of SEED_MEMBERS) {
    memberIds.push(await insertMember(db, { ...m, type: 'USER', roles: [...m.roles] }));
    report.members++;
  }

  const photographers = seedPhotographers(options.photographers ?? 26);
  const photographerIds: number[] = [];
  for (const p of photographers) {
    const id = await insertMember(db, {
      account: p.account,
      nickname: p.nickname,
      gender: p.gender,
      type: 'PHOTOGRAPHER',
      roles: ['PHOTOGRAPHER', 'USER'],
      instagramId: p.instagramId,
    });
    const profileSeed = imageSeed++;
    const portfolioSeeds = Array.from({ length: 3 + (photographerIds.length % 4) }, () => imageSeed++);
    const [profile, ...portfolio] = (await Promise.all([
      makeImage(id, 'USER_PROFILE_IMAGE', profileSeed),
      ...portfolioSeeds.map((seed) => makeImage(id, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', seed)),
    ])) as [Image, ...Image[]];
    await db.query('update members set profile_image = $2::jsonb where id = $1', [
      id,
      JSON.stringify(storedImage(profile)),
    ]);
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, regions, region_categories, portfolio,
          address, contact_link, description, created_at)
       values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, now() - ($9 || ' hours')::interval)`,
      [
        id,
        p.types,
        regionColumns(p.regions).keys,
        regionColumns(p.regions).categories,
        JSON.stringify(storedImages(portfolio)),
        p.address ? JSON.stringify(p.address) : null,
        `https://open.kakao.com/o/demo${photographerIds.length + 1}`,
        p.description,
        String(photographers.length - photographerIds.length),
      ],
    );
    await refreshPhotographerSearch(db, id);
    photographerIds.push(id);
    report.photographers++;
  }

  const events = seedEvents(options.events ?? 60, photographerIds.length);
  // Pictures are made a few events at a time (the pipeline bounds its own concurrency); rows go in order
  // so ids are stable (the home banner links to event 8).
  const eventImages: Image[][] = [];
  for (let i = 0; i < events.length; i += 6) {
    const chunk = events.slice(i, i + 6);
    const seeds = chunk.map((e) => Array.from({ length: e.imageCount }, () => imageSeed++));
    eventImages.push(
      ...(await Promise.all(
        chunk.map((e, k) =>
          Promise.all(
            (seeds[k] as number[]).map((seed) =>
              makeImage(photographerIds[e.authorIndex] as number, 'PROMOTION_IMAGE', seed),
            ),
          ),
        ),
      )),
    );
  }
  const eventIds: number[] = [];
  for (const [i, e] of events.entries()) {
    eventIds.push(await insertEvent(db, photographerIds[e.authorIndex] as number, e, eventImages[i] ?? [], today));
    report.events++;
  }

  // Saves: the demo user saved a handful; everyone else saved at random, so POPULAR differs from LATEST.
  const savers = [...memberIds, ...photographerIds];
  for (const memberId of savers) {
    const isDemoUser = memberId === memberIds[0];
    for (const id of eventIds) {
      if (r() < (isDemoUser ? 0.12 : 0.08 + (id % 7) * 0.02)) {
        await db.query('insert into promotion_saves (member_id, promotion_id) values ($1, $2) on conflict do nothing', [
          memberId,
          id,
        ]);
        report.saves++;
      }
    }
    for (const id of photographerIds) {
      if (id !== memberId && r() < (isDemoUser ? 0.2 : 0.1)) {
        await db.query(
          'insert into photographer_saves (member_id, photographer_id) values ($1, $2) on conflict do nothing',
          [memberId, id],
        );
        report.saves++;
      }
    }
  }
  await recountSaves(db);
  // The statistics of what was just written (decision 026: the services count, the seed does not).
  await countSeededRows(db);
  return report;
}

/** An event row of the demo data, as the service would write it. */
function eventRowOf(authorId: number, e: SeedEvent, images: Image[], today: string): EventRow {
  const startedAt = addDays(today, e.startOffsetDays);
  return {
    authorId,
    promotionType: e.promotionType,
    title: e.title,
    content: e.content,
    externalLink: `https://forms.gle/damabwa-event-${authorId}`,
    startedAt,
    endedAt: addDays(startedAt, e.lengthDays),
    photographyTypes: e.types,
    activeRegions: e.regions,
    hashtags: e.hashtags,
    images,
    isAuthorHidden: e.isAuthorHidden,
  };
}

async function insertEvent(
  db: Queryable,
  authorId: number,
  e: SeedEvent,
  images: Image[],
  today: string,
): Promise<number> {
  const row = {
    ...eventRowOf(authorId, e, images, today),
    viewCount: Math.floor(e.title.length * 13 + e.hashtags.length * 7),
  };
  const rows = await insertEvents<{ id: number }>(db, [row], 'id');
  return (rows[0] as { id: number }).id;
}

/** Makes every save counter equal to its rows (after bulk inserts). */
export async function recountSaves(db: Queryable): Promise<void> {
  await db.query(
    `update promotions p set save_count = coalesce(s.n, 0)
       from (select p2.id, count(ps.member_id)::int as n from promotions p2
               left join promotion_saves ps on ps.promotion_id = p2.id group by p2.id) s
      where s.id = p.id and p.save_count <> coalesce(s.n, 0)`,
  );
  await db.query(
    `update photographer_pages pp set save_count = coalesce(s.n, 0)
       from (select pp2.member_id, count(ps.member_id)::int as n from photographer_pages pp2
               left join photographer_saves ps on ps.photographer_id = pp2.member_id group by pp2.member_id) s
      where s.member_id = pp.member_id and pp.save_count <> coalesce(s.n, 0)`,
  );
}

/** On PostgreSQL, below this many new events (or fewer than the table holds) the indexes are kept. */
const REBUILD_INDEXES_FROM = 20_000;

/**
 * Benchmark data: `count` more events by the existing photographers, reusing their stored images,
 * inserted in batches (one statement per batch), the next batch built while the database writes this
 * one. A large load (decision 020; `rebuildIndexes` forces the choice) drops the table's secondary
 * indexes and builds them again after: on PostgreSQL, at least REBUILD_INDEXES_FROM events and no fewer
 * than the table holds.
 */
export async function generateEvents(
  db: Db,
  count: number,
  options: { batch?: number; now?: number; rebuildIndexes?: boolean } = {},
): Promise<number> {
  const authors = await db.query<{ id: number; images: Image[] }>(
    `select pp.member_id as id, pp.portfolio as images from photographer_pages pp order by pp.member_id`,
  );
  if (authors.length === 0) throw new Error('seed the demo data first: there are no photographers');
  const today = todayKst(options.now);
  const batch = options.batch ?? 1000;
  const rowsOf = (round: number, n: number): EventRow[] =>
    seedEvents(n, authors.length, 1000 + round).map((e) => {
      // Each batch's first event goes on where the last batch stopped: every photographer gets events.
      const author = authors[(e.authorIndex + round * batch) % authors.length] as { id: number; images: Image[] };
      // Benchmark events are never author-hidden.
      return { ...eventRowOf(author.id, e, author.images.slice(0, e.imageCount), today), isAuthorHidden: false };
    });
  const load = async (q: Queryable): Promise<number> => {
    let done = 0;
    let round = 0;
    let pending: Promise<unknown> = Promise.resolve();
    while (done < count) {
      const n = Math.min(batch, count - done);
      // The rows and their search documents are built here, while the database writes the previous batch.
      const { sql, params } = insertEventsStatement(rowsOf(round++, n));
      await pending;
      pending = q.query(sql, params);
      done += n;
    }
    await pending;
    return done;
  };
  const [{ n: existing } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from promotions');
  // PGlite writes through its indexes faster than it builds the grams index anew (decision 020).
  const rebuild =
    options.rebuildIndexes ?? (db.kind === 'postgres' && count >= REBUILD_INDEXES_FROM && count >= existing);
  const done = rebuild ? await withIndexesRebuilt(db, 'promotions', load) : await load(db);
  // Fresh statistics for the planner, and the pages marked all-visible (index-only counts), now rather
  // than when autovacuum (PostgreSQL only) gets to it.
  await db.query('vacuum analyze promotions');
  return done;
}

/**
 * Benchmark data: `count` more photographers (members with a listed page), after the ones there are,
 * named, typed and placed as the demo's are, showing the existing photographers' pictures, inserted
 * 1,000 a statement pair. The search documents are the services' own (`photographerSearchDocument`).
 */
export async function generatePhotographers(db: Db, count: number): Promise<number> {
  const shown = await db.query<{ profile: Image | null; portfolio: Image[] }>(
    `select m.profile_image as profile, pp.portfolio from photographer_pages pp join members m on m.id = pp.member_id
      order by pp.member_id`,
  );
  if (shown.length === 0) throw new Error('seed the demo data first: there are no photographers');
  const have = shown.length;
  const specs = seedPhotographers(have + count).slice(have);
  // Not a stand-in account (no one signs in as them), and unlike its hashed ids never one twice.
  const benchKakaoId = (p: { account: string }) => `bench-${p.account}`;
  const batch = 1_000;
  for (let from = 0; from < specs.length; from += batch) {
    const chunk = specs.slice(from, from + batch);
    const pictures = (i: number) => shown[(from + i) % have] as { profile: Image | null; portfolio: Image[] };
    const members = await db.query<{ id: number; kakao_id: string }>(
      `insert into members (kakao_id, type, roles, nickname, gender, instagram_id, profile_image, registered_at,
          signup_sources)
       select t.kakao_id, 'PHOTOGRAPHER', '{PHOTOGRAPHER,USER}', t.nickname, t.gender, t.instagram_id,
              t.profile_image, now(), '{OTHER}'
         from jsonb_to_recordset($1::jsonb)
           as t(kakao_id text, nickname text, gender text, instagram_id text, profile_image jsonb)
       returning id, kakao_id`,
      [
        JSON.stringify(
          chunk.map((p, i) => ({
            kakao_id: benchKakaoId(p),
            nickname: p.nickname,
            gender: p.gender,
            instagram_id: p.instagramId,
            profile_image: pictures(i).profile,
          })),
        ),
      ],
    );
    const idOf = new Map(members.map((m) => [m.kakao_id, m.id]));
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, regions, region_categories, portfolio,
          address, description, search_text, search_grams, created_at)
       select t.member_id, t.types, t.regions, t.categories, t.portfolio, t.address, t.description, t.search_text,
              t.search_grams, now() - make_interval(secs => t.age)
         from jsonb_to_recordset($1::jsonb)
           as t(member_id integer, types text[], regions text[], categories text[], portfolio jsonb, address jsonb,
                description text, search_text text, search_grams text[], age integer)`,
      [
        JSON.stringify(
          chunk.map((p, i) => {
            const doc = photographerSearchDocument(p);
            const columns = regionColumns(p.regions);
            return {
              member_id: idOf.get(benchKakaoId(p)),
              types: p.types,
              regions: columns.keys,
              categories: columns.categories,
              portfolio: pictures(i).portfolio,
              address: p.address,
              description: p.description,
              search_text: doc.text,
              search_grams: doc.grams,
              // Registered one a minute before the demo's, the newest first.
              age: (have + from + i) * 60,
            };
          }),
        ),
      ],
    );
  }
  await db.query('vacuum analyze members');
  await db.query('vacuum analyze photographer_pages');
  return specs.length;
}
