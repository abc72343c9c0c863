import type { NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface MonthlyGiftsTable {
  subscription_id: string;
  customer_id: string;
  campaign_id: string;
  organization_id: string | null;
  donor_email: string | null;
  promoter_id: string | null;
  amount_cents: number;
  status: string;
  paused: boolean;
  cancel_at_period_end: boolean;
  current_period_end: NullableTimestamptz;
  started_at: Timestamptz;
  ended_at: NullableTimestamptz;
  ended_reason: string | null;
  failed_invoice_id: string | null;
  failed_attempts: number;
  failure_reason: string | null;
  failed_at: NullableTimestamptz;
  next_attempt_at: NullableTimestamptz;
  failures_mailed: number;
  reminder_sent_at: NullableTimestamptz;
  ending_mailed: boolean;
  changed_at: Timestamptz;
}

export interface MonthlyGiftTables {
  monthly_gifts: MonthlyGiftsTable;
}
