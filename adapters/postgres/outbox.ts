import type { StoredDomainEvent } from '../../core/events/domain-event';
import type { Outbox } from '../../core/ports/unit-of-work.port';
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
