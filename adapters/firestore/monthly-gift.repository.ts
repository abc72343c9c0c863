import type { DocumentData } from 'firebase-admin/firestore';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { MonthlyGift } from '@causeway/core/monthly-gifts/monthly-gift.entity';
import type { MonthlyGiftRepository } from '@causeway/core/ports/monthly-gift.repository';
import { inUnit, toIso, type FirestoreContext } from './firestore-context';
import {
  normalizedGift,
  latestDeclineFirst,
  newestStartFirst,
  isFailedGift,
} from '@causeway/core/monthly-gifts/monthly-gift.order';

/** `monthlyGifts` collection; the document id is the subscription's id. */
export function createFirestoreMonthlyGiftRepository(context: FirestoreContext): MonthlyGiftRepository {
  const gifts = () => context.firestore.collection('monthlyGifts');
  const list = async (field: string, value: string) =>
    (await gifts().where(field, '==', value).get()).docs.map((doc) => fromDocument(doc.data()));

  return {
    change(subscriptionId, change) {
      const document = gifts().doc(subscriptionId);
      // In a transaction: a concurrent change of the same gift makes this one read again and re-decide.
      return inUnit(context, async (unit) => {
        const snapshot = await unit.get(document);
        const current = snapshot.exists ? fromDocument(snapshot.data()!) : null;
        const next = change(current);
        if (!next) return current;
        const stored = normalizedGift({ ...next, subscriptionId });
        unit.set(document, stored);
        unit.addEvent({
          type: EventTypes.monthlyGiftChanged,
          aggregateType: 'monthlyGift',
          aggregateId: subscriptionId,
          payload: { ...stored },
        });
        return stored;
      });
    },
    async findById(subscriptionId) {
      const snapshot = await gifts().doc(subscriptionId).get();
      return snapshot.exists ? fromDocument(snapshot.data()!) : null;
    },
    // One equality filter each needs no composite index; a donor, campaign or organization has few.
    async listByEmail(email) {
      return (await list('donorEmail', email.trim().toLowerCase())).sort(newestStartFirst);
    },
    async listOpenByCampaign(campaignId) {
      return (await list('campaignId', campaignId))
        .filter((gift) => gift.status !== 'ended')
        .sort((a, b) => -newestStartFirst(a, b));
    },
    async listCampaignsWithOpenGifts() {
      // One equality filter (no composite index), and only the fields the answer needs.
      const snapshot = await gifts().where('endingMailed', '==', false).select('campaignId', 'status').get();
      return [
        ...new Set(
          snapshot.docs.filter((doc) => doc.get('status') !== 'ended').map((doc) => String(doc.get('campaignId'))),
        ),
      ];
    },
    async listFailedByOrganization(organizationId, limit) {
      return (await list('organizationId', organizationId))
        .filter(isFailedGift)
        .sort(latestDeclineFirst)
        .slice(0, limit);
    },
  };
}

const isoOrNull = (value: unknown): string | null => (value == null ? null : toIso(value));

/** A stored document as the gift it holds (the reporting mirror reads them too). */
export function fromDocument(data: DocumentData): MonthlyGift {
  return normalizedGift({
    ...(data as MonthlyGift),
    currentPeriodEnd: isoOrNull(data.currentPeriodEnd),
    startedAt: toIso(data.startedAt),
    endedAt: isoOrNull(data.endedAt),
    failedAt: isoOrNull(data.failedAt),
    nextAttemptAt: isoOrNull(data.nextAttemptAt),
    reminderSentAt: isoOrNull(data.reminderSentAt),
    changedAt: toIso(data.changedAt),
  });
}
