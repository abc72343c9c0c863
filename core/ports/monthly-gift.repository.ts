import type { MonthlyGift } from '../monthly-gifts/monthly-gift.entity';

/** Monthly gifts (`monthlyGifts`), keyed by the provider's subscription id; e-mails are kept lowercased. */
export interface MonthlyGiftRepository {
  /**
   * Reads the gift and writes what `change` answers, as one step: concurrent changes of one gift run one
   * after the other, each reading what the last wrote. `change` answers null to leave the gift as it is.
   * Answers the gift as stored afterwards (null when there is none). Each write publishes
   * `monthlyGift.changed` with the whole gift.
   */
  change(
    subscriptionId: string,
    change: (current: MonthlyGift | null) => MonthlyGift | null,
  ): Promise<MonthlyGift | null>;
  findById(subscriptionId: string): Promise<MonthlyGift | null>;
  /** The gifts given with this e-mail address (any case), newest first. */
  listByEmail(email: string): Promise<MonthlyGift[]>;
  /** A campaign's gifts that have not ended, oldest first. */
  listOpenByCampaign(campaignId: string): Promise<MonthlyGift[]>;
  /** The campaigns that have gifts neither ended nor told of their campaign's end, in no order. */
  listCampaignsWithOpenGifts(): Promise<string[]>;
  /**
   * An organization's gifts whose renewal was declined (being retried, or ended for it), latest decline
   * first, at most `limit`.
   */
  listFailedByOrganization(organizationId: string, limit: number): Promise<MonthlyGift[]>;
}
