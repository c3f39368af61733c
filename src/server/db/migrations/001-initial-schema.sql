-- initial schema

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
  main_photography_types  text[] not null check (main_photography_types <@ array['SNAP','PROFILE','CONCEPT','ID_PHOTO','SELF']),
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
  photography_types  text[] not null check (photography_types <@ array['SNAP','PROFILE','CONCEPT','ID_PHOTO','SELF']),
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
