-- reviews: the applicant's review of a completed shoot, the photographer's answer, ratings on the page

-- A photographer's rating and completed shoots, kept on their page row so every answer and list that
-- reads the page reads them with it (no join, no count). A review's write moves them in its own
-- transaction (`rating_sum + $n`, `review_count + 1`: the row lock serialises concurrent reviews), and
-- only reviews that are shown count (not hidden by an admin, not deleted). `completed_shoots` rises when
-- an application moves to COMPLETED and never falls: applicants' data is deleted 90 days after an event
-- ends, the shoots stay done.
alter table photographer_pages add column review_count integer not null default 0 check (review_count >= 0);
alter table photographer_pages add column rating_sum integer not null default 0 check (rating_sum >= 0);
alter table photographer_pages add column completed_shoots integer not null default 0 check (completed_shoots >= 0);
update photographer_pages pp set completed_shoots = done.n
  from (select p.author_id, count(*)::int as n
          from applications a join promotions p on p.id = a.promotion_id
         where a.status = 'COMPLETED' group by p.author_id) done
 where done.author_id = pp.member_id;

-- Review photos are public pictures (served by /media like event images).
alter table files drop constraint files_kind_check;
alter table files add constraint files_kind_check
  check (kind in ('USER_PROFILE_IMAGE','PHOTOGRAPHER_PORTFOLIO_IMAGE','PROMOTION_IMAGE','APPLICATION_IMAGE',
                  'REVIEW_IMAGE'));

create table reviews (
  id               integer generated always as identity primary key,
  -- The application reviewed; null once the applicants' data of its event was deleted (the review stays).
  application_id   integer references applications(id) on delete set null,
  photographer_id  integer not null references members(id) on delete cascade,
  promotion_id     integer references promotions(id) on delete set null,
  -- Null once the author withdrew: the review stays, signed "탈퇴한 회원".
  author_id        integer references members(id) on delete set null,
  rating           smallint not null check (rating between 1 and 5),
  text             text not null,
  photos           jsonb not null default '[]',
  reply            text,
  replied_at       timestamptz,
  hidden_at        timestamptz,
  hidden_reason    text,
  -- A deleted review keeps its row (so the application is reviewed once) and loses its content.
  deleted_at       timestamptz,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  check (hidden_at is null or hidden_reason is not null)
);
-- One review per application, ever.
create unique index reviews_application_key on reviews (application_id) where application_id is not null;
-- A photographer's shown reviews, newest first.
create index reviews_photographer_idx on reviews (photographer_id, id desc) where deleted_at is null and hidden_at is null;
-- A member's own reviews.
create index reviews_author_idx on reviews (author_id, id desc) where author_id is not null and deleted_at is null;

-- Reports and the moderation log may name a review.
alter table reports drop constraint reports_target_type_check;
alter table reports add constraint reports_target_type_check
  check (target_type in ('PROMOTION','PHOTOGRAPHER','APPLICATION','REVIEW'));
alter table moderation_log drop constraint moderation_log_target_type_check;
alter table moderation_log add constraint moderation_log_target_type_check
  check (target_type in ('PROMOTION','PHOTOGRAPHER','APPLICATION','MEMBER','REVIEW'));
