-- keyword search: an index of the heads' grams (titles and names), for suggestions

-- A suggestion names a title or a name that holds every word typed. When the newest open events (the most
-- saved photographers) hold too few, they are looked up through the grams index, which holds every line
-- of a row: a syllable rare in names but common in descriptions (`가` at 100k photographers) fetched
-- nearly every page before ten named one (224 ms). The heads' own grams (lines 1 and 2 of the search
-- text: the title or name, and its initials; unigrams and bigrams without spaces, as
-- src/server/search/grams.ts writes them) are indexed here, computed from the stored text, so no writer
-- changes. Marked costly, like search_grams_key (migration 004), so the planner uses the index rather than
-- compute it row by row; tested against the application's grams in tests/integration/search-head-grams.test.ts.
create function search_head_grams(t text) returns text[] language sql immutable strict parallel safe cost 10000 as $$
  select coalesce(array_agg(distinct substr(l, i, n)), '{}')
    from unnest(array[replace(split_part(t, E'\n', 1), ' ', ''), replace(split_part(t, E'\n', 2), ' ', '')]) as l,
         generate_series(1, char_length(l)) as i,
         (values (1), (2)) as v(n)
   where i + n - 1 <= char_length(l)
$$;
create index promotions_head_grams_idx on promotions using gin (search_head_grams(search_text)) where deleted_at is null;
create index photographer_pages_head_grams_idx on photographer_pages using gin (search_head_grams(search_text))
  where description <> '';
analyze promotions;
analyze photographer_pages;
