/**
 * An organization's general fund: where a donor gives to the organization itself rather than to one of
 * its campaigns (a monthly gift kept going after its campaign ended). It is kept as a campaign of the
 * organization with an id of its own making, so its gifts are booked, receipted, counted and reported
 * like any campaign's. It has no goal, deadline, ads or promoters, is never paid for nor published, is
 * left out of the public list, and every gift to it goes to the organization whole.
 */
import type { Organization } from '../organizations/organization.entity';
import type { CampaignRepository } from '../ports/campaign.repository';
import { DomainError } from '../shared/errors';
import type { Campaign, NewCampaign } from './campaign.entity';

const PREFIX = 'general-';

/** The general fund's id: one per organization, the same wherever it is made. */
export const generalFundIdOf = (organizationId: string): string => `${PREFIX}${organizationId}`;

/** Whether a campaign is its organization's general fund. */
export const isGeneralFund = (campaign: Pick<Campaign, 'campaignUUID' | 'organizationId'>): boolean =>
  campaign.organizationId !== null && campaign.campaignUUID === generalFundIdOf(campaign.organizationId);

/** Of a gift to the general fund, the organization's share in percent: all of it (there is no ad budget). */
export const GENERAL_FUND_PERCENTAGE = 100;

/** The general fund as first made: `ownerId` is told of its gifts (a campaigner of the organization). */
export function generalFundOf(
  organization: Pick<Organization, 'organizationId' | 'name'>,
  ownerId: string,
  at: string,
): NewCampaign {
  return {
    campaignUUID: generalFundIdOf(organization.organizationId),
    userId: ownerId,
    organizationId: organization.organizationId,
    createdAt: at,
    campaignName: 'General support',
    campaignTitle: `Where ${organization.name} needs it most`,
    campaignDescription: `Gifts to ${organization.name} itself, for its work wherever it is needed most.`,
    allowDonations: true,
    allowMonthlyGifts: true,
  };
}

/**
 * The organization's general fund, made the first time it is needed. Two callers at once get the same
 * one: the one that loses the race to make it reads the winner's.
 */
export async function ensureGeneralFund(
  campaigns: Pick<CampaignRepository, 'findById' | 'create'>,
  organization: Pick<Organization, 'organizationId' | 'name'>,
  ownerId: string,
  at: string,
): Promise<Campaign> {
  const id = generalFundIdOf(organization.organizationId);
  const found = await campaigns.findById(id);
  if (found) return found;
  try {
    return await campaigns.create(generalFundOf(organization, ownerId, at));
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
    const made = await campaigns.findById(id);
    if (!made) throw error;
    return made;
  }
}
