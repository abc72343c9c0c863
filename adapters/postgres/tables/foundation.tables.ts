import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written as ISO strings and read back as Dates. */
export type Timestamptz = ColumnType<Date, string | Date, string | Date>;
export type NullableTimestamptz = ColumnType<Date | null, string | Date | null, string | Date | null>;
/** jsonb: written as JSON text, read back parsed. */
export type Jsonb<T> = ColumnType<T, string, string>;

export interface OutboxTable {
  position: Generated<number>;
  id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  occurred_at: Timestamptz;
  payload: Jsonb<Record<string, unknown>>;
  published_at: NullableTimestamptz;
}

export interface SettingsTable {
  id: string;
  donation_percentage: number;
  terms_and_conditions: string | null;
  terms_and_conditions_link: string | null;
  payment_disclaimer: string | null;
  card_fee_percent: Generated<number>;
  card_fee_fixed: Generated<number>;
  created_at: Timestamptz;
  updated_at: Timestamptz;
}

export interface CredentialsTable {
  uid: string;
  email: string;
  password_hash: string;
  created_at: Timestamptz;
  updated_at: Timestamptz;
}

export interface SessionsTable {
  token_hash: string;
  uid: string;
  created_at: Timestamptz;
  renewed_at: Timestamptz;
  expires_at: Timestamptz;
}

export interface FoundationTables {
  outbox: OutboxTable;
  settings: SettingsTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
}
