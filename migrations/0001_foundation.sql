-- Foundation: the outbox, global settings and local sign-in.

create table outbox (
  position bigserial primary key,
  id text not null unique,
  type text not null,
  aggregate_type text not null,
  aggregate_id text not null,
  occurred_at timestamptz not null,
  payload jsonb not null,
  published_at timestamptz
);
create index outbox_unpublished on outbox (position) where published_at is null;

create table settings (
  id text primary key,
  donation_percentage numeric(5, 2) not null check (donation_percentage between 0 and 100),
  terms_and_conditions text,
  terms_and_conditions_link text,
  payment_disclaimer text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table credentials (
  uid text primary key,
  email text not null unique check (email = lower(email)),
  password_hash text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table sessions (
  token_hash text primary key,
  uid text not null references credentials (uid) on delete cascade,
  created_at timestamptz not null,
  renewed_at timestamptz not null,
  expires_at timestamptz not null
);
create index sessions_uid on sessions (uid);
create index sessions_expires_at on sessions (expires_at);
