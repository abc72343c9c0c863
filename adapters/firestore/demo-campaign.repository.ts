import type { DocumentSnapshot, Query } from 'firebase-admin/firestore';
import { DemoCampaign } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { DemoCampaignRepository } from '@causeway/core/ports/demo-campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import { createTimeOf, documentData, newestFirst, toDocument, utc } from './campaign.document';
import { changeWithFirestoreEvent, createDocument, type FirestoreContext, readIn } from './firestore-context';

/** `demoCampaigns` collection, document id = campaignUUID. */
export function createFirestoreDemoCampaignRepository(context: FirestoreContext): DemoCampaignRepository {
  const collection = () => context.firestore.collection('demoCampaigns');

  const findById = async (campaignUUID: string): Promise<DemoCampaign | null> => {
    const snapshot = await readIn(context, collection().doc(campaignUUID));
    return snapshot.exists ? toDemoCampaign(snapshot) : null;
  };

  return {
    async create(input) {
      const parsed = DemoCampaign.parse(input);
      const demo = { ...parsed, createdAt: utc(parsed.createdAt), updatedAt: utc(parsed.updatedAt) };
      return createDocument(
        context,
        collection().doc(demo.campaignUUID),
        demo,
        (created) => ({
          type: EventTypes.demoCampaignCreated,
          aggregateType: 'demoCampaign',
          aggregateId: created.campaignUUID,
          payload: { demoCampaign: created },
        }),
        () => conflict(`A demo campaign with campaignUUID ${demo.campaignUUID} already exists.`),
        (batch, document) => batch.set(document, toDocument(demo)),
      );
    },

    findById,

    async list(filter = {}) {
      let query: Query = collection();
      if (filter.organizationId !== undefined) query = query.where('organizationId', '==', filter.organizationId);
      if (filter.status !== undefined) query = query.where('workflowstatus', '==', filter.status);
      const snapshot = await readIn(context, query);
      return snapshot.docs.map(toDemoCampaign).sort(
        newestFirst(
          (demo) => demo.createdAt,
          (demo) => demo.campaignUUID,
        ),
      );
    },

    async setStatus(campaignUUID, status, at) {
      const existing = await findById(campaignUUID);
      if (!existing) return null;
      const demo: DemoCampaign = { ...existing, workflowstatus: status, updatedAt: utc(at) };
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          batch.update(collection().doc(campaignUUID), {
            workflowstatus: demo.workflowstatus,
            updatedAt: demo.updatedAt,
          });
          return demo;
        },
        (demoCampaign) => ({
          type: EventTypes.demoCampaignStatusChanged,
          aggregateType: 'demoCampaign',
          aggregateId: campaignUUID,
          payload: { demoCampaign },
        }),
      );
    },
  };
}

/** Older documents carry only campaignUUID and workflowstatus: their times come from the document's own. */
function toDemoCampaign(snapshot: DocumentSnapshot): DemoCampaign {
  const createdAt = createTimeOf(snapshot);
  const demo = DemoCampaign.parse({
    createdAt,
    updatedAt: snapshot.updateTime?.toDate().toISOString() ?? createdAt,
    ...documentData(snapshot),
    campaignUUID: snapshot.id,
  });
  return { ...demo, createdAt: utc(demo.createdAt), updatedAt: utc(demo.updatedAt) };
}
