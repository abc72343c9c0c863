-- Year-end giving statements sent by an organization's admin: the run of an organization's year (one
-- kept per organization and year, the latest), and each donor's mark, claimed before the mail is sent so
-- that each donor of a year gets one statement however many runs, clicks or restarts there are.

create table statement_runs (
  organization_id text collate "C" not null,
  year integer not null check (year between 2000 and 2999),
  run_id text collate "C" not null,
  status text not null check (status in ('running', 'done')),
  total integer not null default 0 check (total >= 0),
  started_by text not null,
  started_at timestamptz not null,
  finished_at timestamptz,
  primary key (organization_id, year)
);
create index statement_runs_running on statement_runs (organization_id, year) where status = 'running';

create table statement_sends (
  organization_id text collate "C" not null,
  year integer not null check (year between 2000 and 2999),
  email text not null check (email = lower(email)),
  run_id text collate "C" not null,
  status text not null check (status in ('sending', 'sent', 'failed')),
  claimed_at timestamptz not null,
  finished_at timestamptz,
  error text,
  primary key (organization_id, year, email)
);
