import type { FundraiserPage, FundraiserPageVisibility } from '../promotion/fundraiser-page.entity';

export interface FundraiserPageRepository {
  /**
   * One page per promoter and campaign: the first save stores the page as given; a later one changes its
   * content alone (headline, story, photo, goal, leaderboard choice, updatedAt), keeping its id, its
   * creation and whether a campaigner hid it. Answers the page as stored.
   */
  save(page: FundraiserPage): Promise<FundraiserPage>;
  find(campaignId: string, promoterId: string): Promise<FundraiserPage | null>;
  /** A campaign's pages, oldest first (ties by id). */
  listByCampaign(campaignId: string): Promise<FundraiserPage[]>;
  /** A promoter's pages, newest first (ties by id). */
  listByPromoter(promoterId: string): Promise<FundraiserPage[]>;
  /** The pages of an organization's campaigns, newest first (ties by id). */
  listByOrganization(organizationId: string): Promise<FundraiserPage[]>;
  /** Hides a page or shows it again, keeping its content; null when there is no such page. */
  setVisibility(
    campaignId: string,
    promoterId: string,
    visibility: FundraiserPageVisibility,
  ): Promise<FundraiserPage | null>;
}
