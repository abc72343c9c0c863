import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { CampaignDelivery } from '@causeway/core/delivery/delivery.entity';
import type { CampaignDeliveryRepository } from '@causeway/core/ports/campaign-delivery.repository';
import { deliveryChanges, storedDelivery } from '../memory/campaign-delivery.repository';
import type { PendingEvent } from '@causeway/core/events/domain-event';
import { deliverySyncedEvent } from '@causeway/core/reporting/mirror-events';
import { inUnit, readIn, type FirestoreContext } from './firestore-context';

const fromDocument = (snapshot: DocumentSnapshot): CampaignDelivery | null =>
  snapshot.exists ? CampaignDelivery.parse({ ...snapshot.data(), campaignId: snapshot.id }) : null;

/**
 * `campaignDeliveries` collection (ours; the original product kept no delivery figures), one document
 * per campaign. Each write reads, decides and writes in a transaction, so instances pulling at the
 * same time cannot overwrite newer figures or pause twice. Saved figures write their event in the same
 * transaction (the reporting mirror copies the daily rows).
 */
export function createFirestoreCampaignDeliveryRepository(context: FirestoreContext): CampaignDeliveryRepository {
  const collection = () => context.firestore.collection('campaignDeliveries');

  const change = <T extends { delivery: CampaignDelivery }>(
    campaignId: string,
    decide: (current: CampaignDelivery | null) => T,
    event?: PendingEvent,
  ): Promise<T> =>
    inUnit(context, async (transaction) => {
      const document = collection().doc(campaignId);
      const decided = decide(fromDocument(await transaction.get(document)));
      const delivery = storedDelivery(decided.delivery);
      // Firestore keeps plain data: the parsed record is JSON already.
      transaction.set(document, JSON.parse(JSON.stringify(delivery)) as Record<string, unknown>);
      if (event) transaction.addEvent(event);
      return { ...decided, delivery };
    });

  return {
    async find(campaignId) {
      return fromDocument(await readIn(context, collection().doc(campaignId)));
    },

    async saveFigures(campaignId, figures) {
      const { delivery } = await change(
        campaignId,
        (current) => ({ delivery: deliveryChanges.saveFigures(current, campaignId, figures) }),
        deliverySyncedEvent(campaignId, figures),
      );
      return delivery;
    },

    async recordFailure(campaignId, failure) {
      const { delivery } = await change(campaignId, (current) => ({
        delivery: deliveryChanges.recordFailure(current, campaignId, failure),
      }));
      return delivery;
    },

    recordPause(campaignId, pause) {
      return change(campaignId, (current) => deliveryChanges.recordPause(current, campaignId, pause));
    },

    async clearPause(campaignId, pausedAt) {
      return inUnit(context, async (transaction) => {
        const document = collection().doc(campaignId);
        const current = fromDocument(await transaction.get(document));
        if (!current) return { cleared: false, delivery: null };
        const decided = deliveryChanges.clearPause(current, pausedAt);
        if (decided.cleared) transaction.update(document, { pause: null });
        return { ...decided, delivery: storedDelivery(decided.delivery) };
      });
    },
  };
}
