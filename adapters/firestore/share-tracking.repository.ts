import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { EventTypes } from '../../core/events/domain-event';
import type { ShareTrackingRepository } from '../../core/ports/share-tracking.repository';
import { ClickEvent, SharesClicks, Utm } from '../../core/promotion/promotion.entity';
import { conflict } from '../../core/shared/errors';
import { changeWithFirestoreEvent, createUnread, isAlreadyExists, type FirestoreContext } from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * `sharesClicks` (document id = campaignId, one counter field per channel), `clickEvents` and `utms`
 * (document id = the record's id).
 */
export function createFirestoreShareTrackingRepository(context: FirestoreContext): ShareTrackingRepository {
  const counters = () => context.firestore.collection('sharesClicks');
  const clicks = () => context.firestore.collection('clickEvents');
  const utms = () => context.firestore.collection('utms');
  const readCounters = async (campaignId: string) => {
    const snapshot = await counters().doc(campaignId).get();
    return snapshot.exists ? toCounters(snapshot) : null;
  };
  return {
    async ensureCounters(campaignId) {
      const existing = await readCounters(campaignId);
      if (existing) return existing;
      const created = SharesClicks.parse({ campaignId });
      try {
        return await changeWithFirestoreEvent(
          context,
          (batch) => {
            // create, not set: counters made in the meantime (clicks included) must not be reset.
            batch.create(counters().doc(campaignId), created);
            return created;
          },
          () => ({
            type: EventTypes.shareCountersCreated,
            aggregateType: 'shareTracking',
            aggregateId: campaignId,
            payload: { counters: created },
          }),
        );
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        return (await readCounters(campaignId)) ?? created;
      }
    },
    async getCounters(campaignId) {
      return (await readCounters(campaignId)) ?? SharesClicks.parse({ campaignId });
    },
    async recordClick(input) {
      const parsed = ClickEvent.parse(input);
      const click: ClickEvent = { ...parsed, createdAt: utc(parsed.createdAt) };
      const before = context.batch ? await readCounters(click.campaignId) : null;
      try {
        await changeWithFirestoreEvent(
          context,
          (batch) => {
            batch.create(clicks().doc(click.id), click);
            // Incremented by the server, so concurrent clicks never lose one another.
            batch.set(
              counters().doc(click.campaignId),
              { campaignId: click.campaignId, [click.channel]: FieldValue.increment(1) },
              { merge: true },
            );
          },
          () => ({
            type: EventTypes.shareClickRecorded,
            aggregateType: 'shareTracking',
            aggregateId: click.campaignId,
            payload: { click },
          }),
        );
      } catch (error) {
        if (isAlreadyExists(error)) throw conflict('A click with this id already exists.');
        throw error;
      }
      if (context.batch) {
        // Not committed yet inside a unit of work: the counters as they will be, barring concurrent clicks.
        const current = before ?? SharesClicks.parse({ campaignId: click.campaignId });
        return { ...current, [click.channel]: current[click.channel] + 1 };
      }
      return (await readCounters(click.campaignId)) ?? SharesClicks.parse({ campaignId: click.campaignId });
    },
    async recordUtm(input) {
      const parsed = Utm.parse(input);
      const utm: Utm = { ...parsed, createdAt: utc(parsed.createdAt) };
      return createUnread(
        context,
        utms().doc(utm.id),
        utm,
        (saved) => ({
          type: EventTypes.utmRecorded,
          aggregateType: 'shareTracking',
          aggregateId: saved.campaignId,
          payload: { utm: saved },
        }),
        () => conflict('A UTM record with this id already exists.'),
      );
    },
    async listClicks(campaignId, filter = {}) {
      let query = clicks().where('campaignId', '==', campaignId);
      if (filter.promoterId !== undefined) query = query.where('promoterId', '==', filter.promoterId);
      const since = filter.since === undefined ? undefined : utc(filter.since);
      // Filtered by time and sorted here: stored instants may be ISO strings or Timestamps.
      const snapshot = await query.get();
      return snapshot.docs
        .map(toClick)
        .filter((click) => since === undefined || click.createdAt >= since)
        .sort(newestFirst);
    },
    async listUtms(campaignId) {
      const snapshot = await utms().where('campaignId', '==', campaignId).get();
      return snapshot.docs.map(toUtm).sort(newestFirst);
    },
  };
}

function createdAtOf(snapshot: DocumentSnapshot): unknown {
  const createdAt = instant(snapshot.data()?.createdAt) ?? snapshot.createTime?.toDate().toISOString();
  return typeof createdAt === 'string' ? utc(createdAt) : createdAt;
}

function toCounters(snapshot: DocumentSnapshot): SharesClicks {
  return SharesClicks.parse({ ...snapshot.data(), campaignId: snapshot.id });
}

function toClick(snapshot: DocumentSnapshot): ClickEvent {
  const data = snapshot.data() ?? {};
  return ClickEvent.parse({ ...data, id: data.id ?? snapshot.id, createdAt: createdAtOf(snapshot) });
}

function toUtm(snapshot: DocumentSnapshot): Utm {
  const data = snapshot.data() ?? {};
  return Utm.parse({ ...data, id: data.id ?? snapshot.id, createdAt: createdAtOf(snapshot) });
}
