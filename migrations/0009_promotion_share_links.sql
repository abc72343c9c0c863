-- A promotion names the campaign it promotes; root_company_id is that campaign's organization. Rows
-- written before held the campaign in root_company_id, so they keep it as their campaign.
alter table promotions add column campaign_id text;
update promotions set campaign_id = root_company_id;
alter table promotions alter column campaign_id set not null;
alter table promotions drop constraint promotions_creator_id_root_company_id_key;
alter table promotions add constraint promotions_creator_campaign unique (creator_id, campaign_id);
create index promotions_campaign_created on promotions (campaign_id, created_at desc, id desc);

-- A promoter's short link to a campaign for one channel (/s/{code}): one per campaign, promoter and channel.
create table share_links (
  code text primary key,
  campaign_id text not null,
  promoter_id text not null,
  channel text not null check (channel in ('x', 'linkedin', 'facebook', 'instagram')),
  created_at timestamptz not null,
  unique (campaign_id, promoter_id, channel)
);
create index share_links_promoter on share_links (promoter_id, campaign_id);
