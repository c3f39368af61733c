-- reports outlive accounts: evidence stays when a reporter or an admin leaves; role changes are logged

-- A reporter who withdraws leaves their reports behind, anonymised (the reporter is no longer named).
alter table reports alter column reporter_id drop not null;
alter table reports drop constraint reports_reporter_id_fkey;
alter table reports add constraint reports_reporter_id_fkey
  foreign key (reporter_id) references members(id) on delete set null;
-- The moderation log keeps the admin's name after they leave.
alter table moderation_log add column admin_nickname text;
update moderation_log l set admin_nickname = m.nickname from members m where m.id = l.admin_id;
-- Granting and revoking the ADMIN role (`npm run admin`) are logged too, on a member.
alter table moderation_log drop constraint moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check
  check (action in ('HIDE','UNHIDE','DELETE','DISMISS','GRANT_ADMIN','REVOKE_ADMIN'));
alter table moderation_log drop constraint moderation_log_target_type_check;
alter table moderation_log add constraint moderation_log_target_type_check
  check (target_type in ('PROMOTION','PHOTOGRAPHER','APPLICATION','MEMBER'));
-- /admin pages through open reports and filters them by reporter and by target.
create index reports_open_reporter_idx on reports (reporter_id, id desc) where resolved_at is null;
