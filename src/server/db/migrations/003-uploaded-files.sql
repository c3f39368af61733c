-- uploaded files: shared content-hashed objects, last use, storage deletion queue

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
