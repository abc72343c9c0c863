-- Donation bookkeeping: every payment event kept as received, each donation's split between the
-- organization and the ad budget, refunds, and the checkouts donors open (their name and message wait
-- there for the payment).

-- donator_raw keeps every event as it was received (one row per provider event, however often it is
-- delivered), so a payment announced by several events has several rows. The payment itself is
-- recorded once by donator's unique payment_intent_id.
alter table donator_raw drop constraint if exists donator_raw_payment_intent_id_key;
-- A refund may arrive before the payment it refunds: its campaign is not known yet.
alter table donator_raw alter column campaign_id drop not null;
alter table donator_raw add column event_id text;
alter table donator_raw add column event_type text;
alter table donator_raw add column processed_at timestamptz;
alter table donator_raw add column error text;
update donator_raw
  set event_id = 'legacy_' || payment_intent_id, event_type = 'paymentSucceeded', processed_at = created_at
  where event_id is null;
alter table donator_raw alter column event_id set not null;
alter table donator_raw alter column event_type set not null;
create unique index donator_raw_event on donator_raw (event_id);
create index donator_raw_payment_intent on donator_raw (payment_intent_id);
create index donator_raw_unprocessed on donator_raw (created_at) where processed_at is null;

-- Each donation keeps its payment, its donor, the percentage it was split by and the two shares, and
-- what has been refunded of it. Rows written before have no payment intent (nulls are distinct).
alter table donations add column payment_intent_id text;
alter table donations add column donor_id text;
alter table donations add column donor_name text;
alter table donations add column message text;
alter table donations add column donation_percentage double precision not null default 80
  check (donation_percentage >= 0 and donation_percentage <= 100);
alter table donations add column organization_share bigint not null default 0 check (organization_share >= 0);
alter table donations add column ad_budget_share bigint not null default 0 check (ad_budget_share >= 0);
alter table donations add column refunded bigint not null default 0 check (refunded >= 0 and refunded <= amount);
update donations set organization_share = (amount * 80 + 50) / 100 where organization_share = 0;
update donations set ad_budget_share = amount - organization_share;
create unique index donations_payment_intent on donations (payment_intent_id);
create index donations_session on donations (session_id);
create index donations_donor_date on donations (donor_id, date desc, id desc);

-- All that has been refunded of a payment so far (the provider reports it cumulatively). Kept apart
-- from the donation so a refund that arrives before its payment is applied when the payment is recorded;
-- its row is also what concurrent recordings and refunds of one payment take turns on.
create table donation_refunds (
  payment_intent_id text primary key,
  refunded bigint not null check (refunded >= 0),
  updated_at timestamptz not null
);

-- A donor's checkout: what they wrote beside the amount, until the payment's webhook records it.
create table donation_checkouts (
  session_id text primary key,
  campaign_id text not null,
  amount bigint not null check (amount > 0),
  donor_name text,
  message text,
  promoter_id text,
  donor_id text,
  created_at timestamptz not null
);
create index donation_checkouts_campaign on donation_checkouts (campaign_id, created_at desc);
