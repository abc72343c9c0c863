import { EmailRecord, ErrorEmailRecord } from '../../core/email/email-record.entity';
import { EventTypes } from '../../core/events/domain-event';
import type { EmailLogRepository } from '../../core/ports/email-log.repository';
import { conflict } from '../../core/shared/errors';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();

/** Newest first; ties by id, in byte order as the other stores sort them. */
const newestFirst = (a: { id: string; createdAt: string }, b: { id: string; createdAt: string }): number =>
  a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

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
          if (sent().has(record.id)) throw conflict(`An e-mail record with id ${record.id} already exists.`);
          sent().set(record.id, record);
          return copy(record);
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
          if (failures().has(record.id)) throw conflict(`A failed e-mail record with id ${record.id} already exists.`);
          failures().set(record.id, record);
          return copy(record);
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
