-- Monthly gifts (the card provider's subscriptions) as the store keeps them: what the monthly giving
-- report counts (monthly donors and recurring revenue now, gifts started, cancelled and failed by month,
-- and retention by month of start). Each paid month is also a row of reporting.gifts (keyed by its
-- invoice). `changed_at` is the provider's last applied change: a row is never replaced by an older one.
create table reporting.monthly_gifts (
  subscription_id text collate "C" primary key,
  campaign_id text not null,
  organization_id text,
  donor_key text not null,
  amount_cents bigint not null check (amount_cents >= 0),
  status text not null check (status in ('incomplete', 'active', 'pastDue', 'ended', 'other')),
  paused boolean not null default false,
  cancel_at_period_end boolean not null default false,
  started_at timestamptz not null,
  ended_at timestamptz,
  ended_reason text check (ended_reason in ('requested', 'paymentFailed', 'other')),
  failed_at timestamptz,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  changed_at timestamptz not null
);
create index monthly_gifts_by_organization_start on reporting.monthly_gifts (organization_id, started_at);
create index monthly_gifts_by_organization_end on reporting.monthly_gifts (organization_id, ended_at)
  where ended_at is not null;
