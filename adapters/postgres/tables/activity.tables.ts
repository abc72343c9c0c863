import type { Generated } from 'kysely';
import type { NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface NotificationsTable {
  notification_id: string;
  type: string;
  message: string;
  notification_date: Timestamptz;
  is_read: Generated<boolean>;
  read_date: NullableTimestamptz;
  url: string | null;
  from_user_id: string | null;
  user_to: string;
  campaign_id: string | null;
  campaign_name: string | null;
  /** bigint cents, read back as a number (the int8 parser in connection.ts). */
  campaign_amount: number | null;
  campaign_date: NullableTimestamptz;
  campaign_status: string | null;
}

export interface LogsTable {
  id: string;
  created_by: string;
  created_date: Timestamptz;
  document: string;
  event: string;
  action: string;
  trigger_id: string | null;
  trigger_name: string | null;
}

export interface EmailsTable {
  id: string;
  to_address: string;
  subject: string;
  kind: string;
  message_id: string | null;
  created_at: Timestamptz;
}

export interface ErrorEmailsTable {
  id: string;
  to_address: string;
  subject: string;
  kind: string;
  error: string;
  created_at: Timestamptz;
}

export interface ActivityTables {
  notifications: NotificationsTable;
  logs: LogsTable;
  emails: EmailsTable;
  error_emails: ErrorEmailsTable;
}
