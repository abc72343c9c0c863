-- Fixed-window counters of the rate limits (sign-in failures, donation checkouts, declined cards),
-- shared by every instance of the app. A key is chosen by the app (hashed client addresses, never raw).
create table rate_limits (
  key text primary key,
  count integer not null check (count >= 0),
  reset_at timestamptz not null
);
-- Housekeeping removes the windows that have ended.
create index rate_limits_reset_at on rate_limits (reset_at);
