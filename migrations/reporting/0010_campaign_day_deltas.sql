-- campaign_days are kept by adding what a batch's facts add and subtracting what the facts they
-- replace held, instead of summing a touched day's facts again. A row counts its facts (`facts`) and
-- goes when none is left. Distinct donors are counted from the live gifts per donor of a campaign's
-- day (`campaign_day_donors`) and of the campaign (`campaign_donors`): rows with at least one gift not
-- refunded in full.
alter table reporting.campaign_days add column facts integer not null default 0;

update reporting.campaign_days d set facts = f.facts
from (
  select campaign_id, day, sum(n) as facts from (
    select campaign_id, day, count(*) as n from reporting.gifts group by campaign_id, day
    union all select campaign_id, day, count(*) from reporting.ad_days group by campaign_id, day
    union all select campaign_id, day, count(*) from reporting.page_visits group by campaign_id, day
    union all select campaign_id, day, count(*) from reporting.checkouts group by campaign_id, day
    union all select campaign_id, day, count(*) from reporting.share_clicks group by campaign_id, day
  ) parts group by campaign_id, day
) f
where d.campaign_id = f.campaign_id and d.day = f.day;

create table reporting.campaign_day_donors (
  campaign_id text not null,
  day date not null,
  donor_key text not null,
  gifts integer not null,
  primary key (campaign_id, day, donor_key)
);

create table reporting.campaign_donors (
  campaign_id text not null,
  donor_key text not null,
  gifts integer not null,
  primary key (campaign_id, donor_key)
);

insert into reporting.campaign_day_donors (campaign_id, day, donor_key, gifts)
select campaign_id, day, donor_key, count(*) from reporting.gifts where refunded_cents < amount_cents
group by campaign_id, day, donor_key;

insert into reporting.campaign_donors (campaign_id, donor_key, gifts)
select campaign_id, donor_key, count(*) from reporting.gifts where refunded_cents < amount_cents
group by campaign_id, donor_key;
