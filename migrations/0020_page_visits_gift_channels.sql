-- Visits of a campaign's public page, counted per UTC day; the share channel a gift came by.

create table campaign_page_visits (
  campaign_id text not null,
  day date not null,
  visits bigint not null default 0 check (visits >= 0),
  primary key (campaign_id, day)
);

alter table donations add column channel text;
alter table donation_checkouts add column channel text;
