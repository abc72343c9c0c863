import type { StoredDomainEvent } from '@causeway/core/events/domain-event';
import type { Outbox } from '@causeway/core/ports/unit-of-work.port';
import type { OutboxTable } from './tables/foundation.tables';
import type { Selectable } from 'kysely';
import { iso, isoOrNull, type Executor } from './transaction';

export function createPostgresOutbox(db: Executor): Outbox {
  const select = () => db.selectFrom('outbox').selectAll().orderBy('position', 'asc');
  return {
    async pending(limit) {
      const rows = await select().where('published_at', 'is', null).limit(limit).execute();
      return rows.map(toEvent);
    },
    async after(position, limit) {
      const rows = await select().where('position', '>', position).limit(limit).execute();
      return rows.map(toEvent);
    },
    async markPublished(ids, at) {
      if (ids.length === 0) return;
      await db.updateTable('outbox').set({ published_at: at }).where('id', 'in', ids).execute();
    },
    async prune(ids) {
      if (ids.length === 0) return;
      await db.deleteFrom('outbox').where('id', 'in', ids).execute();
    },
    async backlog() {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('occurred_at').as('oldest')])
        .where('published_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldestAt: row.oldest === null ? null : iso(row.oldest as Date | string) };
    },
  };
}

function toEvent(row: Selectable<OutboxTable>): StoredDomainEvent {
  return {
    id: row.id,
    position: Number(row.position),
    type: row.type,
    aggregateType: row.aggregate_type as StoredDomainEvent['aggregateType'],
    aggregateId: row.aggregate_id,
    occurredAt: iso(row.occurred_at),
    payload: row.payload,
    publishedAt: isoOrNull(row.published_at),
  };
}
