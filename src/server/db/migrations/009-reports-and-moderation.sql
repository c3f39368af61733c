-- reports and moderation: member reports, hidden events, the moderation log

-- A hidden event leaves every public list by the column those lists' indexes already filter on: hiding
-- sets deleted_at (with hidden_at, which tells it apart from a deletion), so every list, count, search,
-- sitemap and photographer walk keeps its index and plan unchanged. Unhiding clears both; deleting a
-- hidden event clears hidden_at. The author and admins read a hidden event by id (primary key).
alter table promotions add column hidden_at timestamptz;
alter table promotions add column hidden_reason text;
alter table promotions add constraint promotions_hidden_is_unlisted check (hidden_at is null or deleted_at is not null);

-- A hidden photographer page: kept out of the photographer lists, search and sitemap by the same idea.
alter table photographer_pages add column hidden_at timestamptz;
alter table photographer_pages add column hidden_reason text;

create table reports (
  id           integer generated always as identity primary key,
  reporter_id  integer not null references members(id) on delete cascade,
  target_type  text not null check (target_type in ('PROMOTION','PHOTOGRAPHER')),
  target_id    integer not null,
  reason       text not null check (reason in ('SPAM','INAPPROPRIATE_PHOTO','FRAUD','OTHER')),
  detail       text not null default '',
  created_at   timestamptz not null default now(),
  resolved_at  timestamptz,
  resolved_by  integer references members(id) on delete set null,
  resolution   text check (resolution in ('HIDDEN','UNHIDDEN','DELETED','DISMISSED'))
);
-- One open report per member and target.
create unique index reports_open_key on reports (reporter_id, target_type, target_id) where resolved_at is null;
-- The moderation page: open reports newest first, and a target's open reports when it is resolved.
create index reports_open_idx on reports (id desc) where resolved_at is null;
create index reports_target_idx on reports (target_type, target_id) where resolved_at is null;

-- Who did what and when: every hide, unhide, delete and dismissal by an admin.
create table moderation_log (
  id           integer generated always as identity primary key,
  admin_id     integer references members(id) on delete set null,
  action       text not null check (action in ('HIDE','UNHIDE','DELETE','DISMISS')),
  target_type  text not null check (target_type in ('PROMOTION','PHOTOGRAPHER')),
  target_id    integer not null,
  reason       text not null default '',
  reports      integer not null default 0,
  created_at   timestamptz not null default now()
);
