import type { PageRequest } from '../shared/paging';
import type { Campaign, CampaignPatch, NewCampaign } from '../campaigns/campaign.entity';

export interface CampaignListFilter {
  userId?: string;
  organizationId?: string;
  /** Only campaigns created at or after this instant. */
  createdSince?: string;
  /** Only paid campaigns. */
  paidOnly?: boolean;
  /** Deleted campaigns too (their gifts still count in a donor's year). */
  includeDeleted?: boolean;
}

export interface CampaignRepository {
  /** Fails with a conflict when the campaignUUID exists. */
  create(campaign: NewCampaign): Promise<Campaign>;
  findById(campaignUUID: string): Promise<Campaign | null>;
  /**
   * Not deleted (unless `includeDeleted`), newest first (createdAt, then campaignUUID); with `page`, at
   * most its limit after its key.
   */
  list(filter?: CampaignListFilter, page?: PageRequest): Promise<Campaign[]>;
  /** Overwrites only the supplied fields (the merge rules of SPEC §5 are applied by the caller); null when none. */
  update(campaignUUID: string, patch: CampaignPatch): Promise<Campaign | null>;
  softDelete(campaignUUID: string): Promise<boolean>;
  /**
   * Adds a donation to the totals atomically, without reading first: campaignRaised += amount and
   * donators = (donators, counted as 0 when missing) + 1. Null when no such campaign.
   */
  countDonation(campaignUUID: string, amountCents: number): Promise<Campaign | null>;
  /**
   * Adds several donations to the totals at once, atomically and without reading first, as `donors`
   * calls of countDonation would: campaignRaised += amount and donators = (donators or 0) + donors.
   * Null when no such campaign.
   */
  countDonations(campaignUUID: string, amountCents: number, donors: number): Promise<Campaign | null>;
  /**
   * Takes a refund off the totals atomically, without reading first: campaignRaised -= amount (never
   * below 0) and, when the donor left (their donation is fully refunded), donators -= 1 (never below 0).
   * Null when no such campaign.
   */
  uncountDonation(campaignUUID: string, amountCents: number, options: { donorLeft: boolean }): Promise<Campaign | null>;
}
