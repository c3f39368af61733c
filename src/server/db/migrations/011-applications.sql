-- applications: customers apply on 담아봐, the photographer selects, both follow the shoot

-- How an event takes applications (absent fields keep today's behaviour: through its link), how many
-- people it selects, and what it asks of applicants. `selected_count` is the number of applications
-- holding a place (selected, confirmed, completed, no-show); a selection raises it in the transaction
-- that moves the application, only while it is below `capacity`.
alter table promotions add column apply_mode text not null default 'LINK' check (apply_mode in ('LINK','IN_APP','BOTH'));
alter table promotions add column capacity integer check (capacity between 1 and 50);
alter table promotions add column show_places_left boolean not null default false;
alter table promotions add column asks_instagram boolean not null default false;
alter table promotions add column asks_photos boolean not null default false;
alter table promotions add column selected_count integer not null default 0 check (selected_count >= 0);
alter table promotions add constraint promotions_selected_within_capacity
  check (capacity is null or selected_count <= capacity);
alter table promotions add constraint promotions_in_app_has_capacity
  check (apply_mode = 'LINK' or capacity is not null);
-- The apply link stays required but for events that take applications only on 담아봐.
alter table promotions drop constraint promotions_external_link_check;
alter table promotions add constraint promotions_external_link_check
  check (external_link ~* '^https?://' or (apply_mode = 'IN_APP' and external_link = ''));

-- Application photos are private: a kind of their own, stored under private keys (never served by /media).
alter table files drop constraint files_kind_check;
alter table files add constraint files_kind_check
  check (kind in ('USER_PROFILE_IMAGE','PHOTOGRAPHER_PORTFOLIO_IMAGE','PROMOTION_IMAGE','APPLICATION_IMAGE'));

create table applications (
  id               integer generated always as identity primary key,
  promotion_id     integer not null references promotions(id) on delete cascade,
  -- null once the applicant withdrew their membership (the application is anonymised).
  applicant_id     integer references members(id) on delete set null,
  status           text not null default 'APPLIED' check (status in
                     ('APPLIED','SELECTED','CONFIRMED','COMPLETED','NO_SHOW','DECLINED','WITHDRAWN','CANCELLED','EXPIRED')),
  introduction     text not null default '',
  preferred_dates  date[] not null default '{}',
  instagram_id     text,
  photos           jsonb not null default '[]',
  contact          text,
  -- The applicant's consent to provide this to the photographer (개인정보 제3자 제공).
  consent_version  text not null,
  consented_at     timestamptz not null,
  shoot_at         timestamptz,
  place            text,
  message          text,
  reason           text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  anonymised_at    timestamptz
);
-- One active application per member and event.
create unique index applications_active_key on applications (promotion_id, applicant_id)
  where status in ('APPLIED','SELECTED','CONFIRMED');
-- An author's inbox (newest first, by state) and a member's own applications.
create index applications_inbox_idx on applications (promotion_id, id desc);
create index applications_mine_idx on applications (applicant_id, id desc) where applicant_id is not null;

-- Every move: who made it and when.
create table application_history (
  id              integer generated always as identity primary key,
  application_id  integer not null references applications(id) on delete cascade,
  from_status     text,
  to_status       text not null,
  actor_id        integer references members(id) on delete set null,
  actor_role      text not null check (actor_role in ('APPLICANT','AUTHOR','SYSTEM')),
  at              timestamptz not null default now()
);
create index application_history_idx on application_history (application_id, id);

-- Reports may name an application (the author reporting an applicant, or an applicant the author).
alter table reports drop constraint reports_target_type_check;
alter table reports add constraint reports_target_type_check
  check (target_type in ('PROMOTION','PHOTOGRAPHER','APPLICATION'));
alter table moderation_log drop constraint moderation_log_target_type_check;
alter table moderation_log add constraint moderation_log_target_type_check
  check (target_type in ('PROMOTION','PHOTOGRAPHER','APPLICATION'));
