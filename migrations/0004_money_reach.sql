-- Money and reach: donations, appreciations, promotions, audiences and share tracking.
-- Money is integer cents. No foreign keys to campaigns: payments are recorded as the provider
-- reports them, even for a campaign this store does not (yet) hold.

create table donator (
  id text primary key,
  campaign_id text not null,
  -- Unique: this is what records a payment exactly once, however often its webhook arrives.
  payment_intent_id text not null unique,
  amount bigint not null check (amount >= 0),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index donator_campaign_created on donator (campaign_id, created_at desc, id desc);

create table donator_raw (
  id text primary key,
  campaign_id text not null,
  payment_intent_id text not null unique,
  amount bigint not null check (amount >= 0),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  raw jsonb not null default '{}'::jsonb
);

create table donations (
  id text primary key,
  campaign_id text not null,
  user_id text,
  amount bigint not null check (amount >= 0),
  date timestamptz not null,
  session_id text
);
create index donations_user_date on donations (user_id, date desc, id desc);
create index donations_campaign_date on donations (campaign_id, date desc, id desc);

create table appreciations (
  id text primary key,
  campaign_id text not null,
  campaigner_id text not null,
  promoter_id text,
  payment_intent_id text,
  email_message text not null default '',
  page_message text not null default '',
  include_page_campaign_name boolean not null default true,
  include_page_donor_name boolean not null default true,
  include_page_donor_amount boolean not null default true,
  include_email_campaign_name boolean not null default true,
  include_email_donor_name boolean not null default true,
  include_email_donor_amount boolean not null default true,
  include_header_email boolean not null default false,
  include_customized_header_email boolean not null default false,
  email_header_url text,
  update_date timestamptz not null
);
-- One per campaign and promoter; the campaign's own (no promoter) counts as one promoter.
create unique index appreciations_campaign_promoter on appreciations (campaign_id, coalesce(promoter_id, ''));
create index appreciations_campaigner on appreciations (campaigner_id, update_date desc, id desc);
create index appreciations_promoter on appreciations (promoter_id, update_date desc, id desc);

create table promotions (
  id text primary key,
  creator_id text not null,
  root_company_id text not null,
  created_at timestamptz not null,
  unique (creator_id, root_company_id)
);
create index promotions_creator_created on promotions (creator_id, created_at desc, id desc);
create index promotions_root_company_created on promotions (root_company_id, created_at desc, id desc);

create table audiences (
  id text primary key,
  campaign_id text not null,
  audience_id text not null,
  created_at timestamptz not null
);
create index audiences_campaign_created on audiences (campaign_id, created_at desc, id desc);

-- One row per campaign; clicks add to a channel's counter in place, never read-modify-write.
create table shares_clicks (
  campaign_id text primary key,
  x bigint not null default 0 check (x >= 0),
  linkedin bigint not null default 0 check (linkedin >= 0),
  facebook bigint not null default 0 check (facebook >= 0),
  instagram bigint not null default 0 check (instagram >= 0)
);

create table click_events (
  id text primary key,
  campaign_id text not null,
  channel text not null check (channel in ('x', 'linkedin', 'facebook', 'instagram')),
  promoter_id text,
  created_at timestamptz not null
);
create index click_events_campaign_created on click_events (campaign_id, created_at desc, id desc);
create index click_events_campaign_promoter_created on click_events (campaign_id, promoter_id, created_at desc, id desc);

create table utms (
  id text primary key,
  campaign_id text not null,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  utm_term text,
  created_at timestamptz not null
);
create index utms_campaign_created on utms (campaign_id, created_at desc, id desc);
