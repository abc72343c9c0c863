-- Donors may cover the card fee: the platform's rule (percent of the charge plus fixed cents), and on
-- each checkout and donation the fee covered beside the gift; a refund's share of the fee is kept apart.

alter table settings
  add column card_fee_percent numeric(4, 2) not null default 2.2 check (card_fee_percent between 0 and 10),
  add column card_fee_fixed integer not null default 30 check (card_fee_fixed between 0 and 500);

alter table donation_checkouts add column covered_fee bigint not null default 0 check (covered_fee >= 0);

alter table donations
  add column covered_fee bigint not null default 0 check (covered_fee >= 0),
  add column covered_fee_refunded bigint not null default 0
    check (covered_fee_refunded >= 0 and covered_fee_refunded <= covered_fee);
