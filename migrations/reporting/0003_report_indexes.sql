-- The reports' ranges read the rollups from their indexes alone (index-only scans): an organization's
-- days, every organization's days, and an organization's promoters' days.
create index campaign_days_organization_day_figures on reporting.campaign_days (organization_id, day)
  include (gifts, gross_cents, refunded_cents, refunds, raised_cents, impressions, ad_clicks, spend_cents);
create index campaign_days_day_figures on reporting.campaign_days (day)
  include (organization_id, gifts, gross_cents, refunded_cents, refunds, raised_cents, impressions, ad_clicks, spend_cents);
create index promoter_days_organization_day_figures on reporting.promoter_days (organization_id, day)
  include (promoter_id, campaign_id, clicks_x, clicks_linkedin, clicks_facebook, clicks_instagram, gifts, raised_cents);
