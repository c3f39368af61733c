/**
 * Look-alike nicknames at the database: the unique index of migration 6 compares ignoring case and
 * spaces, and migrating a database that already holds look-alikes keeps the oldest and renames the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { loadMigrations } from '#server/db/migrations';
import { isNicknameTaken } from '#server/services/members';
import { insertMember, openTestDb } from '../support/db';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

const tag = () => Math.random().toString(36).slice(2, 7);

describe('nickname uniqueness', () => {
  it('refuses a look-alike in the database itself (case and spaces ignored), keeping the typed form', async () => {
    const t = tag();
    const first = await insertMember(db, { nickname: `Kim${t}` });
    await expect(insertMember(db, { nickname: `kim${t}` })).rejects.toMatchObject({ code: '23505' });
    await expect(insertMember(db, { nickname: `K im${t.toUpperCase()}` })).rejects.toMatchObject({ code: '23505' });
    const rows = await db.query<{ nickname: string }>('select nickname from members where id = $1', [first.id]);
    expect(rows[0]?.nickname).toBe(`Kim${t}`);
    expect(await isNicknameTaken(db, `KIM${t.toUpperCase()}`)).toBe(true);
    expect(await isNicknameTaken(db, `ki m${t}`)).toBe(true);
    expect(await isNicknameTaken(db, `kim${t}`, first.id)).toBe(false);
  });

  it('migrates existing look-alikes safely: the oldest keeps the name, the others get "#id"', async () => {
    const old = await openPglite('memory://');
    try {
      await migrate(
        old,
        loadMigrations().filter((m) => m.id < 6),
      );
      const insert = async (nickname: string) =>
        (
          await old.query<{ id: number }>(`insert into members (kakao_id, nickname) values ($1, $2) returning id`, [
            `k-${nickname}-${Math.random()}`,
            nickname,
          ])
        )[0]?.id as number;
      const a = await insert('Kim455');
      const b = await insert('kim455');
      const c = await insert('담아 스냅');
      const d = await insert('담아스냅');
      const e = await insert('혼자');
      await migrate(old);
      const rows = await old.query<{ id: number; nickname: string }>('select id, nickname from members order by id');
      expect(rows).toEqual([
        { id: a, nickname: 'Kim455' },
        { id: b, nickname: `kim455#${b}` },
        { id: c, nickname: '담아 스냅' },
        { id: d, nickname: `담아스냅#${d}` },
        { id: e, nickname: '혼자' },
      ]);
      await expect(insert('KIM455')).rejects.toMatchObject({ code: '23505' });
    } finally {
      await old.close();
    }
  });
});
