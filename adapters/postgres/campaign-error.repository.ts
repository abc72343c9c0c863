import type { Selectable } from 'kysely';
import { CampaignErrorReport } from '@causeway/core/deployment/campaign-error.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import { conflict } from '@causeway/core/shared/errors';
import type { CampaignErrorRepository } from '@causeway/core/ports/campaign-error.repository';
import type { CreateCampaignErrorsTable } from './tables/campaign.tables';
import { changeWithEvent, iso, type PgContext } from './transaction';

export function createPostgresCampaignErrorRepository(context: PgContext): CampaignErrorRepository {
  const { db } = context;
  return {
    record(input) {
      const report = CampaignErrorReport.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          // No exception on a taken id: it would abort a surrounding unit of work's transaction.
          const inserted = await trx
            .insertInto('create_campaign_errors')
            .values({
              id: report.id,
              pre_campaign_id: report.preCampaignId,
              step: report.step,
              update_payload: JSON.stringify(report.update),
              created_at: report.createdAt,
            })
            .onConflict((onConflict) => onConflict.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw conflict(`An error report with id ${report.id} already exists.`);
          return report.id;
        },
        (id) => ({
          type: EventTypes.campaignErrorRecorded,
          aggregateType: 'campaignError',
          aggregateId: id,
          payload: { id, preCampaignId: report.preCampaignId, step: report.step },
        }),
      );
    },

    async findById(id) {
      const row = await db.selectFrom('create_campaign_errors').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toReport(row) : null;
    },

    async findLatest(preCampaignId) {
      const row = await db
        .selectFrom('create_campaign_errors')
        .selectAll()
        .where('pre_campaign_id', '=', preCampaignId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toReport(row) : null;
    },
  };
}

function toReport(row: Selectable<CreateCampaignErrorsTable>): CampaignErrorReport {
  return CampaignErrorReport.parse({
    id: row.id,
    preCampaignId: row.pre_campaign_id,
    step: row.step,
    update: row.update_payload,
    createdAt: iso(row.created_at),
  });
}
