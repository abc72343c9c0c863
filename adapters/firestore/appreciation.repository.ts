import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { Appreciation } from '@causeway/core/appreciations/appreciation.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { AppreciationRepository } from '@causeway/core/ports/appreciation.repository';
import { changeWithFirestoreEvent, type FirestoreContext, readIn } from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);
const newestFirst = (a: Appreciation, b: Appreciation) =>
  b.updateDate.localeCompare(a.updateDate) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** `appreciations` collection, document id = the appreciation's id. */
export function createFirestoreAppreciationRepository(context: FirestoreContext): AppreciationRepository {
  const collection = () => context.firestore.collection('appreciations');
  const find = async (campaignId: string, promoterId: string | null) => {
    // promoter_id is matched here: documents of the campaign's own appreciation may lack the field.
    const snapshot = await readIn(context, collection().where('campaignId', '==', campaignId));
    return snapshot.docs.map(toAppreciation).find((item) => item.promoter_id === promoterId) ?? null;
  };
  return {
    async save(input) {
      const parsed = Appreciation.parse(input);
      const existing = await find(parsed.campaignId, parsed.promoter_id);
      // Replacing keeps the stored record's id.
      const appreciation: Appreciation = {
        ...parsed,
        id: existing?.id ?? parsed.id,
        updateDate: utc(parsed.updateDate),
      };
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          batch.set(collection().doc(appreciation.id), appreciation);
          return appreciation;
        },
        (saved) => ({
          type: EventTypes.appreciationSaved,
          aggregateType: 'appreciation',
          aggregateId: saved.id,
          payload: { appreciation: saved },
        }),
      );
    },
    findForCampaign: (campaignId, promoterId = null) => find(campaignId, promoterId),
    async listByCampaigner(campaignerId) {
      const snapshot = await readIn(context, collection().where('campaigner_id', '==', campaignerId));
      return snapshot.docs.map(toAppreciation).sort(newestFirst);
    },
    async listByPromoter(promoterId) {
      const snapshot = await readIn(context, collection().where('promoter_id', '==', promoterId));
      return snapshot.docs.map(toAppreciation).sort(newestFirst);
    },
  };
}

function toAppreciation(snapshot: DocumentSnapshot): Appreciation {
  const data = snapshot.data() ?? {};
  const updateDate = instant(data.updateDate) ?? snapshot.updateTime?.toDate().toISOString();
  return Appreciation.parse({
    ...data,
    id: data.id ?? snapshot.id,
    promoter_id: data.promoter_id ?? null,
    updateDate: typeof updateDate === 'string' ? utc(updateDate) : updateDate,
  });
}
