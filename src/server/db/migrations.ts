/**
 * Versioned migrations. Never edit one that has been applied: add the next number.
 * SQL that PostgreSQL 15 (Debian) and PGlite (PostgreSQL 17/18) both accept.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const PHOTOGRAPHY_TYPES = `array['SNAP','PROFILE','CONCEPT','ID_PHOTO','SELF']`;

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'initial schema',
    sql: /* sql */ `

create table members (
  id              integer generated always as identity primary key,
  kakao_id        text not null unique,
  type            text not null default 'UNDEFINED' check (type in ('UNDEFINED','USER','PHOTOGRAPHER')),
  roles           text[] not null default '{}' check (roles <@ array['USER','PHOTOGRAPHER','ADMIN']),
  nickname        text not null,
  gender          text check (gender in ('MALE','FEMALE')),
  instagram_id    text check (instagram_id ~ '^[0-9a-z._]{1,30}$'),
  profile_image   jsonb,
  signup_sources  text[] not null default '{}',
  created_at      timestamptz not null default now(),
  registered_at   timestamptz
);
create unique index members_nickname_key on members (nickname);

create table photographer_pages (
  member_id               integer primary key references members(id) on delete cascade,
  main_photography_types  text[] not null check (main_photography_types <@ ${PHOTOGRAPHY_TYPES}),
  regions                 text[] not null default '{}',
  region_categories       text[] not null default '{}',
  portfolio               jsonb not null default '[]',
  address                 jsonb,
  contact_link            text check (contact_link ~* '^https?://'),
  description             text not null default '',
  save_count              integer not null default 0 check (save_count >= 0),
  search_text             text not null default '',
  search_grams            text[] not null default '{}',
  created_at              timestamptz not null default now(),
  updated_at              timestamptz not null default now()
);
create index photographer_pages_latest_idx on photographer_pages (created_at desc, member_id desc) where description <> '';
create index photographer_pages_popular_idx on photographer_pages (save_count desc, member_id desc) where description <> '';
create index photographer_pages_regions_idx on photographer_pages using gin (regions);
create index photographer_pages_categories_idx on photographer_pages using gin (region_categories);
create index photographer_pages_types_idx on photographer_pages using gin (main_photography_types);
create index photographer_pages_grams_idx on photographer_pages using gin (search_grams);

create table promotions (
  id                 integer generated always as identity primary key,
  author_id          integer not null references members(id) on delete cascade,
  promotion_type     text not null check (promotion_type in ('FREE','DISCOUNT')),
  title              text not null,
  content            text not null,
  external_link      text not null check (external_link ~* '^https?://'),
  started_at         date not null,
  ended_at           date not null,
  photography_types  text[] not null check (photography_types <@ ${PHOTOGRAPHY_TYPES}),
  regions            text[] not null,
  region_categories  text[] not null,
  hashtags           text[] not null,
  images             jsonb not null,
  view_count         integer not null default 0 check (view_count >= 0),
  save_count         integer not null default 0 check (save_count >= 0),
  is_author_hidden   boolean not null default false,
  search_text        text not null default '',
  search_grams       text[] not null default '{}',
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  deleted_at         timestamptz,
  check (ended_at >= started_at)
);
create index promotions_latest_idx on promotions (id desc) where deleted_at is null;
create index promotions_popular_idx on promotions (save_count desc, id desc) where deleted_at is null;
create index promotions_author_idx on promotions (author_id) where deleted_at is null;
create index promotions_dates_idx on promotions (started_at, ended_at) where deleted_at is null;
create index promotions_regions_idx on promotions using gin (regions) where deleted_at is null;
create index promotions_categories_idx on promotions using gin (region_categories) where deleted_at is null;
create index promotions_types_idx on promotions using gin (photography_types) where deleted_at is null;
create index promotions_grams_idx on promotions using gin (search_grams) where deleted_at is null;

create table promotion_saves (
  member_id     integer not null references members(id) on delete cascade,
  promotion_id  integer not null references promotions(id) on delete cascade,
  created_at    timestamptz not null default now(),
  primary key (member_id, promotion_id)
);
create index promotion_saves_member_idx on promotion_saves (member_id, created_at desc);
create index promotion_saves_promotion_idx on promotion_saves (promotion_id);

create table photographer_saves (
  member_id        integer not null references members(id) on delete cascade,
  photographer_id  integer not null references photographer_pages(member_id) on delete cascade,
  created_at       timestamptz not null default now(),
  primary key (member_id, photographer_id)
);
create index photographer_saves_member_idx on photographer_saves (member_id, created_at desc);
create index photographer_saves_photographer_idx on photographer_saves (photographer_id);

create table files (
  id             integer generated always as identity primary key,
  owner_id       integer references members(id) on delete set null,
  kind           text not null check (kind in ('USER_PROFILE_IMAGE','PHOTOGRAPHER_PORTFOLIO_IMAGE','PROMOTION_IMAGE')),
  storage_key    text not null unique,
  thumb_key      text not null,
  url            text not null,
  thumb_url      text not null,
  original_name  text not null,
  content_type   text not null,
  byte_size      integer not null check (byte_size >= 0),
  width          integer not null check (width > 0),
  height         integer not null check (height > 0),
  created_at     timestamptz not null default now()
);
create index files_owner_idx on files (owner_id);
create index files_url_idx on files (url);
create index files_created_idx on files (created_at);

create table refresh_tokens (
  id           integer generated always as identity primary key,
  member_id    integer not null references members(id) on delete cascade,
  token_hash   text not null unique,
  chain_id     text not null,
  expires_at   timestamptz not null,
  used_at      timestamptz,
  revoked_at   timestamptz,
  created_at   timestamptz not null default now()
);
create index refresh_tokens_chain_idx on refresh_tokens (chain_id);
create index refresh_tokens_member_idx on refresh_tokens (member_id);
`,
  },
  {
    id: 3,
    name: 'uploaded files: shared content-hashed objects, last use, storage deletion queue',
    sql: /* sql */ `

-- Keys are content hashes: two members uploading the same picture share one stored object, each with
-- their own row (ownership is per row). An object is deleted only when no row names it any more.
alter table files drop constraint files_storage_key_key;
create unique index files_owner_storage_key_idx on files (owner_id, storage_key);
create index files_storage_key_idx on files (storage_key);

-- Uploaded, or accepted into a profile, portfolio or event: the cleanup grace period counts from here.
alter table files add column last_used_at timestamptz not null default now();
create index files_last_used_idx on files (last_used_at);

-- Objects to remove from storage. Every deleted files row queues its keys (trigger below), whoever
-- deletes it; the cleanup job removes the objects and retries failures on later runs.
create table storage_deletions (
  storage_key      text primary key,
  thumb_key        text not null,
  attempts         integer not null default 0,
  last_error       text,
  queued_at        timestamptz not null default now(),
  next_attempt_at  timestamptz not null default now()
);
create index storage_deletions_due_idx on storage_deletions (next_attempt_at);

create function files_queue_storage_deletion() returns trigger language plpgsql as $$ begin insert into storage_deletions (storage_key, thumb_key) values (old.storage_key, old.thumb_key) on conflict (storage_key) do nothing; return old; end $$;
create trigger files_queue_storage_deletion after delete on files for each row execute function files_queue_storage_deletion();
`,
  },
  {
    id: 4,
    name: 'keyword search: grams index on an expression the planner knows to be expensive',
    sql: /* sql */ `

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
`,
  },
  {
    id: 6,
    name: 'sessions and content hardening: refresh grace, look-alike nicknames, shared rate limits, views',
    sql: /* sql */ `

-- Idempotent rotation: the salt that, with the spent token, derives the successor it was answered with.
alter table refresh_tokens add column successor_salt text;

-- Nicknames are unique case-insensitively and ignoring spaces (Kim455 = kim455, "담아 스냅" = "담아스냅"),
-- the stored form stays as typed. Of existing look-alikes the oldest member keeps the name, later ones get
-- their id appended after '#': no nickname rule accepts '#', so the new value is unique, and their next
-- profile edit asks them for a name of their own.
update members m set nickname = m.nickname || '#' || m.id
 where exists (select 1 from members o
                where o.id < m.id and lower(replace(o.nickname, ' ', '')) = lower(replace(m.nickname, ' ', '')));
create unique index members_nickname_fold_key on members (lower(replace(nickname, ' ', '')));
drop index members_nickname_key;

-- Rate-limit windows shared by every instance on one PostgreSQL database (PGlite counts in memory).
-- Unlogged: a crash only resets the counters, and hits skip the WAL (1.3 ms instead of 2.0 ms each).
create unlogged table rate_limits (
  key       text primary key,
  count     integer not null,
  reset_at  timestamptz not null
);
create index rate_limits_reset_idx on rate_limits (reset_at);

-- Who has viewed which event in which period (docs/views.md): a viewer counts once per event per day.
create table promotion_views (
  promotion_id  integer not null,
  viewer        text not null,
  day           date not null,
  primary key (promotion_id, viewer, day)
);
create index promotion_views_day_idx on promotion_views (day);
`,
  },
];
