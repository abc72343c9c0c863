import { EventTypes } from '@causeway/core/events/domain-event';
import type { PromotionRepository } from '@causeway/core/ports/promotion.repository';
import { Audience, Promotion } from '@causeway/core/promotion/promotion.entity';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

// Instants are kept as the database gives them back: UTC, milliseconds.
const utc = (value: string): string => new Date(value).toISOString();
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createMemoryPromotionRepository(context: MemoryContext): PromotionRepository {
  const promotions = () => context.state().table<Promotion>('promotions');
  const audiences = () => context.state().table<Audience>('audience');
  return {
    promote(input) {
      const parsed = Promotion.parse(input);
      return changeWithMemoryEvent(
        context,
        () => {
          const existing = [...promotions().values()].find(
            (item) => item.creatorId === parsed.creatorId && item.campaignId === parsed.campaignId,
          );
          if (existing) return { promotion: copy(existing), created: false };
          if (promotions().has(parsed.id)) throw conflict('A promotion with this id already exists.');
          const promotion = { ...parsed, createdAt: utc(parsed.createdAt) };
          promotions().set(promotion.id, promotion);
          return { promotion: copy(promotion), created: true };
        },
        ({ promotion, created }) =>
          created
            ? {
                type: EventTypes.promotionCreated,
                aggregateType: 'promotion',
                aggregateId: promotion.id,
                payload: { promotion },
              }
            : null,
      ).then(({ promotion }) => promotion);
    },
    async findById(id) {
      const found = promotions().get(id);
      return found ? copy(found) : null;
    },
    async listByCreator(creatorId) {
      return [...promotions().values()]
        .filter((item) => item.creatorId === creatorId)
        .sort(newestFirst)
        .map(copy);
    },
    async listByRootCompany(rootCompanyId) {
      return [...promotions().values()]
        .filter((item) => item.rootCompanyId === rootCompanyId)
        .sort(newestFirst)
        .map(copy);
    },
    async listByCampaign(campaignId) {
      return [...promotions().values()]
        .filter((item) => item.campaignId === campaignId)
        .sort(newestFirst)
        .map(copy);
    },
    addAudience(input) {
      const parsed = Audience.parse(input);
      return changeWithMemoryEvent(
        context,
        () => {
          if (audiences().has(parsed.id)) throw conflict('An audience with this id already exists.');
          const audience = { ...parsed, createdAt: utc(parsed.createdAt) };
          audiences().set(audience.id, audience);
          return copy(audience);
        },
        (audience) => ({
          type: EventTypes.audienceCreated,
          aggregateType: 'audience',
          aggregateId: audience.id,
          payload: { audience },
        }),
      );
    },
    async listAudiences(campaignId) {
      return [...audiences().values()]
        .filter((item) => item.campaignId === campaignId)
        .sort(newestFirst)
        .map(copy);
    },
  };
}
