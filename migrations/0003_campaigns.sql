-- Campaigns: drafts (pre-campaigns) with their workflow history, live campaigns, demo campaigns and
-- the error reports of failed deployments. Money is integer cents. Owners (user, organization) are
-- not foreign keys: the document stores hold drafts of users they no longer have, and every store
-- must answer the same.

create table pre_campaigns (
  id text primary key,
  campaign_uuid text not null,
  campaign_id_name text,
  user_id text not null,
  organization_id text,
  is_paid boolean not null default false,
  created_at timestamptz not null,
  start_date timestamptz,
  end_date timestamptz,
  campaign_name text not null default '',
  campaign_title text not null default '',
  campaign_description text not null default '',
  campaign_tags text[] not null default '{}',
  allow_donations boolean not null default true,
  budget_lifetime bigint not null default 0 check (budget_lifetime >= 0),
  budget_daily bigint not null default 0 check (budget_daily >= 0),
  budget_target_cpc bigint not null default 100 check (budget_target_cpc >= 0),
  demographic_target_age text[] not null default '{}',
  demographic_target_income text[] not null default '{}',
  demographic_target_gender text[] not null default '{}',
  zips text[] not null default '{}',
  cities text[] not null default '{}',
  states_amobee jsonb not null default '[]'::jsonb,
  landing_page_link text,
  campaign_ads_files jsonb not null default '[]'::jsonb,
  campaign_cover_image text,
  campaign_cover_video text,
  campaign_raise_goal bigint not null default 0 check (campaign_raise_goal >= 0),
  campaign_raise_goal_deadline timestamptz,
  header_image_desktop text,
  header_image_mobile text,
  header_url_desktop text,
  header_url_mobile text,
  footer_image_desktop text,
  footer_image_mobile text,
  footer_url_desktop text,
  footer_url_mobile text,
  spreadsheet_id text,
  funds bigint not null default 0 check (funds >= 0),
  campaign_raised bigint not null default 0 check (campaign_raised >= 0),
  donators integer check (donators >= 0),
  promoters text[] not null default '{}',
  -- SPEC §4: a fresh draft carries '' or null, read as New.
  workflow_status text check (workflow_status in ('', 'New', 'Pending', 'Approved', 'Published', 'Canceled')),
  payment_intent_id text,
  is_deleted boolean not null default false,
  amobee_deployed boolean not null default false,
  insertion_order_id text,
  line_item_id text,
  creative_ids text[] not null default '{}',
  ad_ids text[] not null default '{}',
  campaign_channel text,
  states text[] not null default '{}',
  locations text[] not null default '{}',
  duplicates text[] not null default '{}',
  budget_optimization_strategy text check (budget_optimization_strategy in ('clicks', 'impressions', 'conversions')),
  demographic_highest_degree_attained text[] not null default '{}',
  demographic_target_interests text[] not null default '{}',
  ad_files jsonb not null default '[]'::jsonb,
  landing_page text,
  landing_page_toggle boolean not null default false
);
-- The draft, pending and pending-publish lists: by owner, by organization, or all (super user);
-- each filters on status and sorts newest first. Deleted drafts are never listed.
create index pre_campaigns_by_user on pre_campaigns (user_id, workflow_status, created_at desc, id desc)
  where not is_deleted;
create index pre_campaigns_by_organization on pre_campaigns (organization_id, workflow_status, created_at desc, id desc)
  where not is_deleted;
create index pre_campaigns_by_status on pre_campaigns (workflow_status, created_at desc, id desc)
  where not is_deleted;

-- The workflow history of a draft, one row per step in the order the steps were taken.
create table workflow_entries (
  pre_campaign_id text not null references pre_campaigns (id) on delete cascade,
  position integer not null check (position >= 0),
  workflow_id text not null,
  status text not null check (status in ('New', 'Pending', 'Approved', 'Published', 'Canceled')),
  status_date timestamptz not null,
  status_user text not null,
  comments jsonb not null default '[]'::jsonb,
  primary key (pre_campaign_id, position)
);

create table campaigns (
  campaign_uuid text primary key,
  campaign_id_name text,
  user_id text not null,
  organization_id text,
  is_paid boolean not null default false,
  created_at timestamptz not null,
  start_date timestamptz,
  end_date timestamptz,
  campaign_name text not null default '',
  campaign_title text not null default '',
  campaign_description text not null default '',
  campaign_tags text[] not null default '{}',
  allow_donations boolean not null default true,
  budget_lifetime bigint not null default 0 check (budget_lifetime >= 0),
  budget_daily bigint not null default 0 check (budget_daily >= 0),
  budget_target_cpc bigint not null default 100 check (budget_target_cpc >= 0),
  demographic_target_age text[] not null default '{}',
  demographic_target_income text[] not null default '{}',
  demographic_target_gender text[] not null default '{}',
  zips text[] not null default '{}',
  cities text[] not null default '{}',
  states_amobee jsonb not null default '[]'::jsonb,
  landing_page_link text,
  campaign_ads_files jsonb not null default '[]'::jsonb,
  campaign_cover_image text,
  campaign_cover_video text,
  campaign_raise_goal bigint not null default 0 check (campaign_raise_goal >= 0),
  campaign_raise_goal_deadline timestamptz,
  header_image_desktop text,
  header_image_mobile text,
  header_url_desktop text,
  header_url_mobile text,
  footer_image_desktop text,
  footer_image_mobile text,
  footer_url_desktop text,
  footer_url_mobile text,
  spreadsheet_id text,
  funds bigint not null default 0 check (funds >= 0),
  campaign_raised bigint not null default 0 check (campaign_raised >= 0),
  donators integer check (donators >= 0),
  promoters text[] not null default '{}',
  -- The draft's history as it stood when the campaign was published: read and written whole.
  workflow jsonb not null default '[]'::jsonb,
  workflow_status text check (workflow_status in ('', 'New', 'Pending', 'Approved', 'Published', 'Canceled')),
  payment_intent_id text,
  is_deleted boolean not null default false,
  amobee_deployed boolean not null default false,
  insertion_order_id text,
  line_item_id text,
  creative_ids text[] not null default '{}',
  ad_ids text[] not null default '{}'
);
create index campaigns_by_created_at on campaigns (created_at desc, campaign_uuid desc) where not is_deleted;
create index campaigns_by_user on campaigns (user_id, created_at desc, campaign_uuid desc) where not is_deleted;
create index campaigns_by_organization on campaigns (organization_id, created_at desc, campaign_uuid desc)
  where not is_deleted;

create table demo_campaigns (
  campaign_uuid text primary key,
  campaign_name text not null default '',
  organization_id text,
  workflow_status text not null
    check (workflow_status in ('Draft', 'Pending', 'Approved', 'Published', 'Canceled', 'Rejected')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index demo_campaigns_by_created_at on demo_campaigns (created_at desc, campaign_uuid desc);
create index demo_campaigns_by_organization on demo_campaigns (organization_id, created_at desc, campaign_uuid desc);
create index demo_campaigns_by_status on demo_campaigns (workflow_status, created_at desc, campaign_uuid desc);

create table create_campaign_errors (
  id text primary key,
  pre_campaign_id text not null,
  step smallint not null check (step between 1 and 8),
  -- What the failing step was about to write and why it failed: free-form by nature.
  update_payload jsonb not null,
  created_at timestamptz not null
);
create index create_campaign_errors_by_pre_campaign on create_campaign_errors (pre_campaign_id, created_at desc, id desc);
