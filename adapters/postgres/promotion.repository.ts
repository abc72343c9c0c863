import type { Selectable } from 'kysely';
import { EventTypes } from '@causeway/core/events/domain-event';
import { conflict } from '@causeway/core/shared/errors';
import type { PromotionRepository } from '@causeway/core/ports/promotion.repository';
import { Audience, Promotion } from '@causeway/core/promotion/promotion.entity';
import type { AudiencesTable, PromotionsTable } from './tables/money.tables';
import { changeWithEvent, conflictOn, iso, type PgContext } from './transaction';

export function createPostgresPromotionRepository(context: PgContext): PromotionRepository {
  const { db } = context;
  return {
    promote(input) {
      const promotion = Promotion.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          const inserted = await trx
            .insertInto('promotions')
            .values({
              id: promotion.id,
              creator_id: promotion.creatorId,
              root_company_id: promotion.rootCompanyId,
              campaign_id: promotion.campaignId,
              created_at: promotion.createdAt,
            })
            // Every unique index arbitrates, so the same promotion sent twice at once meets "do nothing".
            .onConflict((target) => target.doNothing())
            .returningAll()
            .executeTakeFirst();
          if (inserted) return { promotion: toPromotion(inserted), created: true };
          const existing = await trx
            .selectFrom('promotions')
            .selectAll()
            .where('creator_id', '=', promotion.creatorId)
            .where('campaign_id', '=', promotion.campaignId)
            .executeTakeFirst();
          if (!existing) throw conflict('A promotion with this id already exists.');
          return { promotion: toPromotion(existing), created: false };
        },
        ({ promotion: saved, created }) =>
          created
            ? {
                type: EventTypes.promotionCreated,
                aggregateType: 'promotion',
                aggregateId: saved.id,
                payload: { promotion: saved },
              }
            : null,
      ).then(({ promotion: saved }) => saved);
    },
    async findById(id) {
      const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toPromotion(row) : null;
    },
    async listByCreator(creatorId) {
      const rows = await db
        .selectFrom('promotions')
        .selectAll()
        .where('creator_id', '=', creatorId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPromotion);
    },
    async listByRootCompany(rootCompanyId) {
      const rows = await db
        .selectFrom('promotions')
        .selectAll()
        .where('root_company_id', '=', rootCompanyId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPromotion);
    },
    async listByCampaign(campaignId) {
      const rows = await db
        .selectFrom('promotions')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPromotion);
    },
    addAudience(input) {
      const audience = Audience.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('audiences')
            .values({
              id: audience.id,
              campaign_id: audience.campaignId,
              audience_id: audience.audienceId,
              created_at: audience.createdAt,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toAudience(row);
        },
        (saved) => ({
          type: EventTypes.audienceCreated,
          aggregateType: 'audience',
          aggregateId: saved.id,
          payload: { audience: saved },
        }),
      ).catch(conflictOn('An audience with this id already exists.'));
    },
    async listAudiences(campaignId) {
      const rows = await db
        .selectFrom('audiences')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toAudience);
    },
  };
}

function toPromotion(row: Selectable<PromotionsTable>): Promotion {
  return Promotion.parse({
    id: row.id,
    creatorId: row.creator_id,
    rootCompanyId: row.root_company_id,
    campaignId: row.campaign_id,
    createdAt: iso(row.created_at),
  });
}

function toAudience(row: Selectable<AudiencesTable>): Audience {
  return Audience.parse({
    id: row.id,
    campaignId: row.campaign_id,
    audienceId: row.audience_id,
    createdAt: iso(row.created_at),
  });
}
