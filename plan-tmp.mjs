import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/prof/dbcopy');
await db.waitReady;
const inner = `select p.*, m.nickname as a_nickname, m.profile_image as a_profile_image, m.roles as a_roles,
            m.instagram_id as a_instagram_id, false as is_saved
       from (select p.id, p.author_id, p.promotion_type, p.title, p.started_at, p.ended_at, p.photography_types,
  p.regions, p.hashtags, p.images, p.save_count, p.is_author_hidden from promotions p
              where p.deleted_at is null
              order by p.id desc
              limit $1 offset $2) p
       join members m on m.id = p.author_id
      order by p.id desc`;
const variants = { rows: inner, json: `select coalesce(json_agg(t), '[]') as j from (${inner}) t`, jsontext: `select coalesce(json_agg(t), '[]')::text as j from (${inner}) t` };
for (const [name, sql] of Object.entries(variants)) {
  for (let i = 0; i < 300; i++) await db.query(sql, [10, 0]);
  const t = performance.now();
  let r;
  for (let i = 0; i < 3000; i++) { r = await db.query(sql, [10, 0]); if (name === 'jsontext') JSON.parse(r.rows[0].j); }
  console.log(name, ((performance.now() - t) / 3000).toFixed(3));
}
console.log(Object.values((await db.query(inner, [1,0])).rows[0]).map(v => typeof v + ':' + (v instanceof Date)).join(' '));
