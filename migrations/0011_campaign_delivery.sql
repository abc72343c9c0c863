-- What is known of each deployed campaign's delivery on the ad platform: the latest figures pulled
-- from its reports (the whole flight and its days), the pause goal-aware pacing made (once), and the
-- last pull that failed. Every API instance pulls on its schedule: writes keep the newer figures.
create table campaign_deliveries (
  campaign_id text primary key,
  -- The latest figures; all null before the first good pull.
  insertion_order_id text,
  line_item_id text,
  line_item_status text check (line_item_status in ('play', 'pause', 'stop', 'archived')),
  flight_start text check (flight_start ~ '^\d{4}-\d{2}-\d{2}$'),
  flight_end text check (flight_end ~ '^\d{4}-\d{2}-\d{2}$'),
  impressions bigint check (impressions >= 0),
  clicks bigint check (clicks >= 0),
  spend_cents bigint check (spend_cents >= 0),
  -- One entry per day of the flight so far: {day, impressions, clicks, spendCents}.
  daily jsonb not null default '[]'::jsonb,
  refreshed_at timestamptz,
  -- The pause pacing made: why (goalReached, deadlinePassed), the sentence sent, when.
  pause_reasons jsonb,
  pause_message text,
  paused_at timestamptz,
  last_failure_message text,
  last_failure_at timestamptz,
  check ((refreshed_at is null) = (insertion_order_id is null)),
  check ((paused_at is null) = (pause_reasons is null)),
  check ((last_failure_at is null) = (last_failure_message is null))
);
