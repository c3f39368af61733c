-- Issue 42's remaining kinds: the author of an event closing tomorrow with undecided applicants, a
-- request to review after a completed shoot, and moderation news for the
-- owner of content (hidden, shown again, kept hidden after another look, deleted) and for a reporter
-- (their report was handled).
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check
  check (kind in ('NEW_APPLICATIONS','APPLICATION_WITHDRAWN','APPLICATION_SELECTED','APPLICATION_DECLINED',
                  'APPLICATION_CANCELLED','SHOOT_REMINDER','SAVED_EVENT_CLOSING','PROMOTIONAL',
                  'REVIEW_REQUEST','CONTENT_MODERATED','REPORT_HANDLED','EVENT_CLOSING_UNDECIDED'));
