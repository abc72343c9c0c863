import { sql, type Selectable } from 'kysely';
import { Appreciation } from '@causeway/core/appreciations/appreciation.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { AppreciationRepository } from '@causeway/core/ports/appreciation.repository';
import type { AppreciationsTable } from './tables/money.tables';
import { changeWithEvent, conflictOn, iso, type PgContext } from './transaction';

export function createPostgresAppreciationRepository(context: PgContext): AppreciationRepository {
  const { db } = context;
  return {
    save(input) {
      const appreciation = Appreciation.parse(input);
      const { id, ...content } = toRow(appreciation);
      return changeWithEvent(
        context,
        async (trx) => {
          // Matches the unique index: the campaign's own appreciation has no promoter.
          const row = await trx
            .insertInto('appreciations')
            .values({ id, ...content })
            .onConflict((target) =>
              target.expression(sql`campaign_id, (coalesce(promoter_id, ''))`).doUpdateSet(content),
            )
            .returningAll()
            .executeTakeFirstOrThrow();
          return toAppreciation(row);
        },
        (saved) => ({
          type: EventTypes.appreciationSaved,
          aggregateType: 'appreciation',
          aggregateId: saved.id,
          payload: { appreciation: saved },
        }),
        // Only the primary key can still clash: the (campaign, promoter) pair is the upsert's target.
      ).catch(conflictOn('An appreciation with this id already exists.'));
    },
    async findForCampaign(campaignId, promoterId = null) {
      const row = await db
        .selectFrom('appreciations')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .where((eb) => (promoterId === null ? eb('promoter_id', 'is', null) : eb('promoter_id', '=', promoterId)))
        .executeTakeFirst();
      return row ? toAppreciation(row) : null;
    },
    async listByCampaigner(campaignerId) {
      const rows = await db
        .selectFrom('appreciations')
        .selectAll()
        .where('campaigner_id', '=', campaignerId)
        .orderBy('update_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toAppreciation);
    },
    async listByPromoter(promoterId) {
      const rows = await db
        .selectFrom('appreciations')
        .selectAll()
        .where('promoter_id', '=', promoterId)
        .orderBy('update_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toAppreciation);
    },
  };
}

function toRow(appreciation: Appreciation) {
  return {
    id: appreciation.id,
    campaign_id: appreciation.campaignId,
    campaigner_id: appreciation.campaigner_id,
    promoter_id: appreciation.promoter_id,
    payment_intent_id: appreciation.paymentIntentId,
    email_message: appreciation.emailMessage,
    page_message: appreciation.pageMessage,
    include_page_campaign_name: appreciation.includePageCampaignName,
    include_page_donor_name: appreciation.includePageDonorName,
    include_page_donor_amount: appreciation.includePageDonorAmount,
    include_email_campaign_name: appreciation.includeEmailCampaignName,
    include_email_donor_name: appreciation.includeEmailDonorName,
    include_email_donor_amount: appreciation.includeEmailDonorAmount,
    include_header_email: appreciation.includeHeaderEmail,
    include_customized_header_email: appreciation.includeCustomizedHeaderEmail,
    email_header_url: appreciation.emailHeaderUrl,
    update_date: appreciation.updateDate,
  };
}

function toAppreciation(row: Selectable<AppreciationsTable>): Appreciation {
  return Appreciation.parse({
    id: row.id,
    campaignId: row.campaign_id,
    campaigner_id: row.campaigner_id,
    promoter_id: row.promoter_id,
    paymentIntentId: row.payment_intent_id,
    emailMessage: row.email_message,
    pageMessage: row.page_message,
    includePageCampaignName: row.include_page_campaign_name,
    includePageDonorName: row.include_page_donor_name,
    includePageDonorAmount: row.include_page_donor_amount,
    includeEmailCampaignName: row.include_email_campaign_name,
    includeEmailDonorName: row.include_email_donor_name,
    includeEmailDonorAmount: row.include_email_donor_amount,
    includeHeaderEmail: row.include_header_email,
    includeCustomizedHeaderEmail: row.include_customized_header_email,
    emailHeaderUrl: row.email_header_url,
    updateDate: iso(row.update_date),
  });
}
