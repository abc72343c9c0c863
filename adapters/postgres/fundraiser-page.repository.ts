import type { Selectable } from 'kysely';
import { FundraiserPage } from '@causeway/core/promotion/fundraiser-page.entity';
import type { FundraiserPageRepository } from '@causeway/core/ports/fundraiser-page.repository';
import type { FundraiserPagesTable } from './tables/fundraiser-page.tables';
import { conflictOn, iso, isoOrNull, type PgContext } from './transaction';

export function createPostgresFundraiserPageRepository(context: PgContext): FundraiserPageRepository {
  const { db } = context;
  const pages = () => db.selectFrom('fundraiser_pages').selectAll();
  return {
    async save(input) {
      const page = FundraiserPage.parse(input);
      const content = {
        headline: page.headline,
        story: page.story,
        photo: page.photo,
        goal_cents: page.goalCents,
        show_on_leaderboard: page.showOnLeaderboard,
        updated_at: page.updatedAt,
      };
      // One statement: of two first saves at once, the later finds the row and changes its content alone.
      const row = await db
        .insertInto('fundraiser_pages')
        .values({
          id: page.id,
          promoter_id: page.promoterId,
          campaign_id: page.campaignId,
          organization_id: page.organizationId,
          ...content,
          hidden: page.hidden,
          hidden_reason: page.hiddenReason,
          hidden_at: page.hiddenAt,
          hidden_by: page.hiddenBy,
          created_at: page.createdAt,
        })
        .onConflict((target) => target.columns(['campaign_id', 'promoter_id']).doUpdateSet(content))
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(conflictOn(`A fundraising page with id ${page.id} already exists.`));
      return toPage(row);
    },
    async find(campaignId, promoterId) {
      const row = await pages()
        .where('campaign_id', '=', campaignId)
        .where('promoter_id', '=', promoterId)
        .executeTakeFirst();
      return row ? toPage(row) : null;
    },
    async listByCampaign(campaignId) {
      const rows = await pages()
        .where('campaign_id', '=', campaignId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toPage);
    },
    async listByPromoter(promoterId) {
      const rows = await pages()
        .where('promoter_id', '=', promoterId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPage);
    },
    async listByOrganization(organizationId) {
      const rows = await pages()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPage);
    },
    async setVisibility(campaignId, promoterId, visibility) {
      const row = await db
        .updateTable('fundraiser_pages')
        .set({
          hidden: visibility.hidden,
          hidden_reason: visibility.hidden ? visibility.reason : null,
          hidden_at: visibility.hidden ? visibility.at : null,
          hidden_by: visibility.hidden ? visibility.by : null,
        })
        .where('campaign_id', '=', campaignId)
        .where('promoter_id', '=', promoterId)
        .returningAll()
        .executeTakeFirst();
      return row ? toPage(row) : null;
    },
  };
}

function toPage(row: Selectable<FundraiserPagesTable>): FundraiserPage {
  return {
    id: row.id,
    promoterId: row.promoter_id,
    campaignId: row.campaign_id,
    organizationId: row.organization_id,
    headline: row.headline,
    story: row.story,
    photo: row.photo,
    goalCents: row.goal_cents,
    showOnLeaderboard: row.show_on_leaderboard,
    hidden: row.hidden,
    hiddenReason: row.hidden_reason,
    hiddenAt: isoOrNull(row.hidden_at),
    hiddenBy: row.hidden_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
