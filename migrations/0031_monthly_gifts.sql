-- Monthly gifts: the card provider's subscriptions as the platform follows them. Each paid month is a
-- donation of its own (keyed by its invoice); this table is what the donor manages from their page and
-- what the organization reads of declined renewals.

create table monthly_gifts (
  subscription_id text collate "C" primary key,
  customer_id text not null,
  campaign_id text not null,
  organization_id text,
  donor_email text check (donor_email = lower(donor_email)),
  promoter_id text,
  amount_cents integer not null check (amount_cents >= 0),
  status text not null check (status in ('incomplete', 'active', 'pastDue', 'ended', 'other')),
  paused boolean not null default false,
  cancel_at_period_end boolean not null default false,
  current_period_end timestamptz,
  started_at timestamptz not null,
  ended_at timestamptz,
  ended_reason text check (ended_reason in ('requested', 'paymentFailed', 'other')),
  failed_invoice_id text,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  failure_reason text,
  failed_at timestamptz,
  next_attempt_at timestamptz,
  failures_mailed integer not null default 0 check (failures_mailed >= 0),
  reminder_sent_at timestamptz,
  ending_mailed boolean not null default false,
  changed_at timestamptz not null
);
create index monthly_gifts_by_email on monthly_gifts (donor_email, started_at desc) where donor_email is not null;
create index monthly_gifts_open_by_campaign on monthly_gifts (campaign_id, started_at) where status <> 'ended';
create index monthly_gifts_failed_by_organization on monthly_gifts (organization_id, failed_at desc)
  where failed_at is not null;
