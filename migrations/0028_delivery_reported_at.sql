-- The ad platform's own time of the report a campaign's delivery figures came from (its answer's HTTP
-- date): what the campaigner's "Figures as of" shows, while refreshed_at (our clock) keeps governing
-- freshness and the pull limits. Null for figures pulled before it was kept.
alter table campaign_deliveries add column reported_at timestamptz;
