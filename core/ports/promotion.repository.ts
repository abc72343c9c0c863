import type { Audience, Promotion } from '../promotion/promotion.entity';

export interface PromotionRepository {
  /** One promotion per promoter and campaign: promoting again answers the existing one. */
  promote(promotion: Promotion): Promise<Promotion>;
  findById(id: string): Promise<Promotion | null>;
  listByCreator(creatorId: string): Promise<Promotion[]>;
  listByRootCompany(rootCompanyId: string): Promise<Promotion[]>;
  addAudience(audience: Audience): Promise<Audience>;
  listAudiences(campaignId: string): Promise<Audience[]>;
}
