import { FieldValue, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import type { PageRequest } from '@causeway/core/shared/paging';
import { pagedQuery } from './paging';
import { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { PreCampaignRepository, PreCampaignScope } from '@causeway/core/ports/pre-campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import { WorkflowEntry } from '@causeway/core/workflow/workflow.entity';
import { allowsMoveFrom, changedMeanwhile } from '@causeway/core/workflow/workflow.rules';
import {
  createTimeOf,
  documentData,
  newestFirst,
  suppliedFields,
  toDocument,
  utc,
  withUtcTimes,
} from './campaign.document';
import {
  createDocument,
  documentCommitter,
  softDeleteDocument,
  type FirestoreContext,
  readIn,
} from './firestore-context';

/** Statuses a draft still being written may carry (SPEC §4 drafts list); a missing field counts as null. */
const DRAFT_STATUSES: ReadonlySet<string | null> = new Set([null, '', 'New', 'Canceled']);

/** Patch fields that never reach the document: identity, ownership and history have their own calls. */
const FIXED_FIELDS = ['id', 'campaignUUID', 'userId', 'createdAt', 'workflow'];

/**
 * `preCampaigns` collection, document id = the draft's id. The workflow history is the `workflow`
 * array field of the document, as the original product kept it.
 */
export function createFirestorePreCampaignRepository(context: FirestoreContext): PreCampaignRepository {
  const collection = () => context.firestore.collection('preCampaigns');

  const findById = async (id: string): Promise<PreCampaign | null> => {
    const snapshot = await readIn(context, collection().doc(id));
    return snapshot.exists ? toPreCampaign(snapshot) : null;
  };

  /**
   * The store answers the list's page itself: equality (and `in`) filters, newest first, from the page
   * key on (composite indexes in firestore.indexes.json). `narrow` may answer several queries whose
   * union is the list (Firestore's `in` never matches null): each reads one page, and the pages are merged.
   * `keep` restates the rule for documents written before every field was stored.
   */
  const list = async (
    scope: PreCampaignScope | undefined,
    page: PageRequest | undefined,
    narrow: (query: Query) => Query | Query[],
    keep: (draft: PreCampaign) => boolean,
  ): Promise<PreCampaign[]> => {
    let query: Query = collection().where('isDeleted', '==', false);
    if (scope?.userId !== undefined) query = query.where('userId', '==', scope.userId);
    if (scope?.organizationId !== undefined) query = query.where('organizationId', '==', scope.organizationId);
    const narrowed = narrow(query);
    const snapshots = await Promise.all(
      (Array.isArray(narrowed) ? narrowed : [narrowed]).map((one) =>
        readIn(context, pagedQuery(one, 'createdAt', page)),
      ),
    );
    const found = snapshots
      .flatMap((snapshot) => snapshot.docs)
      .map(toPreCampaign)
      .filter((draft) => !draft.isDeleted && keep(draft))
      .sort(
        newestFirst(
          (draft) => draft.createdAt,
          (draft) => draft.id,
        ),
      );
    return page ? found.slice(0, page.limit) : found;
  };

  const commit = documentCommitter(context, collection, findById);

  return {
    async create(input) {
      const preCampaign = stored(PreCampaign.parse(input));
      return createDocument(
        context,
        collection().doc(preCampaign.id),
        preCampaign,
        (created) => ({
          type: EventTypes.preCampaignCreated,
          aggregateType: 'preCampaign',
          aggregateId: created.id,
          payload: { preCampaign: created },
        }),
        () => conflict(`A draft with id ${preCampaign.id} already exists.`),
        (batch, document) => batch.set(document, toDocument(preCampaign)),
      );
    },

    findById,

    async update(id, patch) {
      const existing = await findById(id);
      if (!existing) return null;
      const supplied = suppliedFields<Partial<PreCampaign>>(patch, FIXED_FIELDS);
      if (Object.keys(supplied).length === 0) return existing;
      const expected = PreCampaign.parse({ ...existing, ...supplied });
      return commit(
        id,
        expected,
        (batch, document) => batch.update(document, toDocument(supplied)),
        (preCampaign) => ({
          type: EventTypes.preCampaignUpdated,
          aggregateType: 'preCampaign',
          aggregateId: id,
          payload: { preCampaign, changed: Object.keys(supplied).length },
        }),
      );
    },

    async softDelete(id) {
      return softDeleteDocument(context, collection().doc(id), () => ({
        type: EventTypes.preCampaignDeleted,
        aggregateType: 'preCampaign',
        aggregateId: id,
        payload: { id },
      }));
    },

    findDrafts: (scope, page) =>
      list(
        scope,
        page,
        (query) => [
          query.where('isPaid', '==', false).where('workflowstatus', '==', null),
          query.where('isPaid', '==', false).where('workflowstatus', 'in', ['', 'New', 'Canceled']),
        ],
        (draft) => !draft.isPaid && DRAFT_STATUSES.has(draft.workflowstatus),
      ),

    findPending: (scope, page) =>
      list(
        scope,
        page,
        (query) => query.where('workflowstatus', '==', 'Pending'),
        (draft) => draft.workflowstatus === 'Pending',
      ),

    findPendingPublish: (scope, page) =>
      list(
        scope,
        page,
        (query) => query.where('workflowstatus', '==', 'Approved').where('isPaid', '==', false),
        (draft) => draft.workflowstatus === 'Approved' && !draft.isPaid,
      ),

    findPublishing: (scope, page) =>
      list(
        scope,
        page,
        (query) => query.where('workflowstatus', '==', 'Approved').where('isPaid', '==', true),
        (draft) => draft.workflowstatus === 'Approved' && draft.isPaid,
      ),

    async appendWorkflowEntry(id, entry, status, options = {}) {
      const snapshot = await readIn(context, collection().doc(id));
      if (!snapshot.exists) return null;
      const existing = toPreCampaign(snapshot);
      if (!allowsMoveFrom(existing.workflowstatus, options.onlyFrom)) throw changedMeanwhile(existing.workflowstatus);
      const parsedEntry = WorkflowEntry.parse(entry);
      const published = status === 'Published';
      const stepFields = { workflowstatus: status, ...(published ? { isPaid: true, amobeeDeployed: true } : {}) };
      const storedEntry = { ...parsedEntry, statusDate: utc(parsedEntry.statusDate) };
      const expected: PreCampaign = { ...existing, ...stepFields, workflow: [...existing.workflow, storedEntry] };
      const write = commit(
        id,
        expected,
        // One document write: the entry is appended server-side, so concurrent steps are all kept.
        (batch, document) => {
          const change = { ...stepFields, workflow: FieldValue.arrayUnion(toDocument(storedEntry)) };
          // A guarded move is written only if nobody changed the draft since it was read; a commit that
          // fails its precondition is a move that lost the race.
          if (options.onlyFrom && snapshot.updateTime) {
            batch.update(document, change, { lastUpdateTime: snapshot.updateTime });
          } else {
            batch.update(document, change);
          }
        },
        (preCampaign) => ({
          type: EventTypes.preCampaignWorkflowChanged,
          aggregateType: 'preCampaign',
          aggregateId: id,
          payload: { preCampaign, entry: parsedEntry, status },
        }),
      );
      return write.catch(async (error: unknown) => {
        if (!isFailedPrecondition(error)) throw error;
        throw changedMeanwhile((await findById(id))?.workflowstatus ?? null);
      });
    },

    async markPaid(id, paymentIntentId) {
      for (;;) {
        const snapshot = await readIn(context, collection().doc(id));
        if (!snapshot.exists) return { marked: false, preCampaign: null };
        const draft = toPreCampaign(snapshot);
        if (draft.isPaid || draft.isDeleted || draft.workflowstatus !== 'Approved') {
          return { marked: false, preCampaign: draft };
        }
        try {
          const preCampaign = await commit(
            id,
            { ...draft, isPaid: true, paymentIntentId },
            // Written only if nobody changed the draft since it was read: of racing calls one marks it.
            (batch, document) =>
              snapshot.updateTime
                ? batch.update(document, { isPaid: true, paymentIntentId }, { lastUpdateTime: snapshot.updateTime })
                : batch.update(document, { isPaid: true, paymentIntentId }),
            () => ({
              type: EventTypes.preCampaignPaid,
              aggregateType: 'preCampaign',
              aggregateId: id,
              payload: { preCampaignId: id, paymentIntentId },
            }),
          );
          return { marked: true, preCampaign };
        } catch (error) {
          // Inside a unit of work the commit is the unit's; outside, a lost race reads the draft again.
          if (!isFailedPrecondition(error) || context.unit) throw error;
        }
      }
    },
  };
}

/** gRPC FAILED_PRECONDITION, as a commit answers when a write's lastUpdateTime no longer holds. */
const isFailedPrecondition = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 9;

function toPreCampaign(snapshot: DocumentSnapshot): PreCampaign {
  const data = documentData(snapshot);
  return stored(PreCampaign.parse({ createdAt: createTimeOf(snapshot), ...data, id: snapshot.id }));
}

/** A draft as stored: instants in UTC, including each step's date. */
function stored(draft: PreCampaign): PreCampaign {
  return {
    ...withUtcTimes(draft),
    workflow: draft.workflow.map((entry) => ({ ...entry, statusDate: utc(entry.statusDate) })),
  };
}
