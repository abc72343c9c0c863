-- Every list the API serves pages by (instant desc, id desc): each list's filter and order is one index,
-- so the first page and a deep page read the same few rows however long the list grows.

-- People: newest first, ties by uid.
drop index users_by_created_at;
drop index users_by_organization;
drop index users_by_account_type;
create index users_by_created_at on users (created_at desc, uid desc);
create index users_by_organization on users (organization_id, created_at desc, uid desc);
create index users_by_account_type on users (account_type, created_at desc, uid desc);
create index users_by_organization_account_type on users (organization_id, account_type, created_at desc, uid desc);

-- Campaign drafts: the drafts list (unpaid; status null, '', New or Canceled) has partial indexes of its
-- own; pending, pending-publish and publishing are one status and paid or not.
drop index pre_campaigns_by_user;
drop index pre_campaigns_by_organization;
drop index pre_campaigns_by_status;
create index pre_campaigns_lists on pre_campaigns (workflow_status, is_paid, created_at desc, id desc)
  where not is_deleted;
create index pre_campaigns_lists_by_user on pre_campaigns (user_id, workflow_status, is_paid, created_at desc, id desc)
  where not is_deleted;
create index pre_campaigns_lists_by_organization
  on pre_campaigns (organization_id, workflow_status, is_paid, created_at desc, id desc)
  where not is_deleted;
create index pre_campaigns_drafts on pre_campaigns (created_at desc, id desc)
  where not is_deleted and not is_paid and (workflow_status is null or workflow_status in ('', 'New', 'Canceled'));
create index pre_campaigns_drafts_by_user on pre_campaigns (user_id, created_at desc, id desc)
  where not is_deleted and not is_paid and (workflow_status is null or workflow_status in ('', 'New', 'Canceled'));
create index pre_campaigns_drafts_by_organization on pre_campaigns (organization_id, created_at desc, id desc)
  where not is_deleted and not is_paid and (workflow_status is null or workflow_status in ('', 'New', 'Canceled'));

-- The audit log: each filter ordered by instant, then id.
drop index logs_document_date;
drop index logs_event_date;
drop index logs_created_by_date;
drop index logs_trigger_id_date;
create index logs_document_date on logs (document, created_date desc, id desc);
create index logs_event_date on logs (event, created_date desc, id desc);
create index logs_created_by_date on logs (created_by, created_date desc, id desc);
create index logs_trigger_id_date on logs (trigger_id, created_date desc, id desc) where trigger_id is not null;

-- Unread notifications, ties by id.
drop index notifications_unread;
create index notifications_unread on notifications (user_to, notification_date desc, notification_id desc)
  where not is_read;
