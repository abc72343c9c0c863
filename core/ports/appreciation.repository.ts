import type { Appreciation } from '../appreciations/appreciation.entity';

export interface AppreciationRepository {
  /**
   * One appreciation per campaign and promoter (promoter_id null for the campaign's own): saving again
   * replaces it, keeping the stored one's id.
   */
  save(appreciation: Appreciation): Promise<Appreciation>;
  findForCampaign(campaignId: string, promoterId?: string | null): Promise<Appreciation | null>;
  listByCampaigner(campaignerId: string): Promise<Appreciation[]>;
  listByPromoter(promoterId: string): Promise<Appreciation[]>;
}
