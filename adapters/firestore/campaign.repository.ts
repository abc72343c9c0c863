import { FieldValue, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { campaignTotals, plus, withTotals, type TotalsDelta } from './campaign-totals';
import { pagedQuery } from './paging';
import { Campaign } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes, type PendingEvent } from '@causeway/core/events/domain-event';
import type { CampaignRepository } from '@causeway/core/ports/campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import {
  createTimeOf,
  documentData,
  newestFirst,
  suppliedFields,
  toDocument,
  utc,
  withUtcTimes,
} from './campaign.document';
import {
  changeWithFirestoreEvent,
  createDocument,
  documentCommitter,
  softDeleteDocument,
  type FirestoreContext,
  readIn,
} from './firestore-context';
import { checkGiftsCounted, checkRefundUncounted } from '@causeway/core/campaigns/campaign-totals.rules';

/** Patch fields that never reach the document: identity and ownership never change. */
const FIXED_FIELDS = ['campaignUUID', 'userId', 'createdAt'];

const NO_DELTA: TotalsDelta = { raised: 0, donators: undefined };

/**
 * `campaigns` collection, document id = campaignUUID. A campaign's totals (campaignRaised, donators) are
 * its document's fields plus what gifts and refunds added to its shards in `campaignTotals` (see
 * campaign-totals.ts): counting a gift writes one shard, never the campaign's document.
 */
export function createFirestoreCampaignRepository(context: FirestoreContext): CampaignRepository {
  const collection = () => context.firestore.collection('campaigns');
  const totals = campaignTotals(context.firestore);
  /** Inside a unit of work, what it added to each campaign's totals so far (committed with it). */
  const pending = new Map<string, TotalsDelta>();

  /** The campaigns with their totals: their shards' sums, and what this unit of work added to them. */
  const counted = async (campaigns: Campaign[]): Promise<Campaign[]> => {
    if (campaigns.length === 0) return campaigns;
    const sums = await totals.read(campaigns.map((campaign) => campaign.campaignUUID));
    return campaigns.map((campaign) =>
      withTotals(
        campaign,
        plus(sums.get(campaign.campaignUUID) ?? NO_DELTA, pending.get(campaign.campaignUUID) ?? NO_DELTA),
      ),
    );
  };

  const findById = async (campaignUUID: string): Promise<Campaign | null> => {
    const snapshot = await readIn(context, collection().doc(campaignUUID));
    if (!snapshot.exists) return null;
    const [campaign] = await counted([toCampaign(snapshot)]);
    return campaign ?? null;
  };

  /**
   * A campaign's document read without holding it: gifts and refunds only need to know it exists, and a
   * read through the unit of work would hold it until the commit, making every gift to the campaign
   * wait for the one before. One this unit of work wrote is answered by the unit.
   */
  const peek = (campaignUUID: string) => {
    const document = collection().doc(campaignUUID);
    return context.unit?.wrote(document) ? context.unit.get(document) : document.get();
  };

  const commit = documentCommitter(context, collection, findById);

  /**
   * Adds to a campaign's totals on one of its shards, with the event that says so; answers the campaign
   * with its totals (inside a unit of work, as they will be once it commits, barring others' gifts).
   */
  const countOnShard = async (
    campaignUUID: string,
    change: { raised: number; donators?: number },
    event: () => PendingEvent,
  ): Promise<Campaign | null> => {
    const snapshot = await peek(campaignUUID);
    if (!snapshot.exists) return null;
    await changeWithFirestoreEvent(context, (unit) => totals.add(unit, campaignUUID, change), event);
    if (context.unit) {
      const delta = { raised: change.raised, donators: change.donators };
      pending.set(campaignUUID, plus(pending.get(campaignUUID) ?? NO_DELTA, delta));
    }
    const [campaign] = await counted([toCampaign(snapshot)]);
    return campaign ?? null;
  };

  /** Adds gifts to a campaign's totals, with the event that says so. */
  const countGifts = async (
    campaignUUID: string,
    amountCents: number,
    donors: number,
    payload: Record<string, unknown>,
  ) => {
    checkGiftsCounted(amountCents, donors);
    return countOnShard(campaignUUID, { raised: amountCents, donators: donors }, () => ({
      type: EventTypes.campaignDonationCounted,
      aggregateType: 'campaign',
      aggregateId: campaignUUID,
      payload,
    }));
  };

  return {
    async create(input) {
      const campaign = withUtcTimes(Campaign.parse(input));
      return createDocument(
        context,
        collection().doc(campaign.campaignUUID),
        campaign,
        (created) => ({
          type: EventTypes.campaignCreated,
          aggregateType: 'campaign',
          aggregateId: created.campaignUUID,
          payload: { campaign: created },
        }),
        () => conflict(`A campaign with campaignUUID ${campaign.campaignUUID} already exists.`),
        (batch, document) => batch.set(document, campaignDocument(campaign, 'create')),
      );
    },

    findById,

    /** The store answers the page itself: filters, newest first, from the page key (composite indexes). */
    async list(filter = {}, page) {
      // Deleted ones too through the same index: `in` runs as one equality query per value.
      let query: Query = filter.includeDeleted
        ? collection().where('isDeleted', 'in', [false, true])
        : collection().where('isDeleted', '==', false);
      if (filter.userId !== undefined) query = query.where('userId', '==', filter.userId);
      if (filter.organizationId !== undefined) query = query.where('organizationId', '==', filter.organizationId);
      if (filter.paidOnly) query = query.where('isPaid', '==', true);
      const since = filter.createdSince === undefined ? undefined : utc(filter.createdSince);
      if (since !== undefined) query = query.where('createdAt', '>=', since);
      const snapshot = await readIn(context, pagedQuery(query, 'createdAt', page));
      return (await counted(snapshot.docs.map(toCampaign)))
        .filter(
          (campaign) =>
            (filter.includeDeleted || !campaign.isDeleted) && (since === undefined || campaign.createdAt >= since),
        )
        .sort(
          newestFirst(
            (campaign) => campaign.createdAt,
            (campaign) => campaign.campaignUUID,
          ),
        );
    },

    async update(campaignUUID, patch) {
      const existing = await findById(campaignUUID);
      if (!existing) return null;
      const supplied = suppliedFields<Partial<Campaign>>(patch, FIXED_FIELDS);
      if (Object.keys(supplied).length === 0) return existing;
      // Totals given anew are the document's alone: their shards are emptied in the same commit.
      const reset = { raised: supplied.campaignRaised !== undefined, donators: supplied.donators !== undefined };
      if (reset.raised || reset.donators) pending.delete(campaignUUID);
      return commit(
        campaignUUID,
        Campaign.parse({ ...existing, ...supplied }),
        (batch, document) => {
          batch.update(document, campaignDocument(supplied, 'update'));
          totals.reset(batch, campaignUUID, reset);
        },
        (campaign) => ({
          type: EventTypes.campaignUpdated,
          aggregateType: 'campaign',
          aggregateId: campaignUUID,
          payload: { campaign },
        }),
      );
    },

    async softDelete(campaignUUID) {
      return softDeleteDocument(context, collection().doc(campaignUUID), () => ({
        type: EventTypes.campaignDeleted,
        aggregateType: 'campaign',
        aggregateId: campaignUUID,
        payload: { campaignUUID },
      }));
    },

    async countDonation(campaignUUID, amountCents) {
      return countGifts(campaignUUID, amountCents, 1, { campaignUUID, amountCents });
    },

    async countDonations(campaignUUID, amountCents, donors) {
      return countGifts(campaignUUID, amountCents, donors, { campaignUUID, amountCents, donors });
    },

    async uncountDonation(campaignUUID, amountCents, { donorLeft }) {
      checkRefundUncounted(amountCents);
      // Taken off a shard as a gift is added: the floor at zero is applied where the totals are read.
      return countOnShard(campaignUUID, { raised: -amountCents, ...(donorLeft ? { donators: -1 } : {}) }, () => ({
        type: EventTypes.campaignRefundCounted,
        aggregateType: 'campaign',
        aggregateId: campaignUUID,
        payload: { campaignUUID, amountCents, donorLeft },
      }));
    },
  };
}

export function toCampaign(snapshot: DocumentSnapshot): Campaign {
  const data = documentData(snapshot);
  return withUtcTimes(Campaign.parse({ createdAt: createTimeOf(snapshot), ...data, campaignUUID: snapshot.id }));
}

/**
 * Campaign fields as document data. A null donators is left out (removed on update): an absent
 * field is what FieldValue.increment counts from 0 in every Firestore implementation.
 */
function campaignDocument(fields: Partial<Campaign>, write: 'create' | 'update'): Record<string, unknown> {
  const document = toDocument(fields);
  if (fields.donators === null) {
    if (write === 'update') document.donators = FieldValue.delete();
    else delete document.donators;
  }
  return document;
}
