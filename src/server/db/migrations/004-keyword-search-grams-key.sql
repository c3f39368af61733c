-- keyword search: grams index on an expression the planner knows to be expensive

-- A row's grams array is large, compressed and stored out of line: testing it on every row of a scan costs
-- about a hundred times what the planner assumes for an array operator, so with the plain column indexed
-- it picked table scans (1 s at 100k events) where the grams index answers in milliseconds. The index is
-- now on search_grams_key(search_grams), the identity marked as costly: a query that names it is costed
-- honestly and served by the index. (A plpgsql function, so the planner does not inline it away.)
create function search_grams_key(grams text[]) returns text[] language plpgsql immutable strict parallel safe cost 10000
  as $$ begin return grams; end $$;
drop index promotions_grams_idx;
create index promotions_grams_idx on promotions using gin (search_grams_key(search_grams)) where deleted_at is null;
drop index photographer_pages_grams_idx;
create index photographer_pages_grams_idx on photographer_pages using gin (search_grams_key(search_grams)) where description <> '';
analyze promotions;
analyze photographer_pages;
