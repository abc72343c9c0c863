import { EventTypes } from '@causeway/core/events/domain-event';
import type { MonthlyGift } from '@causeway/core/monthly-gifts/monthly-gift.entity';
import {
  isFailedGift,
  latestDeclineFirst,
  newestStartFirst,
  normalizedGift,
} from '@causeway/core/monthly-gifts/monthly-gift.order';
import type { MonthlyGiftRepository } from '@causeway/core/ports/monthly-gift.repository';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

export function createMemoryMonthlyGiftRepository(context: MemoryContext): MonthlyGiftRepository {
  const gifts = () => context.state().table<MonthlyGift>('monthlyGifts');
  const all = () => [...gifts().values()].map(copy);

  return {
    async change(subscriptionId, change) {
      let current: MonthlyGift | null = null;
      return changeWithMemoryEvent(
        context,
        () => {
          const stored = gifts().get(subscriptionId);
          current = stored ? copy(stored) : null;
          const next = change(current);
          if (!next) return current;
          const gift = normalizedGift({ ...next, subscriptionId });
          gifts().set(subscriptionId, gift);
          return copy(gift);
        },
        (gift) =>
          gift && gift !== current
            ? {
                type: EventTypes.monthlyGiftChanged,
                aggregateType: 'monthlyGift',
                aggregateId: subscriptionId,
                payload: { ...gift },
              }
            : null,
      );
    },
    async findById(subscriptionId) {
      const gift = gifts().get(subscriptionId);
      return gift ? copy(gift) : null;
    },
    async listByEmail(email) {
      const lowered = email.trim().toLowerCase();
      return all()
        .filter((gift) => gift.donorEmail === lowered)
        .sort(newestStartFirst);
    },
    async listOpenByCampaign(campaignId) {
      return all()
        .filter((gift) => gift.campaignId === campaignId && gift.status !== 'ended')
        .sort((a, b) => -newestStartFirst(a, b));
    },
    async listCampaignsWithOpenGifts() {
      return [
        ...new Set(
          all()
            .filter((gift) => gift.status !== 'ended' && !gift.endingMailed)
            .map((gift) => gift.campaignId),
        ),
      ];
    },
    async listFailedByOrganization(organizationId, limit) {
      return all()
        .filter((gift) => gift.organizationId === organizationId && isFailedGift(gift))
        .sort(latestDeclineFirst)
        .slice(0, limit);
    },
  };
}
