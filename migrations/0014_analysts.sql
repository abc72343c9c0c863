-- An analyst sees reports and nothing else: of its organization ('organization') or of every
-- organization ('platform', granted by platform staff). Null for every other account.
alter table users add column analyst text check (analyst in ('organization', 'platform'));
alter table deleted_users add column analyst text;
