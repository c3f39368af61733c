-- Web Push (issue 42): the browsers a member allowed to show notifications on the lock screen. One row
-- per push endpoint (a browser on a device); the keys encrypt what is sent to it (RFC 8291). A push
-- service answering 404 or 410 for an endpoint removes its row; withdrawal removes them all.
create table push_subscriptions (
  id          integer generated always as identity primary key,
  member_id   integer not null references members(id) on delete cascade,
  endpoint    text not null unique,
  p256dh      text not null,
  auth        text not null,
  created_at  timestamptz not null default now()
);
create index push_subscriptions_member_idx on push_subscriptions (member_id);
