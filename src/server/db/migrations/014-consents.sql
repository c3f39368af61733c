-- consents: what each member agreed to, which version, when and how; the age range Kakao reports

-- One row per agreement: a new version of a document is a new row (the old one stays as history), and
-- withdrawing an optional consent stamps withdrawn_at. The application's third-party provision stays on
-- the application row (consent_version, consented_at): one per application, gone with it.
create table consents (
  id            integer generated always as identity primary key,
  member_id     integer not null references members(id) on delete cascade,
  kind          text not null check (kind in ('AGE_14','SERVICE','PRIVACY','PHOTOGRAPHER_PARTNER','MARKETING')),
  version       text not null,
  given_at      timestamptz not null default now(),
  how           text not null check (how in ('SIGNUP','APPLICATION','SETTINGS')),
  withdrawn_at  timestamptz
);
create index consents_member_idx on consents (member_id, id desc);
-- Agreeing again to a version one holds records nothing new.
create unique index consents_held_key on consents (member_id, kind, version) where withdrawn_at is null;

-- Kakao's age range (`1~9`, `10~14`, `15~19`, …) when the account shares it: registration refuses an
-- account that may be under 14. Refreshed at each sign-in.
alter table members add column kakao_age_range text;

-- Members registered before this: registration required the items, so they agreed to them, to the
-- documents then hosted elsewhere (version 'legacy'). The age statement's text is unchanged (version 1).
-- Our own documents' versions differ, so they are asked once to agree to them.
insert into consents (member_id, kind, version, given_at, how)
select m.id, k.kind, case when k.kind = 'AGE_14' then '1' else 'legacy' end, coalesce(m.registered_at, m.created_at), 'SIGNUP'
  from members m
  cross join (values ('AGE_14'), ('SERVICE'), ('PRIVACY'), ('PHOTOGRAPHER_PARTNER')) as k(kind)
 where m.type <> 'UNDEFINED' and (k.kind <> 'PHOTOGRAPHER_PARTNER' or m.type = 'PHOTOGRAPHER');
