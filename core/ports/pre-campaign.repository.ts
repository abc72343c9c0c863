import type { NewPreCampaign, PreCampaign, PreCampaignPatch } from '../campaigns/campaign.entity';
import type { PageRequest } from '../shared/paging';
import type { WorkflowEntry, WorkflowStatus } from '../workflow/workflow.entity';

export interface PreCampaignScope {
  userId?: string;
  organizationId?: string;
}

export interface PreCampaignRepository {
  create(preCampaign: NewPreCampaign): Promise<PreCampaign>;
  /** Soft-deleted drafts are still found by id (their page says so). */
  findById(id: string): Promise<PreCampaign | null>;
  /** Overwrites only the supplied fields; null when no such draft. */
  update(id: string, patch: PreCampaignPatch): Promise<PreCampaign | null>;
  softDelete(id: string): Promise<boolean>;
  /**
   * Unpaid, not deleted, status null, '', New or Canceled; newest first (createdAt, then id). With `page`,
   * at most its limit, after its key: every find below pages the same way.
   */
  findDrafts(scope?: PreCampaignScope, page?: PageRequest): Promise<PreCampaign[]>;
  /** Status Pending, not deleted; newest first. */
  findPending(scope?: PreCampaignScope, page?: PageRequest): Promise<PreCampaign[]>;
  /** Status Approved and unpaid, not deleted; newest first. */
  findPendingPublish(scope?: PreCampaignScope, page?: PageRequest): Promise<PreCampaign[]>;
  /** Status Approved and paid, not deleted: being set up on the ad platform, or stopped there; newest first. */
  findPublishing(scope?: PreCampaignScope, page?: PageRequest): Promise<PreCampaign[]>;
  /**
   * Appends the entry and stores `status` as workflowstatus atomically. Moving to Published also sets
   * isPaid and amobeeDeployed (SPEC §4). Null when no such draft.
   *
   * With `onlyFrom`, the move happens only while the draft's status (null and '' read as New) is one
   * of those; otherwise nothing is written and a conflict naming the current status is thrown. This
   * keeps two people's concurrent moves from both passing the same check.
   */
  appendWorkflowEntry(
    id: string,
    entry: WorkflowEntry,
    status: WorkflowStatus,
    options?: { onlyFrom?: readonly WorkflowStatus[] },
  ): Promise<PreCampaign | null>;
  /**
   * Marks an approved, unpaid, not deleted draft paid by a payment (isPaid and paymentIntentId), as one
   * guarded write: of any number of concurrent calls only one marks it. Answers marked false, writing
   * nothing, when the draft is paid already (by this payment or another), not Approved or deleted; the
   * draft is null when there is none.
   */
  markPaid(id: string, paymentIntentId: string): Promise<{ marked: boolean; preCampaign: PreCampaign | null }>;
}
