-- refresh grace: a spent refresh token answers its successor again only a few times, and only while unspent

-- A token spent a moment ago (a second tab refreshing at the same moment) is answered with the
-- successor it already got; counted, so a stolen token cannot be replayed in the window at will.
alter table refresh_tokens add column grace_answers integer not null default 0;
