-- A campaign's day of gifts, as the projector recomputes campaign_days for the days a batch touched
-- (the (campaign_id, occurred_at) index reads every gift of the campaign for one day).
create index gifts_campaign_day on reporting.gifts (campaign_id, day);
