-- Promoters' own fundraising pages: one per promoter and campaign, with their words, photo and personal
-- goal. A campaigner may hide one (with the reason the promoter is told). Progress is not kept here: it is
-- counted from the donations credited to the promoter (donations.user_id) for the campaign.

create table fundraiser_pages (
  id text collate "C" primary key,
  promoter_id text collate "C" not null,
  campaign_id text collate "C" not null,
  organization_id text collate "C" not null,
  headline text not null check (char_length(headline) <= 120),
  story text not null check (char_length(story) <= 2000),
  photo text check (char_length(photo) <= 2048),
  goal_cents integer not null check (goal_cents >= 0),
  show_on_leaderboard boolean not null default true,
  hidden boolean not null default false,
  hidden_reason text check (char_length(hidden_reason) <= 500),
  hidden_at timestamptz,
  hidden_by text collate "C",
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (campaign_id, promoter_id)
);
create index fundraiser_pages_by_promoter on fundraiser_pages (promoter_id, created_at desc, id desc);
create index fundraiser_pages_by_organization on fundraiser_pages (organization_id, created_at desc, id desc);
