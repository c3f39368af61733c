-- a photographer's public events: newest first by author

-- GET /photographers/{id}/promotions and the photographer page: one author's events that name their
-- author, newest first, split by ended_at (current and upcoming, or ended). The walk reads this author's
-- entries only, and ended_at in the index answers the split and its counts without the table rows.
create index promotions_author_public_idx on promotions (author_id, id desc) include (ended_at)
  where deleted_at is null and not is_author_hidden;
