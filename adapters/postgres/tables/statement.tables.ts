import type { NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface StatementRunsTable {
  organization_id: string;
  year: number;
  run_id: string;
  status: string;
  total: number;
  started_by: string;
  started_at: Timestamptz;
  finished_at: NullableTimestamptz;
}

export interface StatementSendsTable {
  organization_id: string;
  year: number;
  email: string;
  run_id: string;
  status: string;
  claimed_at: Timestamptz;
  finished_at: NullableTimestamptz;
  error: string | null;
}

export interface StatementTables {
  statement_runs: StatementRunsTable;
  statement_sends: StatementSendsTable;
}
