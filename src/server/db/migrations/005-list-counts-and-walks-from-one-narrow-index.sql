-- list counts and walks from one narrow index

-- A list page counts its matches (kept a few seconds) and walks id order for its rows. Both read the
-- table's rows, about 1.3 KB each with the search grams: counting 100k events read 134 MB (150-450 ms on
-- PGlite). This index holds what the filters test besides the keyword, about 170 bytes a row, in id
-- order: counts and walks read it alone (an index-only scan once vacuum has marked the pages visible),
-- and fetch the wide rows only for the page. It replaces promotions_latest_idx (same key and predicate).
create index promotions_list_idx on promotions (id desc)
  include (promotion_type, started_at, ended_at, photography_types, region_categories, regions)
  where deleted_at is null;
drop index promotions_latest_idx;
