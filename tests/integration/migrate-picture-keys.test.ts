/**
 * Migration 010 on a database written before it: pictures held as absolute URLs (two origins, S3) become
 * storage keys, exactly (foreign URLs, app paths, names and order untouched) and once (a second run
 * changes nothing). PGlite by default; a fresh PostgreSQL database in the PostgreSQL pass.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { loadMigrations } from '#server/db/migrations';

const all = loadMigrations();
const before = all.filter((m) => m.id < 10);
const m010 = all.find((m) => m.id === 10);

const hash = (c: string) => c.repeat(64);
const key = (c: string) => `${c}${c}/${hash(c)}.webp`;
const thumb = (c: string) => `${c}${c}/${hash(c)}_480.webp`;

let cleanup: (() => Promise<void>) | null = null;

/** An empty database of its own (a throwaway PostgreSQL database, or PGlite in memory). */
async function freshDb(): Promise<Db> {
  const url = process.env['DATABASE_URL'];
  if (!url) return openPglite('memory://');
  const admin = await openPostgres(url);
  const name = `pic_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const db = await openPostgres(url.replace(/\/[^/?]+(\?.*)?$/, `/${name}`));
  cleanup = async () => {
    await db.close();
    await admin.query(`drop database ${name}`);
    await admin.close();
  };
  return db;
}

afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

async function member(db: Db, nickname: string, profile: unknown): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into members (kakao_id, type, roles, nickname, profile_image, registered_at)
     values ($1, 'PHOTOGRAPHER', '{PHOTOGRAPHER,USER}', $1, $2::jsonb, now()) returning id`,
    [nickname, profile === null ? null : JSON.stringify(profile)],
  );
  return (rows[0] as { id: number }).id;
}

async function file(db: Db, owner: number, c: string, base: string): Promise<string> {
  const url = `${base}/${key(c)}`;
  await db.query(
    `insert into files (owner_id, kind, storage_key, thumb_key, url, thumb_url, original_name, content_type,
                        byte_size, width, height)
     values ($1, 'PROMOTION_IMAGE', $2, $3, $4, $5, 'x.jpg', 'image/webp', 10, 4, 3)`,
    [owner, key(c), thumb(c), url, `${base}/${thumb(c)}`],
  );
  return url;
}

describe('migration 010: pictures as storage keys', () => {
  it('turns issued URLs into keys in profiles, portfolios and events, and leaves everything else', async () => {
    expect(m010?.name).toBe('pictures stored as storage keys, not absolute URLs');
    const db = await freshDb();
    expect((await migrate(db, before)).map((m) => m.id)).toEqual(before.map((m) => m.id));

    const a = await member(db, 'old-a', null);
    const b = await member(db, 'old-b', { name: '외부.jpg', url: 'https://elsewhere.example/aa/x.webp' });
    const profileUrl = await file(db, a, 'a', 'https://old.example/media');
    const p1 = await file(db, a, 'b', 'https://old.example/media');
    const p2 = await file(db, a, 'c', 'https://bucket.s3.example/damabwa');
    const e1 = await file(db, b, 'd', 'http://localhost:4321/media');
    // The same picture uploaded by two members: two rows, one key.
    await file(db, b, 'b', 'https://old.example/media');
    await db.query('update members set profile_image = $2::jsonb where id = $1', [
      a,
      JSON.stringify({ name: '프로필.jpg', url: profileUrl }),
    ]);
    const portfolio = [
      { name: '1.jpg', url: p1 },
      { name: '데모', url: '/media/test/7.webp' },
      { name: '2.jpg', url: p2 },
      // Our key's shape on a host we never used, and no files row: not ours, kept.
      { name: '남의 것', url: `https://cdn.other.example/${key('e')}` },
    ];
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, portfolio) values ($1, '{SNAP}', $2::jsonb)`,
      [a, JSON.stringify(portfolio)],
    );
    const images = [
      { name: 'banner.jpg', url: e1 },
      { name: 'again.jpg', url: p1 },
    ];
    const event = await db.query<{ id: number }>(
      `insert into promotions (author_id, promotion_type, title, content, external_link, started_at, ended_at,
          photography_types, regions, region_categories, hashtags, images)
       values ($1, 'FREE', 't', 'c', 'https://x.example', '2026-01-01', '2026-01-02', '{SNAP}', '{}', '{}', '{}',
               $2::jsonb), ($1, 'FREE', 'u', 'c', 'https://x.example', '2026-01-01', '2026-01-02', '{SNAP}', '{}',
               '{}', '{}', '[]'::jsonb) returning id`,
      [b, JSON.stringify(images)],
    );

    // Migration 10 and the ones that came after it.
    expect((await migrate(db)).map((m) => m.id)[0]).toBe(10);

    const read = async () => ({
      members: await db.query('select id, profile_image from members order by id'),
      pages: await db.query('select member_id, portfolio from photographer_pages order by member_id'),
      events: await db.query('select id, images from promotions order by id'),
      files: await db.query('select owner_id, storage_key, thumb_key from files order by id'),
    });
    const after = await read();
    expect(after.members).toEqual([
      { id: a, profile_image: { name: '프로필.jpg', url: key('a') } },
      { id: b, profile_image: { name: '외부.jpg', url: 'https://elsewhere.example/aa/x.webp' } },
    ]);
    expect(after.pages).toEqual([
      {
        member_id: a,
        portfolio: [
          { name: '1.jpg', url: key('b') },
          { name: '데모', url: '/media/test/7.webp' },
          { name: '2.jpg', url: key('c') },
          { name: '남의 것', url: `https://cdn.other.example/${key('e')}` },
        ],
      },
    ]);
    expect(after.events).toEqual([
      {
        id: event[0]?.id,
        images: [
          { name: 'banner.jpg', url: key('d') },
          { name: 'again.jpg', url: key('b') },
        ],
      },
      { id: event[1]?.id, images: [] },
    ]);
    // The files table keeps keys only; its URL columns (and their index) are gone.
    expect(after.files).toHaveLength(5);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'files' and column_name like '%url%'`,
    );
    expect(columns).toEqual([]);

    // Idempotent: the same SQL again changes nothing.
    await db.exec(m010?.sql ?? '');
    expect(await read()).toEqual(after);
    if (!cleanup) await db.close();
  });
});
