-- A scope's day also sums its page visits and each share channel's clicks, gifts and raised, so the
-- overview's funnel and channels read the scope's days like its other figures.
alter table reporting.scope_days
  add column page_visits bigint not null default 0,
  add column share_clicks_x bigint not null default 0,
  add column share_clicks_linkedin bigint not null default 0,
  add column share_clicks_facebook bigint not null default 0,
  add column share_clicks_instagram bigint not null default 0,
  add column gifts_x bigint not null default 0,
  add column gifts_linkedin bigint not null default 0,
  add column gifts_facebook bigint not null default 0,
  add column gifts_instagram bigint not null default 0,
  add column raised_x bigint not null default 0,
  add column raised_linkedin bigint not null default 0,
  add column raised_facebook bigint not null default 0,
  add column raised_instagram bigint not null default 0;

-- Scope days written before hold no visits or channels: summed again from the campaign days.
delete from reporting.scope_days;
insert into reporting.scope_days (scope, day, campaign_days, gifts, gross_cents, refunded_cents, refunds,
  raised_cents, impressions, ad_clicks, spend_cents, page_visits,
  share_clicks_x, share_clicks_linkedin, share_clicks_facebook, share_clicks_instagram,
  gifts_x, gifts_linkedin, gifts_facebook, gifts_instagram,
  raised_x, raised_linkedin, raised_facebook, raised_instagram)
select s.scope, d.day, count(*), sum(d.gifts), sum(d.gross_cents), sum(d.refunded_cents), sum(d.refunds),
  sum(d.raised_cents), sum(d.impressions), sum(d.ad_clicks), sum(d.spend_cents), sum(d.page_visits),
  sum(d.share_clicks_x), sum(d.share_clicks_linkedin), sum(d.share_clicks_facebook), sum(d.share_clicks_instagram),
  sum(d.gifts_x), sum(d.gifts_linkedin), sum(d.gifts_facebook), sum(d.gifts_instagram),
  sum(d.raised_x), sum(d.raised_linkedin), sum(d.raised_facebook), sum(d.raised_instagram)
from reporting.campaign_days d
cross join lateral (values (coalesce(d.organization_id, '')), ('/')) as s(scope)
group by s.scope, d.day;
