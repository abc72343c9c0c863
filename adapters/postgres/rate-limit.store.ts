import { sql } from 'kysely';
import type { RateLimitStore } from '@causeway/core/ports/rate-limit.store';
import type { PostgresConnection } from './connection';

/**
 * Rate windows in table `rate_limits`: one upsert per hit, so concurrent hits from any number of
 * instances each count once and agree on the window.
 */
export function createPostgresRateLimitStore(connection: Pick<PostgresConnection, 'db'>): RateLimitStore {
  const { db } = connection;
  return {
    async hit(key, windowMs, now) {
      const resetAt = new Date(now.getTime() + windowMs);
      const { rows } = await sql<{ count: number; reset_at: Date | string }>`
        insert into rate_limits as limits (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
        on conflict (key) do update set
          count = case when limits.reset_at <= ${now.toISOString()} then 1 else limits.count + 1 end,
          reset_at = case when limits.reset_at <= ${now.toISOString()} then excluded.reset_at else limits.reset_at end
        returning count, reset_at`.execute(db);
      const row = rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.reset_at) };
    },
    async peek(key, now) {
      const { rows } = await sql<{ count: number; reset_at: Date | string }>`
        select count, reset_at from rate_limits where key = ${key} and reset_at > ${now.toISOString()}`.execute(db);
      const row = rows[0];
      return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : null;
    },
    async undo(key, now) {
      await sql`update rate_limits set count = greatest(count - 1, 0)
        where key = ${key} and reset_at > ${now.toISOString()}`.execute(db);
    },
    async reset(key) {
      await sql`delete from rate_limits where key = ${key}`.execute(db);
    },
    async purgeEnded(now) {
      const result = await sql`delete from rate_limits where reset_at <= ${now.toISOString()}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
