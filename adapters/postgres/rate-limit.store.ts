import { sql } from 'kysely';
import { assertDistinctRateKeys, type RateLimitStore, type RateWindow } from '@causeway/core/ports/rate-limit.store';
import type { PostgresConnection } from './connection';

type WindowRow = { key: string; count: number; reset_at: Date | string };

const windowOf = (row: WindowRow): RateWindow => ({ count: Number(row.count), resetAt: new Date(row.reset_at) });

/**
 * Rate windows in table `rate_limits`: one upsert statement for a batch of hits (one hit a batch of one), so
 * concurrent hits from any number of instances each count once and agree on the window.
 */
export function createPostgresRateLimitStore(connection: Pick<PostgresConnection, 'db'>): RateLimitStore {
  const { db } = connection;
  const hitMany: RateLimitStore['hitMany'] = async (hits, now) => {
    if (hits.length === 0) return [];
    assertDistinctRateKeys(hits.map((hit) => hit.key));
    // Rows are locked in the order of their keys, whatever the caller's, so two batches sharing keys
    // wait for each other rather than deadlock.
    const ordered = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const values = ordered.map(
      ({ key, windowMs }) => sql`(${key}, 1, ${new Date(now.getTime() + windowMs).toISOString()}::timestamptz)`,
    );
    const { rows } = await sql<WindowRow>`
      insert into rate_limits as limits (key, count, reset_at) values ${sql.join(values)}
      on conflict (key) do update set
        count = case when limits.reset_at <= ${now.toISOString()} then 1 else limits.count + 1 end,
        reset_at = case when limits.reset_at <= ${now.toISOString()} then excluded.reset_at else limits.reset_at end
      returning key, count, reset_at`.execute(db);
    const byKey = new Map(rows.map((row) => [row.key, windowOf(row)]));
    return hits.map(({ key }) => byKey.get(key)!);
  };
  const peekMany: RateLimitStore['peekMany'] = async (keys, now) => {
    if (keys.length === 0) return [];
    const { rows } = await sql<WindowRow>`
      select key, count, reset_at from rate_limits
      where key in (${sql.join([...keys])}) and reset_at > ${now.toISOString()}`.execute(db);
    const byKey = new Map(rows.map((row) => [row.key, windowOf(row)]));
    return keys.map((key) => byKey.get(key) ?? null);
  };
  return {
    // One key is a batch of one.
    async hit(key, windowMs, now) {
      return (await hitMany([{ key, windowMs }], now))[0]!;
    },
    hitMany,
    async peek(key, now) {
      return (await peekMany([key], now))[0]!;
    },
    peekMany,
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
