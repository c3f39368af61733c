-- moderation log names targets: what each target was called when the admin acted, kept after a delete

-- An event's title, a photographer's or member's nickname, a review's first 40 characters, as they were
-- at the action: a deleted event, a withdrawn member or a removed review is still named in /admin.
alter table moderation_log add column target_label text;
-- Rows written before this migration: named by what is still there (null when it is gone).
update moderation_log l set target_label = p.title
  from promotions p where l.target_type = 'PROMOTION' and p.id = l.target_id;
update moderation_log l set target_label = m.nickname
  from members m where l.target_type in ('PHOTOGRAPHER', 'MEMBER') and m.id = l.target_id;
update moderation_log l set target_label = left(r.text, 40)
  from reviews r where l.target_type = 'REVIEW' and r.id = l.target_id;
