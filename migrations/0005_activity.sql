-- Activity: notifications to users, the admin audit log, and the record of sent and failed e-mails.
-- Ids use the C collation so that ties on time sort by byte order, as every store sorts them.

create table notifications (
  notification_id text collate "C" primary key,
  type text not null,
  message text not null,
  notification_date timestamptz not null,
  is_read boolean not null default false,
  read_date timestamptz,
  url text,
  from_user_id text,
  user_to text not null,
  campaign_id text,
  campaign_name text,
  campaign_amount bigint check (campaign_amount >= 0),
  campaign_date timestamptz,
  campaign_status text
);
create index notifications_user_to_date on notifications (user_to, notification_date desc, notification_id desc);
create index notifications_unread on notifications (user_to, notification_date desc) where not is_read;

create table logs (
  id text collate "C" primary key,
  created_by text not null,
  created_date timestamptz not null,
  document text not null,
  event text not null,
  action text not null,
  trigger_id text,
  trigger_name text
);
create index logs_created_date on logs (created_date desc, id desc);
create index logs_document_date on logs (document, created_date desc);
create index logs_event_date on logs (event, created_date desc);
create index logs_created_by_date on logs (created_by, created_date desc);
create index logs_trigger_id_date on logs (trigger_id, created_date desc) where trigger_id is not null;

create table emails (
  id text collate "C" primary key,
  to_address text not null check (to_address = lower(to_address)),
  subject text not null,
  kind text not null,
  message_id text,
  created_at timestamptz not null
);
create index emails_created_at on emails (created_at desc, id desc);
create index emails_to_address_created_at on emails (to_address, created_at desc);

create table error_emails (
  id text collate "C" primary key,
  to_address text not null check (to_address = lower(to_address)),
  subject text not null,
  kind text not null,
  error text not null,
  created_at timestamptz not null
);
create index error_emails_created_at on error_emails (created_at desc, id desc);
