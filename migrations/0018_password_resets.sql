-- Password reset by e-mail: one row per reset link sent. Only the token's SHA-256 is kept.

create table password_resets (
  id text collate "C" primary key,
  uid text not null,
  email text not null check (email = lower(email)),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_by_email on password_resets (email, created_at);
create index password_resets_open_by_uid on password_resets (uid) where used_at is null;
