import type { EmailRecord, ErrorEmailRecord } from '../email/email-record.entity';

export interface EmailLogRepository {
  recordSent(record: EmailRecord): Promise<EmailRecord>;
  recordFailure(record: ErrorEmailRecord): Promise<ErrorEmailRecord>;
  /** Newest first. */
  listSent(options?: { to?: string; limit?: number }): Promise<EmailRecord[]>;
  listFailures(options?: { limit?: number }): Promise<ErrorEmailRecord[]>;
}
