-- Registration by invitation: one row per invitation token. Only the token's SHA-256 is kept.
-- Ids use the C collation so that ties on time sort by byte order, as every store sorts them.

create table registration_tokens (
  id text collate "C" primary key,
  email text not null check (email = lower(email)),
  name text not null check (length(trim(name)) > 0),
  organization_id text not null,
  account_type text not null check (account_type in ('campaigner', 'promoter', 'donor')),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_by text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by text,
  -- Used means both when and by whom.
  constraint registration_tokens_used check ((used_at is null) = (used_by is null))
);
create index registration_tokens_pending on registration_tokens (organization_id, created_at desc, id desc)
  where used_at is null;
