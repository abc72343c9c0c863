import { EmailRecord, ErrorEmailRecord } from '@causeway/core/email/email-record.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { EmailLogRepository } from '@causeway/core/ports/email-log.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, insertRecord, newestFirstByCodeUnit, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();

const newestFirst = newestFirstByCodeUnit<{ id: string; createdAt: string }>(
  (record) => record.createdAt,
  (record) => record.id,
);

const upTo = <T>(items: T[], limit: number | undefined): T[] =>
  limit === undefined ? items : items.slice(0, Math.max(0, limit));

export function createMemoryEmailLogRepository(context: MemoryContext): EmailLogRepository {
  const sent = () => context.state().table<EmailRecord>('emails');
  const failures = () => context.state().table<ErrorEmailRecord>('errorEmails');
  return {
    recordSent(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const parsed = EmailRecord.parse(input);
          const record = { ...parsed, to: parsed.to.toLowerCase(), createdAt: utc(parsed.createdAt) };
          return insertRecord(sent(), record.id, record, () =>
            conflict(`An e-mail record with id ${record.id} already exists.`),
          );
        },
        (stored) => ({
          type: EventTypes.emailSent,
          aggregateType: 'email',
          aggregateId: stored.id,
          payload: { email: stored },
        }),
      );
    },
    recordFailure(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const parsed = ErrorEmailRecord.parse(input);
          const record = { ...parsed, to: parsed.to.toLowerCase(), createdAt: utc(parsed.createdAt) };
          return insertRecord(failures(), record.id, record, () =>
            conflict(`A failed e-mail record with id ${record.id} already exists.`),
          );
        },
        (stored) => ({
          type: EventTypes.emailFailed,
          aggregateType: 'email',
          aggregateId: stored.id,
          payload: { email: stored },
        }),
      );
    },
    async listSent(options = {}) {
      const to = options.to?.toLowerCase();
      const found = [...sent().values()].filter((record) => to === undefined || record.to === to).sort(newestFirst);
      return copy(upTo(found, options.limit));
    },
    async listFailures(options = {}) {
      return copy(upTo([...failures().values()].sort(newestFirst), options.limit));
    },
  };
}
