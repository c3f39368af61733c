-- statistics: apply-link clicks, daily counters per event, per photographer and for the site

-- Who has followed which event's apply link on which day (like promotion_views, migration 6): a viewer
-- counts once per event per Korean day; rows older than yesterday are pruned by the cleanup job.
create table promotion_clicks (
  promotion_id  integer not null,
  viewer        text not null,
  day           date not null,
  primary key (promotion_id, viewer, day)
);
create index promotion_clicks_day_idx on promotion_clicks (day);

-- The charts' aggregates (decision 026): what counted on a Korean day, written by the statement (or in
-- the transaction) of the thing that counts, never recomputed from the raw rows when read. An event's row
-- and its author's row move together. Saves are net: an unsave takes one off the day the save was made.
create table promotion_daily_stats (
  promotion_id  integer not null,
  day           date not null,
  views         integer not null default 0,
  saves         integer not null default 0,
  clicks        integer not null default 0,
  applications  integer not null default 0,
  selections    integer not null default 0,
  completions   integer not null default 0,
  primary key (promotion_id, day)
);

create table photographer_daily_stats (
  member_id     integer not null,
  day           date not null,
  views         integer not null default 0,
  saves         integer not null default 0,
  clicks        integer not null default 0,
  applications  integer not null default 0,
  selections    integer not null default 0,
  completions   integer not null default 0,
  primary key (member_id, day)
);

-- For the operator: members who signed up, events posted, applications and reviews written, per day.
create table site_daily_stats (
  day           date primary key,
  members       integer not null default 0,
  events        integer not null default 0,
  applications  integer not null default 0,
  reviews       integer not null default 0
);

-- What happened before this migration, from the rows that are still there (views: today and yesterday).
insert into promotion_daily_stats (promotion_id, day, views, saves, applications, selections, completions)
select promotion_id, day, sum(views), sum(saves), sum(applications), sum(selections), sum(completions)
  from (
    select promotion_id, day, count(*) as views, 0 as saves, 0 as applications, 0 as selections, 0 as completions
      from promotion_views group by promotion_id, day
    union all
    select promotion_id, (created_at at time zone 'Asia/Seoul')::date, 0, count(*), 0, 0, 0
      from promotion_saves group by 1, 2
    union all
    select promotion_id, (created_at at time zone 'Asia/Seoul')::date, 0, 0, count(*), 0, 0
      from applications group by 1, 2
    union all
    select a.promotion_id, (h.at at time zone 'Asia/Seoul')::date, 0, 0, 0,
           count(*) filter (where h.to_status = 'SELECTED'), count(*) filter (where h.to_status = 'COMPLETED')
      from application_history h join applications a on a.id = h.application_id
     where h.to_status in ('SELECTED', 'COMPLETED') group by 1, 2
  ) counted
 group by promotion_id, day;

insert into photographer_daily_stats (member_id, day, views, saves, clicks, applications, selections, completions)
select p.author_id, s.day, sum(s.views), sum(s.saves), sum(s.clicks), sum(s.applications), sum(s.selections),
       sum(s.completions)
  from promotion_daily_stats s join promotions p on p.id = s.promotion_id
 group by p.author_id, s.day;

insert into site_daily_stats (day, members, events, applications, reviews)
select day, sum(members), sum(events), sum(applications), sum(reviews)
  from (
    select (created_at at time zone 'Asia/Seoul')::date as day, count(*) as members, 0 as events,
           0 as applications, 0 as reviews
      from members group by 1
    union all
    select (created_at at time zone 'Asia/Seoul')::date, 0, count(*), 0, 0 from promotions group by 1
    union all
    select (created_at at time zone 'Asia/Seoul')::date, 0, 0, count(*), 0 from applications group by 1
    union all
    select (created_at at time zone 'Asia/Seoul')::date, 0, 0, 0, count(*) from reviews group by 1
  ) counted
 group by day;
