import { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { isAfter, type PageRequest } from '@causeway/core/shared/paging';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { PreCampaignRepository, PreCampaignScope } from '@causeway/core/ports/pre-campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import { WorkflowEntry } from '@causeway/core/workflow/workflow.entity';
import { allowsMoveFrom, changedMeanwhile } from '@causeway/core/workflow/workflow.rules';
import { newestFirst, utc, withUtcTimes } from './campaign-times';
import { changeWithMemoryEvent, copy, insertRecord, replaceRecord, type MemoryContext } from './memory-state';

/** Statuses a draft still being written may carry (SPEC §4 drafts list). */
const DRAFT_STATUSES: ReadonlySet<string | null> = new Set([null, '', 'New', 'Canceled']);

export function createMemoryPreCampaignRepository(context: MemoryContext): PreCampaignRepository {
  const table = () => context.state().table<PreCampaign>('preCampaigns');

  const findById = async (id: string): Promise<PreCampaign | null> => {
    const draft = table().get(id);
    return draft ? copy(draft) : null;
  };

  const list = async (
    scope: PreCampaignScope | undefined,
    page: PageRequest | undefined,
    keep: (draft: PreCampaign) => boolean,
  ) =>
    [...table().values()]
      .filter(
        (draft) =>
          !draft.isDeleted &&
          isAfter({ at: draft.createdAt, id: draft.id }, page?.after) &&
          (scope?.userId === undefined || draft.userId === scope.userId) &&
          (scope?.organizationId === undefined || draft.organizationId === scope.organizationId) &&
          keep(draft),
      )
      .sort(
        newestFirst(
          (draft) => draft.createdAt,
          (draft) => draft.id,
        ),
      )
      .slice(0, page?.limit)
      .map(copy);

  /** Replaces a stored draft with `change(draft)`, or answers null when there is none. */
  const replace = (id: string, change: (draft: PreCampaign) => PreCampaign): PreCampaign | null =>
    replaceRecord(table(), id, change, stored);

  return {
    create(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const preCampaign = stored(PreCampaign.parse(input));
          return insertRecord(table(), preCampaign.id, preCampaign, () =>
            conflict(`A draft with id ${preCampaign.id} already exists.`),
          );
        },
        (created) => ({
          type: EventTypes.preCampaignCreated,
          aggregateType: 'preCampaign',
          aggregateId: created.id,
          payload: { preCampaign: created },
        }),
      );
    },

    findById,

    update(id, patch) {
      const supplied = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      if (Object.keys(supplied).length === 0) return findById(id);
      return changeWithMemoryEvent(
        context,
        () =>
          replace(id, (draft) =>
            PreCampaign.parse({
              ...draft,
              ...supplied,
              // Identity, ownership and history change only through their own calls.
              id: draft.id,
              campaignUUID: draft.campaignUUID,
              userId: draft.userId,
              createdAt: draft.createdAt,
              workflow: draft.workflow,
            }),
          ),
        (preCampaign) =>
          preCampaign && {
            type: EventTypes.preCampaignUpdated,
            aggregateType: 'preCampaign',
            aggregateId: id,
            payload: { preCampaign, changed: Object.keys(supplied).length },
          },
      );
    },

    softDelete(id) {
      return changeWithMemoryEvent(
        context,
        () => replace(id, (draft) => ({ ...draft, isDeleted: true })) !== null,
        (deleted) =>
          deleted
            ? { type: EventTypes.preCampaignDeleted, aggregateType: 'preCampaign', aggregateId: id, payload: { id } }
            : null,
      );
    },

    findDrafts: (scope, page) =>
      list(scope, page, (draft) => !draft.isPaid && DRAFT_STATUSES.has(draft.workflowstatus)),

    findPending: (scope, page) => list(scope, page, (draft) => draft.workflowstatus === 'Pending'),

    findPendingPublish: (scope, page) =>
      list(scope, page, (draft) => draft.workflowstatus === 'Approved' && !draft.isPaid),

    findPublishing: (scope, page) => list(scope, page, (draft) => draft.workflowstatus === 'Approved' && draft.isPaid),

    appendWorkflowEntry(id, entry, status, options = {}) {
      const parsedEntry = WorkflowEntry.parse(entry);
      const published = status === 'Published';
      return changeWithMemoryEvent(
        context,
        () =>
          replace(id, (draft) => {
            if (!allowsMoveFrom(draft.workflowstatus, options.onlyFrom)) throw changedMeanwhile(draft.workflowstatus);
            return {
              ...draft,
              workflow: [...draft.workflow, parsedEntry],
              workflowstatus: status,
              isPaid: published || draft.isPaid,
              amobeeDeployed: published || draft.amobeeDeployed,
            };
          }),
        (preCampaign) =>
          preCampaign && {
            type: EventTypes.preCampaignWorkflowChanged,
            aggregateType: 'preCampaign',
            aggregateId: id,
            payload: { preCampaign, entry: parsedEntry, status },
          },
      );
    },

    markPaid(id, paymentIntentId) {
      return changeWithMemoryEvent(
        context,
        () => {
          const draft = table().get(id);
          if (!draft) return { marked: false, preCampaign: null };
          if (draft.isPaid || draft.isDeleted || draft.workflowstatus !== 'Approved') {
            return { marked: false, preCampaign: copy(draft) };
          }
          return { marked: true, preCampaign: replace(id, (stored) => ({ ...stored, isPaid: true, paymentIntentId })) };
        },
        ({ marked, preCampaign }) =>
          marked && preCampaign
            ? {
                type: EventTypes.preCampaignPaid,
                aggregateType: 'preCampaign',
                aggregateId: id,
                payload: { preCampaignId: id, paymentIntentId },
              }
            : null,
      );
    },
  };
}

/** A draft as the relational store keeps it: instants in UTC, including each step's date. */
function stored(draft: PreCampaign): PreCampaign {
  return {
    ...withUtcTimes(draft),
    workflow: draft.workflow.map((entry) => ({ ...entry, statusDate: utc(entry.statusDate) })),
  };
}
