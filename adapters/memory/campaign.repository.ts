import { Campaign } from '@causeway/core/campaigns/campaign.entity';
import { isAfter } from '@causeway/core/shared/paging';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { CampaignRepository } from '@causeway/core/ports/campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import { newestFirst, utc, withUtcTimes } from './campaign-times';
import { changeWithMemoryEvent, copy, insertRecord, replaceRecord, type MemoryContext } from './memory-state';
import { checkGiftsCounted, checkRefundUncounted } from '@causeway/core/campaigns/campaign-totals.rules';

export function createMemoryCampaignRepository(context: MemoryContext): CampaignRepository {
  const table = () => context.state().table<Campaign>('campaigns');

  const findById = async (campaignUUID: string): Promise<Campaign | null> => {
    const campaign = table().get(campaignUUID);
    return campaign ? copy(campaign) : null;
  };

  /** Replaces a stored campaign with `change(campaign)`, or answers null when there is none. */
  const replace = (campaignUUID: string, change: (campaign: Campaign) => Campaign): Campaign | null =>
    replaceRecord(table(), campaignUUID, change, withUtcTimes);

  /** Adds gifts to a campaign's totals in place, with the event that says so. */
  const countGifts = async (
    campaignUUID: string,
    amountCents: number,
    donors: number,
    payload: Record<string, unknown>,
  ) => {
    checkGiftsCounted(amountCents, donors);
    return changeWithMemoryEvent(
      context,
      () =>
        replace(campaignUUID, (campaign) => ({
          ...campaign,
          campaignRaised: campaign.campaignRaised + amountCents,
          donators: (campaign.donators ?? 0) + donors,
        })),
      (campaign) =>
        campaign && {
          type: EventTypes.campaignDonationCounted,
          aggregateType: 'campaign',
          aggregateId: campaignUUID,
          payload,
        },
    );
  };

  return {
    create(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const campaign = withUtcTimes(Campaign.parse(input));
          return insertRecord(table(), campaign.campaignUUID, campaign, () =>
            conflict(`A campaign with campaignUUID ${campaign.campaignUUID} already exists.`),
          );
        },
        (created) => ({
          type: EventTypes.campaignCreated,
          aggregateType: 'campaign',
          aggregateId: created.campaignUUID,
          payload: { campaign: created },
        }),
      );
    },

    findById,

    async list(filter = {}, page) {
      const since = filter.createdSince === undefined ? undefined : utc(filter.createdSince);
      return [...table().values()]
        .filter(
          (campaign) =>
            (filter.includeDeleted || !campaign.isDeleted) &&
            isAfter({ at: campaign.createdAt, id: campaign.campaignUUID }, page?.after) &&
            (filter.userId === undefined || campaign.userId === filter.userId) &&
            (filter.organizationId === undefined || campaign.organizationId === filter.organizationId) &&
            (since === undefined || campaign.createdAt >= since) &&
            (!filter.paidOnly || campaign.isPaid),
        )
        .sort(
          newestFirst(
            (campaign) => campaign.createdAt,
            (campaign) => campaign.campaignUUID,
          ),
        )
        .slice(0, page?.limit)
        .map(copy);
    },

    update(campaignUUID, patch) {
      const supplied = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      if (Object.keys(supplied).length === 0) return findById(campaignUUID);
      return changeWithMemoryEvent(
        context,
        () =>
          replace(campaignUUID, (campaign) =>
            Campaign.parse({
              ...campaign,
              ...supplied,
              // Identity and ownership never change.
              campaignUUID: campaign.campaignUUID,
              userId: campaign.userId,
              createdAt: campaign.createdAt,
            }),
          ),
        (campaign) =>
          campaign && {
            type: EventTypes.campaignUpdated,
            aggregateType: 'campaign',
            aggregateId: campaignUUID,
            payload: { campaign },
          },
      );
    },

    softDelete(campaignUUID) {
      return changeWithMemoryEvent(
        context,
        () => replace(campaignUUID, (campaign) => ({ ...campaign, isDeleted: true })) !== null,
        (deleted) =>
          deleted
            ? {
                type: EventTypes.campaignDeleted,
                aggregateType: 'campaign',
                aggregateId: campaignUUID,
                payload: { campaignUUID },
              }
            : null,
      );
    },

    async countDonation(campaignUUID, amountCents) {
      return countGifts(campaignUUID, amountCents, 1, { campaignUUID, amountCents });
    },

    async countDonations(campaignUUID, amountCents, donors) {
      return countGifts(campaignUUID, amountCents, donors, { campaignUUID, amountCents, donors });
    },

    async uncountDonation(campaignUUID, amountCents, { donorLeft }) {
      checkRefundUncounted(amountCents);
      return changeWithMemoryEvent(
        context,
        () =>
          replace(campaignUUID, (campaign) => ({
            ...campaign,
            campaignRaised: Math.max(campaign.campaignRaised - amountCents, 0),
            donators: donorLeft ? Math.max((campaign.donators ?? 0) - 1, 0) : campaign.donators,
          })),
        (campaign) =>
          campaign && {
            type: EventTypes.campaignRefundCounted,
            aggregateType: 'campaign',
            aggregateId: campaignUUID,
            payload: { campaignUUID, amountCents, donorLeft },
          },
      );
    },
  };
}
