import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { ShareTrackingRepository } from '@causeway/core/ports/share-tracking.repository';
import { ClickEvent, PageVisits, ShareLink, SharesClicks, Utm } from '@causeway/core/promotion/promotion.entity';
import { conflict } from '@causeway/core/shared/errors';
import {
  changeWithFirestoreEvent,
  createUnread,
  isAlreadyExists,
  type FirestoreContext,
  readIn,
} from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** A share link's document id: its (campaign, promoter, channel), which Firestore then keeps unique. */
const shareLinkKey = (link: Pick<ShareLink, 'campaignId' | 'promoterId' | 'channel'>) =>
  [link.campaignId, link.promoterId, link.channel].map(encodeURIComponent).join('~');

/** Visits of campaign pages (ours): one document per campaign and UTC day. */
export const PAGE_VISITS_COLLECTION = 'pageVisits';

/** A page-visits document's id: the campaign, then the day (of fixed length, so ids never collide). */
export const pageVisitsKey = (campaignId: string, day: string): string => `${campaignId}~${day}`;

/**
 * `sharesClicks` (document id = campaignId, one counter field per channel), `clickEvents` and `utms`
 * (document id = the record's id), `shareLinks` (document id = campaign, promoter and channel).
 */
export function createFirestoreShareTrackingRepository(context: FirestoreContext): ShareTrackingRepository {
  const counters = () => context.firestore.collection('sharesClicks');
  const clicks = () => context.firestore.collection('clickEvents');
  const utms = () => context.firestore.collection('utms');
  const links = () => context.firestore.collection('shareLinks');
  const visits = () => context.firestore.collection(PAGE_VISITS_COLLECTION);
  const linkByCode = async (code: string) => {
    const snapshot = await readIn(context, links().where('code', '==', code).limit(1));
    return snapshot.docs[0] ? toShareLink(snapshot.docs[0]) : null;
  };
  const readCounters = async (campaignId: string) => {
    const snapshot = await readIn(context, counters().doc(campaignId));
    return snapshot.exists ? toCounters(snapshot) : null;
  };
  const repository: ShareTrackingRepository = {
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
      const before = context.unit ? await readCounters(click.campaignId) : null;
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
      if (context.unit) {
        // Not committed yet inside a unit of work: the counters as they will be, barring concurrent clicks.
        const current = before ?? SharesClicks.parse({ campaignId: click.campaignId });
        return { ...current, [click.channel]: current[click.channel] + 1 };
      }
      return (await readCounters(click.campaignId)) ?? SharesClicks.parse({ campaignId: click.campaignId });
    },
    async recordPageVisit(campaignId, at, count = 1) {
      const day = new Date(at).toISOString().slice(0, 10);
      await changeWithFirestoreEvent(
        context,
        (batch) => {
          // Incremented by the server, so concurrent visits never lose one another.
          batch.set(
            visits().doc(pageVisitsKey(campaignId, day)),
            { campaignId, day, visits: FieldValue.increment(count) },
            { merge: true },
          );
        },
        () => ({
          type: EventTypes.pageVisitRecorded,
          aggregateType: 'shareTracking',
          aggregateId: campaignId,
          payload: { campaignId, day },
        }),
      );
    },
    async listPageVisits(campaignId) {
      const snapshot = await readIn(context, visits().where('campaignId', '==', campaignId));
      return snapshot.docs.map((doc) => PageVisits.parse(doc.data())).sort((a, b) => a.day.localeCompare(b.day));
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
      const snapshot = await readIn(context, query);
      return snapshot.docs
        .map(toClick)
        .filter((click) => since === undefined || click.createdAt >= since)
        .sort(newestFirst);
    },
    async countClicks(campaignId, filter = {}) {
      const counts = { x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 0 };
      // Counted here: stored instants may be ISO strings or Timestamps, so the time filter cannot be a query.
      for (const click of await repository.listClicks(campaignId, filter)) counts[click.channel] += 1;
      return counts;
    },
    async listUtms(campaignId) {
      const snapshot = await readIn(context, utms().where('campaignId', '==', campaignId));
      return snapshot.docs.map(toUtm).sort(newestFirst);
    },
    async ensureShareLinks(input) {
      const wanted = input.map((link) => ShareLink.parse(link));
      // A link stored elsewhere at the same moment fails this batch whole: read again and store the rest.
      for (let attempt = 1; ; attempt += 1) {
        const found = await Promise.all(wanted.map((link) => readIn(context, links().doc(shareLinkKey(link)))));
        const created = wanted
          .filter((_, index) => !found[index]!.exists)
          .map((link) => ({ ...link, createdAt: utc(link.createdAt) }));
        for (const link of created) {
          if (await linkByCode(link.code)) throw conflict('A share link with this code already exists.');
        }
        try {
          if (created.length > 0) {
            await changeWithFirestoreEvent(
              context,
              (batch) => {
                // create, not set: a link made in the meantime is kept, and this batch fails instead.
                for (const link of created) batch.create(links().doc(shareLinkKey(link)), link);
                for (const link of created.slice(1)) batch.addEvent(linkCreated(link));
                return created[0]!;
              },
              linkCreated,
            );
          }
        } catch (error) {
          if (isAlreadyExists(error) && attempt < 3) continue;
          throw error;
        }
        return wanted.map((link, index) =>
          found[index]!.exists ? toShareLink(found[index]!) : created.find((made) => made.code === link.code)!,
        );
      }
    },
    findShareLink: (code) => linkByCode(code),
    async listShareLinks(promoterId, campaignId) {
      const snapshot = await readIn(context, links().where('promoterId', '==', promoterId));
      return snapshot.docs
        .map(toShareLink)
        .filter((link) => campaignId === undefined || link.campaignId === campaignId);
    },
  };
  return repository;
}

const linkCreated = (link: ShareLink) => ({
  type: EventTypes.shareLinkCreated,
  aggregateType: 'shareTracking' as const,
  aggregateId: link.campaignId,
  payload: { link },
});

function toShareLink(snapshot: DocumentSnapshot): ShareLink {
  const data = snapshot.data() ?? {};
  return ShareLink.parse({ ...data, createdAt: createdAtOf(snapshot) });
}

function createdAtOf(snapshot: DocumentSnapshot): unknown {
  const createdAt = instant(snapshot.data()?.createdAt) ?? snapshot.createTime?.toDate().toISOString();
  return typeof createdAt === 'string' ? utc(createdAt) : createdAt;
}

function toCounters(snapshot: DocumentSnapshot): SharesClicks {
  return SharesClicks.parse({ ...snapshot.data(), campaignId: snapshot.id });
}

export function toClick(snapshot: DocumentSnapshot): ClickEvent {
  const data = snapshot.data() ?? {};
  return ClickEvent.parse({ ...data, id: data.id ?? snapshot.id, createdAt: createdAtOf(snapshot) });
}

function toUtm(snapshot: DocumentSnapshot): Utm {
  const data = snapshot.data() ?? {};
  return Utm.parse({ ...data, id: data.id ?? snapshot.id, createdAt: createdAtOf(snapshot) });
}
