-- QR codes are a share channel of their own: a scan of a printed code is a click of channel 'qr'.
alter table shares_clicks add column qr bigint not null default 0 check (qr >= 0);

alter table click_events drop constraint click_events_channel_check;
alter table click_events add constraint click_events_channel_check
  check (channel in ('x', 'linkedin', 'facebook', 'instagram', 'qr'));

alter table share_links drop constraint share_links_channel_check;
alter table share_links add constraint share_links_channel_check
  check (channel in ('x', 'linkedin', 'facebook', 'instagram', 'qr'));
