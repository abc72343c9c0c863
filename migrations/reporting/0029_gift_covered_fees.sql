-- The card fee a donor covered on top of a gift, and what a refund took back of it; a campaign's and a
-- scope's day count the gifts that covered it (not refunded in full) and the fees covered net of refunds.
alter table reporting.gifts
  add column covered_fee_cents bigint not null default 0 check (covered_fee_cents >= 0),
  add column covered_fee_refunded_cents bigint not null default 0
    check (covered_fee_refunded_cents >= 0 and covered_fee_refunded_cents <= covered_fee_cents);

alter table reporting.campaign_days
  add column fee_gifts bigint not null default 0,
  add column covered_fee_cents bigint not null default 0;

alter table reporting.scope_days
  add column fee_gifts bigint not null default 0,
  add column covered_fee_cents bigint not null default 0;
