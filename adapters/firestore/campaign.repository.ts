import { FieldValue, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { pagedQuery } from './paging';
import { Campaign } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
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
  createDocument,
  documentCommitter,
  softDeleteDocument,
  type FirestoreContext,
  readIn,
} from './firestore-context';
import { checkGiftsCounted, checkRefundUncounted } from '@causeway/core/campaigns/campaign-totals.rules';

/** Patch fields that never reach the document: identity and ownership never change. */
const FIXED_FIELDS = ['campaignUUID', 'userId', 'createdAt'];

/** `campaigns` collection, document id = campaignUUID. */
export function createFirestoreCampaignRepository(context: FirestoreContext): CampaignRepository {
  const collection = () => context.firestore.collection('campaigns');

  const findById = async (campaignUUID: string): Promise<Campaign | null> => {
    const snapshot = await readIn(context, collection().doc(campaignUUID));
    return snapshot.exists ? toCampaign(snapshot) : null;
  };

  const commit = documentCommitter(context, collection, findById);

  /** Adds gifts to a campaign's totals in place, with the event that says so. */
  const countGifts = async (
    campaignUUID: string,
    amountCents: number,
    donors: number,
    payload: Record<string, unknown>,
  ) => {
    checkGiftsCounted(amountCents, donors);
    // Read only to answer null for a missing campaign; the totals are never written from this read.
    const existing = await findById(campaignUUID);
    if (!existing) return null;
    const expected: Campaign = {
      ...existing,
      campaignRaised: existing.campaignRaised + amountCents,
      donators: (existing.donators ?? 0) + donors,
    };
    return commit(
      campaignUUID,
      expected,
      // Server-side increments: concurrent donations never lose one. A missing or null donators counts as 0.
      (batch, document) =>
        batch.update(document, {
          campaignRaised: FieldValue.increment(amountCents),
          donators: FieldValue.increment(donors),
        }),
      () => ({
        type: EventTypes.campaignDonationCounted,
        aggregateType: 'campaign',
        aggregateId: campaignUUID,
        payload,
      }),
    );
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
      let query: Query = collection().where('isDeleted', '==', false);
      if (filter.userId !== undefined) query = query.where('userId', '==', filter.userId);
      if (filter.organizationId !== undefined) query = query.where('organizationId', '==', filter.organizationId);
      if (filter.paidOnly) query = query.where('isPaid', '==', true);
      const since = filter.createdSince === undefined ? undefined : utc(filter.createdSince);
      if (since !== undefined) query = query.where('createdAt', '>=', since);
      const snapshot = await readIn(context, pagedQuery(query, 'createdAt', page));
      return snapshot.docs
        .map(toCampaign)
        .filter((campaign) => !campaign.isDeleted && (since === undefined || campaign.createdAt >= since))
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
      return commit(
        campaignUUID,
        Campaign.parse({ ...existing, ...supplied }),
        (batch, document) => batch.update(document, campaignDocument(supplied, 'update')),
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
      const snapshot = await readIn(context, collection().doc(campaignUUID));
      if (!snapshot.exists) return null;
      const existing = toCampaign(snapshot);
      const expected: Campaign = {
        ...existing,
        campaignRaised: Math.max(existing.campaignRaised - amountCents, 0),
        donators: donorLeft ? Math.max((existing.donators ?? 0) - 1, 0) : existing.donators,
      };
      // Floored at zero, so written from this read, guarded by it: a donation counted meanwhile fails the
      // commit (and the refund's webhook comes again) rather than being overwritten.
      return commit(
        campaignUUID,
        expected,
        (batch, document) => {
          const change = {
            campaignRaised: expected.campaignRaised,
            ...(donorLeft ? { donators: expected.donators } : {}),
          };
          if (snapshot.updateTime) batch.update(document, change, { lastUpdateTime: snapshot.updateTime });
          else batch.update(document, change);
        },
        () => ({
          type: EventTypes.campaignRefundCounted,
          aggregateType: 'campaign',
          aggregateId: campaignUUID,
          payload: { campaignUUID, amountCents, donorLeft },
        }),
      );
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
