-- Durable deployment jobs: the 8 steps of a campaign's set-up on the ad platform (SPEC §4). Each
-- external id is stored before the next step runs; a worker holds a job under a lease, and another
-- takes it up when the lease runs out.
create table deployments (
  id text primary key,
  pre_campaign_id text not null references pre_campaigns (id),
  campaign_id text not null,
  status text not null check (status in ('queued', 'running', 'failed', 'succeeded')),
  step integer not null check (step between 1 and 8),
  started_by text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  error_report_id text,
  last_error text,
  advertiser_id text,
  insertion_order_id text,
  line_item_id text,
  -- One entry per ad file: its asset, creative and ad ids as they are made.
  ad_files jsonb not null default '[]'::jsonb,
  lease_owner text,
  lease_until timestamptz
);

-- At most one active job per draft.
create unique index deployments_one_active on deployments (pre_campaign_id) where status in ('queued', 'running');
create index deployments_by_draft on deployments (pre_campaign_id, created_at desc, id desc);
-- What a worker looks for: queued jobs, and running ones whose lease ran out.
create index deployments_to_claim on deployments (status, lease_until, created_at) where status in ('queued', 'running');
