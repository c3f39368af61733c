-- notifications: what members are told, recorded in the transaction of the change that causes it

-- One row per thing a member is told, written by the service that makes the change, in its transaction:
-- the change and its notification commit together or not at all. `dedupe_key` names the cause
-- (`application:12:SELECTED`, `new-applications:7:open`), so no cause is ever told twice. A batch (new
-- applications of one event) is one row whose `count` grows: `created_at` is when the batch began,
-- `notified_at` when it last changed (the time shown, and the order of the list). `in_app` is the
-- recipient's setting when it was written (a row kept only for another channel is not listed).
create table notifications (
  id            integer generated always as identity primary key,
  recipient_id  integer not null references members(id) on delete cascade,
  kind          text not null check (kind in ('NEW_APPLICATIONS','APPLICATION_WITHDRAWN','APPLICATION_SELECTED',
                  'APPLICATION_DECLINED','APPLICATION_CANCELLED','SHOOT_REMINDER','SAVED_EVENT_CLOSING','PROMOTIONAL')),
  title         text not null,
  body          text not null default '',
  link          text not null check (link like '/%'),
  dedupe_key    text not null,
  count         integer not null default 1 check (count >= 1),
  in_app        boolean not null default true,
  created_at    timestamptz not null default now(),
  notified_at   timestamptz not null default now(),
  read_at       timestamptz
);
create unique index notifications_dedupe_key on notifications (dedupe_key);
-- A member's list, newest first, and their unread count.
create index notifications_recipient_idx on notifications (recipient_id, notified_at desc, id desc) where in_app;
create index notifications_unread_idx on notifications (recipient_id) where in_app and read_at is null;

-- Per member and kind, in the app and on the phone (push). No row: the kind's default (on, but the
-- promotional kind, which is off until the member opts in and gives the MARKETING consent).
create table notification_settings (
  member_id   integer not null references members(id) on delete cascade,
  kind        text not null,
  in_app      boolean not null,
  push        boolean not null,
  updated_at  timestamptz not null default now(),
  primary key (member_id, kind)
);

-- The outbox of deliveries beyond the app (push now; 알림톡 or e-mail later): one row per notification
-- and channel, claimed by a worker with FOR UPDATE SKIP LOCKED, retried with backoff until it is sent
-- or gives up. The unique key makes a delivery at most once per notification and channel.
create table notification_deliveries (
  id               integer generated always as identity primary key,
  notification_id  integer not null references notifications(id) on delete cascade,
  channel          text not null,
  status           text not null default 'PENDING' check (status in ('PENDING','SENT','FAILED')),
  attempts         integer not null default 0,
  due_at           timestamptz not null default now(),
  sent_at          timestamptz,
  last_error       text,
  unique (notification_id, channel)
);
create index notification_deliveries_due_idx on notification_deliveries (due_at) where status = 'PENDING';
