import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { CampaignErrorReport } from '@causeway/core/deployment/campaign-error.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { CampaignErrorRepository } from '@causeway/core/ports/campaign-error.repository';
import { conflict } from '@causeway/core/shared/errors';
import { createTimeOf, documentData, newestFirst, toDocument, utc } from './campaign.document';
import { createDocument, type FirestoreContext, readIn } from './firestore-context';

/**
 * `createCampaignErrors` collection. The document id is the report's id; the original product's
 * reports, added under generated ids without an id or time of their own, are read with the
 * document's id and creation time.
 */
export function createFirestoreCampaignErrorRepository(context: FirestoreContext): CampaignErrorRepository {
  const collection = () => context.firestore.collection('createCampaignErrors');
  return {
    async record(input) {
      const parsed = CampaignErrorReport.parse(input);
      const report = { ...parsed, createdAt: utc(parsed.createdAt) };
      const created = await createDocument(
        context,
        collection().doc(report.id),
        report,
        ({ id }) => ({
          type: EventTypes.campaignErrorRecorded,
          aggregateType: 'campaignError',
          aggregateId: id,
          payload: { id, preCampaignId: report.preCampaignId, step: report.step },
        }),
        () => conflict(`An error report with id ${report.id} already exists.`),
        (batch, document) => batch.set(document, toDocument(report)),
      );
      return created.id;
    },

    async findById(id) {
      const snapshot = await readIn(context, collection().doc(id));
      return snapshot.exists ? toReport(snapshot) : null;
    },

    async findLatest(preCampaignId) {
      // A draft has a handful of reports: picking the newest here needs no composite index.
      const snapshot = await readIn(context, collection().where('preCampaignId', '==', preCampaignId));
      const [latest] = snapshot.docs.map(toReport).sort(
        newestFirst(
          (report) => report.createdAt,
          (report) => report.id,
        ),
      );
      return latest ?? null;
    },
  };
}

function toReport(snapshot: DocumentSnapshot): CampaignErrorReport {
  const report = CampaignErrorReport.parse({
    createdAt: createTimeOf(snapshot),
    update: {},
    ...documentData(snapshot),
    id: snapshot.id,
  });
  return { ...report, createdAt: utc(report.createdAt) };
}
