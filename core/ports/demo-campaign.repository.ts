import type { DemoCampaign } from '../campaigns/campaign.entity';
import type { DemoCampaignStatus } from '../workflow/workflow.entity';

export interface DemoCampaignRepository {
  create(demo: DemoCampaign): Promise<DemoCampaign>;
  findById(campaignUUID: string): Promise<DemoCampaign | null>;
  /** Newest first. */
  list(filter?: { organizationId?: string; status?: DemoCampaignStatus }): Promise<DemoCampaign[]>;
  /** Null when none. Whether the move is allowed is decided by the caller. */
  setStatus(campaignUUID: string, status: DemoCampaignStatus, at: string): Promise<DemoCampaign | null>;
}
