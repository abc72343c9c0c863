-- The reporting mirror: facts and daily rollups shaped for the reports, kept in step with the
-- operational store by the projector (outbox events name what changed; the facts are read from the
-- store). It lives in schema `reporting` of the operational database, or of a database of its own
-- (REPORTING_DATABASE_URL, or an embedded one beside a Firestore store). Money is cents; days are UTC.

create schema if not exists reporting;

-- ── Dimensions: equal to the store's current state ──────────────────────────────────────────────

create table reporting.organizations (
  organization_id text primary key,
  name text not null,
  is_deleted boolean not null default false
);

create table reporting.people (
  user_id text primary key,
  organization_id text,
  first_name text not null default '',
  last_name text not null default '',
  email text not null,
  account_type text not null,
  is_deleted boolean not null default false,
  created_at timestamptz not null
);

create table reporting.campaigns (
  campaign_id text primary key,
  organization_id text,
  owner_id text not null,
  name text not null,
  title text not null,
  goal_cents bigint not null default 0,
  deadline timestamptz,
  budget_lifetime_cents bigint not null default 0,
  target_cpc_cents bigint not null default 0,
  created_at timestamptz not null,
  is_deleted boolean not null default false,
  cover_image text
);
create index campaigns_organization_created on reporting.campaigns (organization_id, created_at desc);
create index campaigns_created on reporting.campaigns (created_at desc);

-- ── Facts: one row per thing that happened, keyed as the store keys it ──────────────────────────

create table reporting.gifts (
  payment_intent_id text primary key,
  campaign_id text not null,
  organization_id text,
  occurred_at timestamptz not null,
  day date not null,
  amount_cents bigint not null check (amount_cents >= 0),
  refunded_cents bigint not null default 0 check (refunded_cents >= 0 and refunded_cents <= amount_cents),
  -- Who gave, the same across gifts: 'email:<lowercased address>', else 'user:<id>', else 'payment:<id>'.
  donor_key text not null,
  donor_id text,
  donor_name text,
  donor_email text,
  message text,
  promoter_id text,
  channel text check (channel in ('x', 'linkedin', 'facebook', 'instagram')),
  card_brand text,
  card_last4 text,
  receipt_url text
);
create index gifts_organization_day on reporting.gifts (organization_id, day) include (donor_key, amount_cents, refunded_cents);
create index gifts_day on reporting.gifts (day) include (donor_key, amount_cents, refunded_cents);
create index gifts_campaign_occurred on reporting.gifts (campaign_id, occurred_at desc, payment_intent_id desc);
create index gifts_organization_occurred on reporting.gifts (organization_id, occurred_at desc, payment_intent_id desc);
create index gifts_occurred on reporting.gifts (occurred_at desc, payment_intent_id desc);
create index gifts_organization_donor on reporting.gifts (organization_id, donor_key);
create index gifts_promoter_day on reporting.gifts (promoter_id, day) where promoter_id is not null;

create table reporting.checkouts (
  session_id text primary key,
  campaign_id text not null,
  organization_id text,
  occurred_at timestamptz not null,
  day date not null,
  amount_cents bigint not null,
  promoter_id text,
  channel text check (channel in ('x', 'linkedin', 'facebook', 'instagram'))
);
create index checkouts_campaign_day on reporting.checkouts (campaign_id, day);

create table reporting.share_clicks (
  click_id text primary key,
  campaign_id text not null,
  organization_id text,
  promoter_id text,
  channel text not null check (channel in ('x', 'linkedin', 'facebook', 'instagram')),
  occurred_at timestamptz not null,
  day date not null
);
create index share_clicks_campaign_day on reporting.share_clicks (campaign_id, day);
create index share_clicks_promoter_day on reporting.share_clicks (promoter_id, day) where promoter_id is not null;

create table reporting.page_visits (
  campaign_id text not null,
  day date not null,
  organization_id text,
  visits bigint not null check (visits >= 0),
  primary key (campaign_id, day)
);

create table reporting.ad_days (
  campaign_id text not null,
  day date not null,
  organization_id text,
  impressions bigint not null check (impressions >= 0),
  clicks bigint not null check (clicks >= 0),
  spend_cents bigint not null check (spend_cents >= 0),
  primary key (campaign_id, day)
);

create table reporting.promotions (
  promotion_id text primary key,
  promoter_id text not null,
  campaign_id text not null,
  organization_id text,
  created_at timestamptz not null
);
create index promotions_campaign on reporting.promotions (campaign_id);
create index promotions_organization on reporting.promotions (organization_id);

-- ── Rollups: recomputed from the facts for every key a batch touches ────────────────────────────

-- A campaign's day: what it raised (by the day of each gift, net of refunds), its ads, its page.
create table reporting.campaign_days (
  campaign_id text not null,
  day date not null,
  organization_id text,
  gifts integer not null default 0,
  gross_cents bigint not null default 0,
  refunded_cents bigint not null default 0,
  refunds integer not null default 0,
  raised_cents bigint not null default 0,
  donors integer not null default 0,
  impressions bigint not null default 0,
  ad_clicks bigint not null default 0,
  spend_cents bigint not null default 0,
  page_visits bigint not null default 0,
  checkouts integer not null default 0,
  share_clicks_x integer not null default 0,
  share_clicks_linkedin integer not null default 0,
  share_clicks_facebook integer not null default 0,
  share_clicks_instagram integer not null default 0,
  gifts_x integer not null default 0,
  gifts_linkedin integer not null default 0,
  gifts_facebook integer not null default 0,
  gifts_instagram integer not null default 0,
  raised_x bigint not null default 0,
  raised_linkedin bigint not null default 0,
  raised_facebook bigint not null default 0,
  raised_instagram bigint not null default 0,
  primary key (campaign_id, day)
);
create index campaign_days_organization_day on reporting.campaign_days (organization_id, day);
create index campaign_days_day on reporting.campaign_days (day);

-- A promoter's day for one campaign: clicks on their links and the gifts those links brought.
create table reporting.promoter_days (
  promoter_id text not null,
  campaign_id text not null,
  day date not null,
  organization_id text,
  clicks_x integer not null default 0,
  clicks_linkedin integer not null default 0,
  clicks_facebook integer not null default 0,
  clicks_instagram integer not null default 0,
  gifts integer not null default 0,
  raised_cents bigint not null default 0,
  primary key (promoter_id, campaign_id, day)
);
create index promoter_days_organization_day on reporting.promoter_days (organization_id, day);
create index promoter_days_day on reporting.promoter_days (day);

-- A donor of an organization ('' for gifts to campaigns without one): their first and last gift, count
-- and total (net of refunds; gifts refunded in full do not count).
create table reporting.donors (
  organization_id text not null,
  donor_key text not null,
  donor_name text,
  donor_email text,
  first_gift_at timestamptz not null,
  last_gift_at timestamptz not null,
  first_day date not null,
  gifts integer not null,
  total_cents bigint not null,
  primary key (organization_id, donor_key)
);
create index donors_organization_first on reporting.donors (organization_id, first_day);
create index donors_organization_total on reporting.donors (organization_id, total_cents desc, donor_key);
create index donors_key on reporting.donors (donor_key);

-- ── The projector's own bookkeeping ─────────────────────────────────────────────────────────────

-- Events applied, by id: an event read twice (a crash between applying and pruning the outbox, two
-- instances) is applied once. Kept for a while after their outbox rows are pruned.
create table reporting.applied_events (
  event_id text primary key,
  position bigint not null,
  applied_at timestamptz not null
);
create index applied_events_applied on reporting.applied_events (applied_at);

-- One row: the checkpoint (the last event applied), the figures of the status page, and the lease by
-- which one instance at a time applies a batch (the others wait for it to end or expire).
create table reporting.projector_state (
  id integer primary key check (id = 1),
  last_event_id text,
  last_position bigint,
  last_event_at timestamptz,
  last_applied_at timestamptz,
  events_applied bigint not null default 0,
  last_rebuild_at timestamptz,
  lease_holder text,
  lease_token text,
  lease_until timestamptz
);
insert into reporting.projector_state (id) values (1);
