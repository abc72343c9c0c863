import type { Audience, Promotion } from '../promotion/promotion.entity';

export interface PromotionRepository {
  /** One promotion per promoter and campaign: promoting again answers the existing one. */
  promote(promotion: Promotion): Promise<Promotion>;
  findById(id: string): Promise<Promotion | null>;
  /** A promoter's promotions, newest first. */
  listByCreator(creatorId: string): Promise<Promotion[]>;
  /** An organization's campaigns' promotions, newest first. */
  listByRootCompany(rootCompanyId: string): Promise<Promotion[]>;
  /** A campaign's promotions, newest first. */
  listByCampaign(campaignId: string): Promise<Promotion[]>;
  addAudience(audience: Audience): Promise<Audience>;
  listAudiences(campaignId: string): Promise<Audience[]>;
}
