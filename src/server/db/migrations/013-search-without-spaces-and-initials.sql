-- keyword search: documents without spaces, with their head's initials; popular searches

-- Decision 024. A query now matches word by word in the text with its spaces taken out (`가족스냅` finds
-- `가족 스냅`), so a row's grams are those of its lines without spaces; the first line (an event's title,
-- a photographer's name) is followed by its initial consonants (`ㄱㅈㅅㄴ`) for initials search; and
-- characters that show nothing are gone. The application writes documents so (src/server/search/
-- grams.ts); this rebuilds the stored ones from their text, the same way. Its result is tested against
-- the application's (tests/integration/search-queries.test.ts). The functions are dropped after use.
create function search_013_initials(t text) returns text language sql immutable as $$
  select coalesce(string_agg(case when ascii(c) between 44032 and 55203
                                  then substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(c) - 44032) / 588 + 1, 1)
                                  else c end, '' order by i), '')
    from (select substr(replace(t, ' ', ''), i, 1) as c, i
            from generate_series(1, char_length(replace(t, ' ', ''))) as i) s
$$;

create function search_013_text(old text) returns text language sql immutable as $$
  with cleaned as (
    select btrim(regexp_replace(regexp_replace(regexp_replace(
             regexp_replace(old, '[\u00AD\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g'),
             ' {2,}', ' ', 'g'), ' ?\n ?', E'\n', 'g'), '\n{2,}', E'\n', 'g'), E' \n') as t
  )
  select split_part(t, E'\n', 1) || E'\n' || search_013_initials(split_part(t, E'\n', 1))
         || case when strpos(t, E'\n') > 0 then E'\n' || substr(t, strpos(t, E'\n') + 1) else '' end
    from cleaned
$$;

create function search_013_grams(t text) returns text[] language sql immutable as $$
  select coalesce(array_agg(distinct g), '{}')
    from (select substr(l, i, n) as g
            from unnest(string_to_array(replace(t, ' ', ''), E'\n')) as l,
                 generate_series(1, char_length(l)) as i,
                 (values (1), (2)) as v(n)
           where i + n - 1 <= char_length(l)) s
$$;

update promotions p
   set search_text = n.t, search_grams = search_013_grams(n.t)
  from (select id, search_013_text(search_text) as t from promotions where search_text <> '') n
 where n.id = p.id;

update photographer_pages pp
   set search_text = n.t, search_grams = search_013_grams(n.t)
  from (select member_id, search_013_text(search_text) as t from photographer_pages where search_text <> '') n
 where n.member_id = pp.member_id;

drop function search_013_grams(text);
drop function search_013_text(text);
drop function search_013_initials(text);

-- Popular searches: how often each keyword was searched each day (Korea's day), never by whom. Rows
-- older than the window the site shows are removed as new ones are counted.
create table search_counts (
  day     date not null,
  keyword text not null,
  count   integer not null default 0,
  primary key (day, keyword)
);

analyze promotions;
analyze photographer_pages;
