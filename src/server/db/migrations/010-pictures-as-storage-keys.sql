-- pictures stored as storage keys, not absolute URLs

-- Every `{name, url}` a row holds keeps its shape; where `url` is a URL this server issued (the `files`
-- row that recorded it), it becomes that row's storage key (`ab/ab12…ef.webp`) and the URL is built
-- when answering, from configuration (decision 018). Only exact matches change: any other value (a URL
-- that was never ours, an app path) stays as it is, and order and names are kept. Run again, it finds
-- nothing to change (no stored value equals an issued URL any more), and once the files table has lost
-- its URL columns it does nothing at all.
do $$
begin
  if not exists (select 1 from information_schema.columns
                  where table_schema = current_schema() and table_name = 'files' and column_name = 'url') then
    return;
  end if;

  create temporary table picture_keys on commit drop as
    select distinct on (url) url, storage_key from files order by url, id;
  alter table picture_keys add primary key (url);

  update members m
     set profile_image = jsonb_set(m.profile_image, '{url}', to_jsonb(k.storage_key))
    from picture_keys k
   where jsonb_typeof(m.profile_image) = 'object' and m.profile_image ->> 'url' = k.url;

  update photographer_pages pp
     set portfolio = (select jsonb_agg(case when k.storage_key is null then e.item
                                            else jsonb_set(e.item, '{url}', to_jsonb(k.storage_key)) end
                                       order by e.n)
                        from jsonb_array_elements(pp.portfolio) with ordinality as e(item, n)
                        left join picture_keys k on jsonb_typeof(e.item) = 'object' and k.url = e.item ->> 'url')
   where jsonb_typeof(pp.portfolio) = 'array'
     and exists (select 1 from jsonb_array_elements(case when jsonb_typeof(pp.portfolio) = 'array' then pp.portfolio end) x join picture_keys k on k.url = x ->> 'url'
                  where jsonb_typeof(x) = 'object');

  update promotions p
     set images = (select jsonb_agg(case when k.storage_key is null then e.item
                                         else jsonb_set(e.item, '{url}', to_jsonb(k.storage_key)) end
                                    order by e.n)
                     from jsonb_array_elements(p.images) with ordinality as e(item, n)
                     left join picture_keys k on jsonb_typeof(e.item) = 'object' and k.url = e.item ->> 'url')
   where jsonb_typeof(p.images) = 'array'
     and exists (select 1 from jsonb_array_elements(case when jsonb_typeof(p.images) = 'array' then p.images end) x join picture_keys k on k.url = x ->> 'url'
                  where jsonb_typeof(x) = 'object');

  -- The files table keeps keys only: its URLs were derived from the origin of the day.
  alter table files drop column url, drop column thumb_url;
end $$;
