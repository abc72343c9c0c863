import type { Selectable } from 'kysely';
import { DemoCampaign } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { DemoCampaignRepository } from '@causeway/core/ports/demo-campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import type { DemoCampaignsTable } from './tables/campaign.tables';
import { changeWithEvent, iso, type PgContext } from './transaction';

export function createPostgresDemoCampaignRepository(context: PgContext): DemoCampaignRepository {
  const { db } = context;
  return {
    create(input) {
      const demo = DemoCampaign.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          // No exception on a taken id: it would abort a surrounding unit of work's transaction.
          const row = await trx
            .insertInto('demo_campaigns')
            .values({
              campaign_uuid: demo.campaignUUID,
              campaign_name: demo.campaignName,
              organization_id: demo.organizationId,
              workflow_status: demo.workflowstatus,
              created_at: demo.createdAt,
              updated_at: demo.updatedAt,
            })
            .onConflict((onConflict) => onConflict.column('campaign_uuid').doNothing())
            .returningAll()
            .executeTakeFirst();
          if (!row) throw conflict(`A demo campaign with campaignUUID ${demo.campaignUUID} already exists.`);
          return toDemoCampaign(row);
        },
        (created) => ({
          type: EventTypes.demoCampaignCreated,
          aggregateType: 'demoCampaign',
          aggregateId: created.campaignUUID,
          payload: { demoCampaign: created },
        }),
      );
    },

    async findById(campaignUUID) {
      const row = await db
        .selectFrom('demo_campaigns')
        .selectAll()
        .where('campaign_uuid', '=', campaignUUID)
        .executeTakeFirst();
      return row ? toDemoCampaign(row) : null;
    },

    async list(filter = {}) {
      let query = db.selectFrom('demo_campaigns').selectAll();
      if (filter.organizationId !== undefined) query = query.where('organization_id', '=', filter.organizationId);
      if (filter.status !== undefined) query = query.where('workflow_status', '=', filter.status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('campaign_uuid', 'desc').execute();
      return rows.map(toDemoCampaign);
    },

    setStatus(campaignUUID, status, at) {
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .updateTable('demo_campaigns')
            .set({ workflow_status: status, updated_at: at })
            .where('campaign_uuid', '=', campaignUUID)
            .returningAll()
            .executeTakeFirst();
          return row ? toDemoCampaign(row) : null;
        },
        (demoCampaign) =>
          demoCampaign && {
            type: EventTypes.demoCampaignStatusChanged,
            aggregateType: 'demoCampaign',
            aggregateId: campaignUUID,
            payload: { demoCampaign },
          },
      );
    },
  };
}

function toDemoCampaign(row: Selectable<DemoCampaignsTable>): DemoCampaign {
  return DemoCampaign.parse({
    campaignUUID: row.campaign_uuid,
    campaignName: row.campaign_name,
    organizationId: row.organization_id,
    workflowstatus: row.workflow_status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
