import type { EmailRecord, ErrorEmailRecord } from '../email/email-record.entity';

export interface EmailLogRepository {
  /** Stores the address lowercased; conflict when the id is taken. */
  recordSent(record: EmailRecord): Promise<EmailRecord>;
  /** Stores the address lowercased; conflict when the id is taken. */
  recordFailure(record: ErrorEmailRecord): Promise<ErrorEmailRecord>;
  /** Newest first; `to` matches whatever its case. */
  listSent(options?: { to?: string; limit?: number }): Promise<EmailRecord[]>;
  listFailures(options?: { limit?: number }): Promise<ErrorEmailRecord[]>;
}
