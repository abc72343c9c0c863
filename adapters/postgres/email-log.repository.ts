import type { Selectable } from 'kysely';
import { EmailRecord, ErrorEmailRecord } from '@causeway/core/email/email-record.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { EmailLogRepository } from '@causeway/core/ports/email-log.repository';
import type { EmailsTable, ErrorEmailsTable } from './tables/activity.tables';
import { changeWithEvent, conflictOn, iso, type PgContext } from './transaction';

export function createPostgresEmailLogRepository(context: PgContext): EmailLogRepository {
  const { db } = context;
  return {
    async recordSent(input) {
      const record = EmailRecord.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('emails')
            .values({
              id: record.id,
              to_address: record.to.toLowerCase(),
              subject: record.subject,
              kind: record.kind,
              message_id: record.messageId,
              created_at: record.createdAt,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toEmailRecord(row);
        },
        (stored) => ({
          type: EventTypes.emailSent,
          aggregateType: 'email',
          aggregateId: stored.id,
          payload: { email: stored },
        }),
      ).catch(conflictOn(`An e-mail record with id ${record.id} already exists.`));
    },
    async recordFailure(input) {
      const record = ErrorEmailRecord.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('error_emails')
            .values({
              id: record.id,
              to_address: record.to.toLowerCase(),
              subject: record.subject,
              kind: record.kind,
              error: record.error,
              created_at: record.createdAt,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toErrorEmailRecord(row);
        },
        (stored) => ({
          type: EventTypes.emailFailed,
          aggregateType: 'email',
          aggregateId: stored.id,
          payload: { email: stored },
        }),
      ).catch(conflictOn(`A failed e-mail record with id ${record.id} already exists.`));
    },
    async listSent(options = {}) {
      let query = db.selectFrom('emails').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
      if (options.to !== undefined) query = query.where('to_address', '=', options.to.toLowerCase());
      if (options.limit !== undefined) query = query.limit(Math.max(0, options.limit));
      const rows = await query.execute();
      return rows.map(toEmailRecord);
    },
    async listFailures(options = {}) {
      let query = db.selectFrom('error_emails').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
      if (options.limit !== undefined) query = query.limit(Math.max(0, options.limit));
      const rows = await query.execute();
      return rows.map(toErrorEmailRecord);
    },
  };
}

function toEmailRecord(row: Selectable<EmailsTable>): EmailRecord {
  return EmailRecord.parse({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind,
    messageId: row.message_id,
    createdAt: iso(row.created_at),
  });
}

function toErrorEmailRecord(row: Selectable<ErrorEmailsTable>): ErrorEmailRecord {
  return ErrorEmailRecord.parse({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind,
    error: row.error,
    createdAt: iso(row.created_at),
  });
}
