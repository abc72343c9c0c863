import { sql, type Insertable, type Selectable, type Updateable, type UpdateObject } from 'kysely';
import { Campaign, type CampaignPatch } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { CampaignRepository } from '@causeway/core/ports/campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import { campaignColumns, campaignFieldsFromRow } from './campaign-fields.mapper';
import { afterKey } from './paging';
import type { CampaignsTable } from './tables/campaign.tables';
import type { Database } from './database';
import { changeWithEvent, type Executor, type PgContext } from './transaction';
import { checkGiftsCounted, checkRefundUncounted } from '@causeway/core/campaigns/campaign-totals.rules';

export function createPostgresCampaignRepository(context: PgContext): CampaignRepository {
  const { db } = context;

  const findById = async (campaignUUID: string): Promise<Campaign | null> => {
    const row = await db
      .selectFrom('campaigns')
      .selectAll()
      .where('campaign_uuid', '=', campaignUUID)
      .executeTakeFirst();
    return row ? toCampaign(row) : null;
  };

  /** Adds gifts to a campaign's totals in place, with the event that says so. */
  const countGifts = async (
    campaignUUID: string,
    amountCents: number,
    donors: number,
    payload: Record<string, unknown>,
  ) => {
    checkGiftsCounted(amountCents, donors);
    return changeWithEvent(
      context,
      (trx) =>
        // One statement computes both totals from the stored row: concurrent donations never lose one.
        updateCampaign(trx, campaignUUID, {
          campaign_raised: sql<number>`campaign_raised + ${amountCents}`,
          donators: sql<number>`coalesce(donators, 0) + ${donors}`,
        }),
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
      const campaign = Campaign.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          // No exception on a taken id: it would abort a surrounding unit of work's transaction.
          const row = await trx
            .insertInto('campaigns')
            .values(campaignRow(campaign))
            .onConflict((onConflict) => onConflict.column('campaign_uuid').doNothing())
            .returningAll()
            .executeTakeFirst();
          if (!row) throw conflict(`A campaign with campaignUUID ${campaign.campaignUUID} already exists.`);
          return toCampaign(row);
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
      let query = db.selectFrom('campaigns').selectAll();
      if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
      if (page?.after) query = query.where(afterKey('created_at', 'campaign_uuid', page.after));
      if (page) query = query.limit(page.limit);
      if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
      if (filter.organizationId !== undefined) query = query.where('organization_id', '=', filter.organizationId);
      if (filter.createdSince !== undefined) query = query.where('created_at', '>=', new Date(filter.createdSince));
      if (filter.paidOnly) query = query.where('is_paid', '=', true);
      const rows = await query.orderBy('created_at', 'desc').orderBy('campaign_uuid', 'desc').execute();
      return rows.map(toCampaign);
    },

    async update(campaignUUID, patch) {
      // Identity and ownership never change, whatever the patch holds.
      const columns: Updateable<CampaignsTable> = {
        ...campaignRow(patch),
        campaign_uuid: undefined,
        user_id: undefined,
        created_at: undefined,
      };
      if (Object.values(columns).every((value) => value === undefined)) return findById(campaignUUID);
      return changeWithEvent(
        context,
        (trx) => updateCampaign(trx, campaignUUID, columns),
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
      return changeWithEvent(
        context,
        async (trx) => {
          const result = await trx
            .updateTable('campaigns')
            .set({ is_deleted: true })
            .where('campaign_uuid', '=', campaignUUID)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0;
        },
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
      return changeWithEvent(
        context,
        (trx) =>
          // In place, as countDonation: concurrent refunds and donations never lose one.
          updateCampaign(trx, campaignUUID, {
            campaign_raised: sql<number>`greatest(campaign_raised - ${amountCents}, 0)`,
            ...(donorLeft ? { donators: sql<number>`greatest(coalesce(donators, 0) - 1, 0)` } : {}),
          }),
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

function campaignRow(fields: Campaign): Insertable<CampaignsTable>;
function campaignRow(fields: CampaignPatch): Updateable<CampaignsTable>;
function campaignRow(fields: Partial<Campaign>): Updateable<CampaignsTable> {
  return {
    ...campaignColumns(fields),
    workflow: fields.workflow === undefined ? undefined : JSON.stringify(fields.workflow),
  };
}

function toCampaign(row: Selectable<CampaignsTable>): Campaign {
  return Campaign.parse({ ...campaignFieldsFromRow(row), workflow: row.workflow });
}

/** Updates one campaign's row and answers the campaign as stored; null when there is none. */
async function updateCampaign(
  executor: Executor,
  campaignUUID: string,
  columns: UpdateObject<Database, 'campaigns'>,
): Promise<Campaign | null> {
  const row = await executor
    .updateTable('campaigns')
    .set(columns)
    .where('campaign_uuid', '=', campaignUUID)
    .returningAll()
    .executeTakeFirst();
  return row ? toCampaign(row) : null;
}
