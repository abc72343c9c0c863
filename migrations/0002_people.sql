-- People: organizations, user profiles and the copies of hard-deleted profiles.

create table organizations (
  organization_id text primary key,
  name text not null check (length(trim(name)) > 0),
  address text,
  phone text,
  email text check (email = lower(email)),
  website text,
  logo text,
  terms_and_conditions text,
  terms_and_conditions_link text,
  payment_disclaimer text,
  donation_percentage numeric(5, 2) not null default 0 check (donation_percentage between 0 and 100),
  header_color text,
  footer_color text,
  side_bar_color text,
  back_ground_color text,
  image_login text,
  organization_code text,
  advertiser_id text,
  is_deleted boolean not null default false,
  created_date timestamptz not null
);
-- Lists are alphabetical, case-insensitively and the same on every server collation.
create index organizations_by_name on organizations ((lower(name) collate "C"), (name collate "C"));

create table users (
  uid text primary key,
  user_id text not null,
  email text not null unique check (email = lower(email)),
  first_name text not null default '',
  last_name text not null default '',
  avatar text,
  account_type text not null check (account_type in ('campaigner', 'promoter', 'donor')),
  organisation_name text,
  organisation_goals text,
  organisation_type text,
  description text,
  title text,
  admin boolean not null default false,
  super_user boolean not null default false,
  is_demo boolean not null default false,
  is_deleted boolean not null default false,
  organization_id text references organizations (organization_id),
  last_login timestamptz,
  created_at timestamptz not null,
  total_spend bigint not null default 0 check (total_spend >= 0),
  promoted_campaigns text[] not null default '{}',
  promoted_root_campaignes text[] not null default '{}',
  -- SPEC §5: demo users are never admins.
  constraint users_demo_not_admin check (not (is_demo and admin))
);
create index users_by_created_at on users (created_at desc);
create index users_by_organization on users (organization_id, created_at desc);
create index users_by_account_type on users (account_type, created_at desc);

-- One copy per uid: a uid deleted again replaces its earlier copy, as the deletedUsers document would.
create table deleted_users (
  uid text primary key,
  user_id text not null,
  email text not null,
  first_name text not null,
  last_name text not null,
  avatar text,
  account_type text not null,
  organisation_name text,
  organisation_goals text,
  organisation_type text,
  description text,
  title text,
  admin boolean not null,
  super_user boolean not null,
  is_demo boolean not null,
  is_deleted boolean not null,
  organization_id text,
  last_login timestamptz,
  created_at timestamptz not null,
  total_spend bigint not null,
  promoted_campaigns text[] not null,
  promoted_root_campaignes text[] not null,
  deleted_at timestamptz not null
);
