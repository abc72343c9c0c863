import {
  CampaignDelivery,
  type DeliveryFailure,
  type DeliveryFigures,
  type DeliveryPause,
} from '@causeway/core/delivery/delivery.entity';
import type { CampaignDeliveryRepository } from '@causeway/core/ports/campaign-delivery.repository';
import { utc } from './campaign-times';
import { deliverySyncedEvent } from '@causeway/core/reporting/mirror-events';
import { appendMemoryEvent, copy, type MemoryContext } from './memory-state';

const later = (a: string, b: string) => Date.parse(a) > Date.parse(b);

/**
 * The repository's rules as changes of one record, shared by the stores that read, decide and write
 * (memory, and Firestore in a transaction); the relational store says the same in SQL.
 */
export const deliveryChanges = {
  /** Newer figures win; a failure at or before them is over. */
  saveFigures(current: CampaignDelivery | null, campaignId: string, figures: DeliveryFigures): CampaignDelivery {
    const base = current ?? CampaignDelivery.parse({ campaignId });
    if (base.figures && later(base.figures.refreshedAt, figures.refreshedAt)) return base;
    const failureOver = base.lastFailure && !later(base.lastFailure.at, figures.refreshedAt);
    return { ...base, figures, lastFailure: failureOver ? null : base.lastFailure };
  },

  /** Kept unless good figures or a failure of a later time are there. */
  recordFailure(current: CampaignDelivery | null, campaignId: string, failure: DeliveryFailure): CampaignDelivery {
    const base = current ?? CampaignDelivery.parse({ campaignId });
    if (base.figures && !later(failure.at, base.figures.refreshedAt)) return base;
    if (base.lastFailure && later(base.lastFailure.at, failure.at)) return base;
    return { ...base, lastFailure: failure };
  },

  /** The first pause stays. */
  recordPause(
    current: CampaignDelivery | null,
    campaignId: string,
    pause: DeliveryPause,
  ): { recorded: boolean; delivery: CampaignDelivery } {
    const base = current ?? CampaignDelivery.parse({ campaignId });
    if (base.pause) return { recorded: false, delivery: base };
    return { recorded: true, delivery: { ...base, pause } };
  },

  /** Only the pause recorded at that instant is cleared. */
  clearPause(current: CampaignDelivery, pausedAt: string): { cleared: boolean; delivery: CampaignDelivery } {
    if (!current.pause || Date.parse(current.pause.pausedAt) !== Date.parse(pausedAt)) {
      return { cleared: false, delivery: current };
    }
    return { cleared: true, delivery: { ...current, pause: null } };
  },
};

/** Instants in UTC, as the relational store gives them back. */
export function storedDelivery(delivery: CampaignDelivery): CampaignDelivery {
  const parsed = CampaignDelivery.parse(delivery);
  return {
    ...parsed,
    figures: parsed.figures && {
      ...parsed.figures,
      refreshedAt: utc(parsed.figures.refreshedAt),
      reportedAt: parsed.figures.reportedAt ? utc(parsed.figures.reportedAt) : null,
    },
    pause: parsed.pause && { ...parsed.pause, pausedAt: utc(parsed.pause.pausedAt) },
    lastFailure: parsed.lastFailure && { ...parsed.lastFailure, at: utc(parsed.lastFailure.at) },
  };
}

export function createMemoryCampaignDeliveryRepository(context: MemoryContext): CampaignDeliveryRepository {
  const table = () => context.state().table<CampaignDelivery>('campaignDeliveries');
  const change = <T>(
    campaignId: string,
    decide: (current: CampaignDelivery | null) => T & { delivery: CampaignDelivery },
  ) =>
    context.exclusive(() => {
      const decided = decide(table().get(campaignId) ?? null);
      const delivery = storedDelivery(decided.delivery);
      table().set(campaignId, delivery);
      return { ...decided, delivery: copy(delivery) };
    });

  return {
    async find(campaignId) {
      const found = table().get(campaignId);
      return found ? copy(found) : null;
    },

    async saveFigures(campaignId, figures) {
      const { delivery } = await change(campaignId, (current) => {
        appendMemoryEvent(context, deliverySyncedEvent(campaignId, figures));
        return { delivery: deliveryChanges.saveFigures(current, campaignId, figures) };
      });
      return delivery;
    },

    async recordFailure(campaignId, failure) {
      const { delivery } = await change(campaignId, (current) => ({
        delivery: deliveryChanges.recordFailure(current, campaignId, failure),
      }));
      return delivery;
    },

    recordPause(campaignId, pause) {
      return change(campaignId, (current) => deliveryChanges.recordPause(current, campaignId, pause));
    },

    async clearPause(campaignId, pausedAt) {
      if (!table().has(campaignId)) return { cleared: false, delivery: null };
      return change(campaignId, (current) => deliveryChanges.clearPause(current!, pausedAt));
    },
  };
}
