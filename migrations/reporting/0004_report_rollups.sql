-- Rollups the reports read whole instead of summing or counting distinct at read. A scope is an
-- organization's id, '' for campaigns without one, or '/' for every organization (no id has a slash).

-- A scope's day: the sums of its campaign_days rows of that day (`campaign_days` counts them; a row
-- that counts none is removed). Kept by adding what a batch's campaign_days rows add and subtracting
-- what the rows they replace held.
create table reporting.scope_days (
  scope text not null,
  day date not null,
  campaign_days integer not null,
  gifts bigint not null,
  gross_cents bigint not null,
  refunded_cents bigint not null,
  refunds bigint not null,
  raised_cents bigint not null,
  impressions bigint not null,
  ad_clicks bigint not null,
  spend_cents bigint not null,
  primary key (scope, day)
);
create index scope_days_empty on reporting.scope_days (scope) where campaign_days = 0;

-- The days on which a donor gave (a gift not refunded in full) within a scope, each with `since`: the
-- donor's gift day before it in that scope, or the day itself for their first.
create table reporting.donor_days (
  scope text not null,
  donor_key text not null,
  day date not null,
  since date not null,
  primary key (scope, donor_key, day)
);

-- How many donors' days of a scope have that day and that `since`. The donors of [from, to] are the
-- rows of days in it with `since` before `from` or equal to the day (a donor's first day in the range);
-- the new donors those with `since` equal to the day (their first gift at all).
create table reporting.donor_day_counts (
  scope text not null,
  day date not null,
  since date not null,
  donors integer not null,
  primary key (scope, day, since)
);
create index donor_day_counts_empty on reporting.donor_day_counts (scope) where donors = 0;

-- A campaign's figures over all its days (a campaign with days or promoters has a row): what the
-- campaign list shows when its range holds every day of its scope.
create table reporting.campaign_totals (
  campaign_id text primary key,
  gifts bigint not null,
  raised_cents bigint not null,
  impressions bigint not null,
  ad_clicks bigint not null,
  spend_cents bigint not null,
  share_clicks bigint not null,
  donors bigint not null,
  promoters bigint not null
);

-- A promoter's figures over all their days, per scope: the leaderboard when its range holds every day.
create table reporting.promoter_totals (
  scope text not null,
  promoter_id text not null,
  campaigns bigint not null,
  gifts bigint not null,
  raised_cents bigint not null,
  clicks_x bigint not null,
  clicks_linkedin bigint not null,
  clicks_facebook bigint not null,
  clicks_instagram bigint not null,
  clicks bigint not null,
  primary key (scope, promoter_id)
);
create index promoter_totals_board on reporting.promoter_totals (scope, gifts desc, raised_cents desc, clicks desc, promoter_id);

-- A donor's gifts across organizations (the '/' scope of donor_days).
create index gifts_donor_day on reporting.gifts (donor_key, day);
