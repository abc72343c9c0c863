-- QR code scans are a share channel of their own ('qr'): facts may name it, and every rollup that
-- keeps a figure per channel keeps one for it (rows written before had none, so zero is right).
alter table reporting.gifts drop constraint gifts_channel_check;
alter table reporting.gifts add constraint gifts_channel_check
  check (channel in ('x', 'linkedin', 'facebook', 'instagram', 'qr'));
alter table reporting.checkouts drop constraint checkouts_channel_check;
alter table reporting.checkouts add constraint checkouts_channel_check
  check (channel in ('x', 'linkedin', 'facebook', 'instagram', 'qr'));
alter table reporting.share_clicks drop constraint share_clicks_channel_check;
alter table reporting.share_clicks add constraint share_clicks_channel_check
  check (channel in ('x', 'linkedin', 'facebook', 'instagram', 'qr'));

alter table reporting.campaign_days
  add column share_clicks_qr integer not null default 0,
  add column gifts_qr integer not null default 0,
  add column raised_qr bigint not null default 0;
alter table reporting.scope_days
  add column share_clicks_qr bigint not null default 0,
  add column gifts_qr bigint not null default 0,
  add column raised_qr bigint not null default 0;
alter table reporting.promoter_days add column clicks_qr integer not null default 0;
alter table reporting.promoter_totals add column clicks_qr bigint not null default 0;

drop index reporting.promoter_days_organization_day_figures;
create index promoter_days_organization_day_figures on reporting.promoter_days (organization_id, day)
  include (promoter_id, campaign_id, clicks_x, clicks_linkedin, clicks_facebook, clicks_instagram, clicks_qr, gifts,
    raised_cents);
