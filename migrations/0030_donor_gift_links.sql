-- A donor's own gifts page, open without an account. Gifts are found by the e-mail the payer gave the
-- payment provider (kept lowercased on the donation), and reached by links sent to that address: one in
-- every receipt, and one on request. Only each link's SHA-256 is kept, as for the visit it opens.

alter table donations add column donor_email text check (donor_email = lower(donor_email));
create index donations_donor_email_date on donations (donor_email, date desc, id desc) where donor_email is not null;

-- Gifts recorded before: the payer's e-mail as the provider's kept event gave it (a checkout session's
-- customer details or e-mail, or a payment intent's receipt e-mail).
update donations d
  set donor_email = lower(trim(found.email))
  from (
    select distinct on (payment_intent_id) payment_intent_id,
      coalesce(raw->'customer_details'->>'email', raw->>'customer_email', raw->>'receipt_email') as email
    from donator_raw
    where event_type = 'paymentSucceeded'
      and coalesce(raw->'customer_details'->>'email', raw->>'customer_email', raw->>'receipt_email') is not null
    order by payment_intent_id, created_at
  ) found
  where d.payment_intent_id = found.payment_intent_id and d.donor_email is null and trim(found.email) <> '';

create table gift_links (
  id text collate "C" primary key,
  email text not null check (email = lower(email)),
  purpose text not null check (purpose in ('receipt', 'request', 'visit')),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index gift_links_requests_by_email on gift_links (email, purpose, created_at);
