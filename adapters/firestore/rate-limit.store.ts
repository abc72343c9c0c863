import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { assertDistinctRateKeys, type RateLimitStore, type RateWindow } from '@causeway/core/ports/rate-limit.store';
import { TRANSACTION_ATTEMPTS } from './firestore-unit';

/** The collection of rate windows (ours; not one of the original product's collections). */
export const RATE_LIMITS_COLLECTION = 'rateLimits';

interface RateDocument {
  key: string;
  count: number;
  /** When the window ends; a TTL policy on this field lets Firestore remove ended windows itself. */
  resetAt: Timestamp;
}

/**
 * Rate windows in collection `rateLimits`, one document per key (its id a hash of the key, as keys may
 * hold any character). Every change is a transaction (a batch of hits is one), so concurrent hits from
 * several instances each count once.
 */
export function createFirestoreRateLimitStore(firestore: Firestore): RateLimitStore & {
  /**
   * Resolves once the changes begun so far have ended. A limiter takes a hit back after the answer has
   * gone, so one may still run when the app stops: ended by the client's shutdown, its transaction would
   * keep the window's document locked (for the next instance too) until Firestore lets the lock expire.
   */
  settled(): Promise<void>;
} {
  const collection = () => firestore.collection(RATE_LIMITS_COLLECTION);
  const docOf = (key: string) => collection().doc(createHash('sha256').update(key).digest('hex'));
  const windowOf = (data: RateDocument | undefined, now: Date): RateWindow | null => {
    if (!data) return null;
    const resetAt = data.resetAt.toDate();
    return resetAt.getTime() > now.getTime() ? { count: data.count, resetAt } : null;
  };
  /**
   * Changes to one window from this instance, one after another: a burst on one key (the very thing a
   * limit is for) would otherwise be hundreds of transactions contending for one document until they
   * give up. A batch waits for the changes before it to any of its windows. Other instances' changes
   * still meet these in the transaction.
   */
  const queues = new Map<string, Promise<unknown>>();
  const inTurn = <T>(keys: readonly string[], change: () => Promise<T>): Promise<T> => {
    const previous = Promise.all(keys.map((key) => queues.get(key) ?? Promise.resolve()));
    const next = previous.then(change, change);
    const settled = next.catch(() => undefined);
    for (const key of keys) queues.set(key, settled);
    void settled.then(() => {
      for (const key of keys) if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  };
  const hitMany: RateLimitStore['hitMany'] = async (hits, now) => {
    if (hits.length === 0) return [];
    const keys = hits.map((hit) => hit.key);
    assertDistinctRateKeys(keys);
    const refs = keys.map(docOf);
    return inTurn(keys, () =>
      firestore.runTransaction(
        async (transaction) => {
          const snapshots = await transaction.getAll(...refs);
          return hits.map(({ key, windowMs }, index) => {
            const current = windowOf(snapshots[index]!.data() as RateDocument | undefined, now);
            const next = current
              ? { count: current.count + 1, resetAt: current.resetAt }
              : { count: 1, resetAt: new Date(now.getTime() + windowMs) };
            transaction.set(refs[index]!, { key, count: next.count, resetAt: Timestamp.fromDate(next.resetAt) });
            return next;
          });
        },
        { maxAttempts: TRANSACTION_ATTEMPTS },
      ),
    );
  };
  const peekMany: RateLimitStore['peekMany'] = async (keys, now) => {
    if (keys.length === 0) return [];
    const snapshots = await firestore.getAll(...keys.map(docOf));
    return snapshots.map((snapshot) => windowOf(snapshot.data() as RateDocument | undefined, now));
  };
  return {
    async settled() {
      while (queues.size > 0) await Promise.all(queues.values());
    },
    hitMany,
    // One key is a batch of one.
    async hit(key, windowMs, now) {
      return (await hitMany([{ key, windowMs }], now))[0]!;
    },
    peekMany,
    async peek(key, now) {
      return (await peekMany([key], now))[0]!;
    },
    async undo(key, now) {
      const ref = docOf(key);
      await inTurn([key], () =>
        firestore.runTransaction(
          async (transaction) => {
            const current = windowOf((await transaction.get(ref)).data() as RateDocument | undefined, now);
            if (current) transaction.update(ref, { count: Math.max(0, current.count - 1) });
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      );
    },
    async reset(key) {
      await docOf(key).delete();
    },
    async purgeEnded(now) {
      const ended = await collection().where('resetAt', '<=', Timestamp.fromDate(now)).limit(500).get();
      if (ended.empty) return 0;
      const batch = firestore.batch();
      for (const doc of ended.docs) batch.delete(doc.ref);
      await batch.commit();
      return ended.size;
    },
  };
}
