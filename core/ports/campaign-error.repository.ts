import type { CampaignErrorReport } from '../deployment/campaign-error.entity';

export interface CampaignErrorRepository {
  /** Stores the report and answers its id. */
  record(report: CampaignErrorReport): Promise<string>;
  findById(id: string): Promise<CampaignErrorReport | null>;
  /** The newest report of a draft, or null. */
  findLatest(preCampaignId: string): Promise<CampaignErrorReport | null>;
}
