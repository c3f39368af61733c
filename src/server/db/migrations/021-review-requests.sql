-- Issue 44 item 7: the owner of hidden content may ask for it to be looked at again. The request waits
-- on the hidden row until an admin shows it again (unhide) or keeps it hidden (KEEP_HIDDEN, logged).
alter table promotions add column review_requested_at timestamptz;
alter table promotions add constraint promotions_review_request_is_hidden
  check (review_requested_at is null or hidden_at is not null);
alter table photographer_pages add column review_requested_at timestamptz;
alter table photographer_pages add constraint photographer_pages_review_request_is_hidden
  check (review_requested_at is null or hidden_at is not null);

-- The admin's queue: few rows, read oldest first.
create index promotions_review_requested_idx on promotions (review_requested_at) where review_requested_at is not null;
create index photographer_pages_review_requested_idx on photographer_pages (review_requested_at)
  where review_requested_at is not null;

alter table moderation_log drop constraint moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check
  check (action in ('HIDE','UNHIDE','DELETE','DISMISS','GRANT_ADMIN','REVOKE_ADMIN','KEEP_HIDDEN'));
