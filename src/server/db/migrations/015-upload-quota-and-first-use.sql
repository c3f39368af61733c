-- uploads: when a file was first used, and each member's unused uploads per day

-- Set the first time a body (an event, a profile, a portfolio) accepts the file. Files nobody ever used
-- go after a short grace (file-cleanup.ts); files once used keep the 24 h rule. Files that exist now
-- count as used, so nothing goes sooner than it would have before this migration.
alter table files add column used_at timestamptz;
update files set used_at = last_used_at;

-- Bytes (stored image) and files a member uploaded on a day (Korea time) that nothing has used yet:
-- an upload adds its new files, a first use takes them off again (services/files.ts). Past the daily
-- quota an upload answers 429. Rows of past days are removed by the member's next upload.
create table upload_days (
  member_id  integer not null references members(id) on delete cascade,
  day        date not null,
  bytes      bigint not null default 0 check (bytes >= 0),
  files      integer not null default 0 check (files >= 0),
  primary key (member_id, day)
);
