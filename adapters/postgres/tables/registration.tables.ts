import type { NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface RegistrationTokensTable {
  id: string;
  email: string;
  name: string;
  organization_id: string;
  account_type: string;
  token_hash: string;
  created_by: string;
  created_at: Timestamptz;
  expires_at: Timestamptz;
  used_at: NullableTimestamptz;
  used_by: string | null;
}

export interface RegistrationTables {
  registration_tokens: RegistrationTokensTable;
}

export interface PasswordResetsTable {
  id: string;
  uid: string;
  email: string;
  token_hash: string;
  created_at: Timestamptz;
  expires_at: Timestamptz;
  used_at: NullableTimestamptz;
}

export interface PasswordResetTables {
  password_resets: PasswordResetsTable;
}
