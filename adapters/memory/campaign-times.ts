import { newestKeyFirst } from '@causeway/core/shared/paging';
import type { Campaign } from '@causeway/core/campaigns/campaign.entity';

/** Instants are kept as UTC ISO strings, as a timestamptz column answers them, so sorting by text is by time. */
export const utc = (instant: string): string => new Date(instant).toISOString();
const utcOrNull = (instant: string | null): string | null => (instant === null ? null : utc(instant));

/** The instants a live campaign and its draft share, in UTC. */
export function withUtcTimes<T extends Omit<Campaign, 'workflow'>>(campaign: T): T {
  return {
    ...campaign,
    createdAt: utc(campaign.createdAt),
    startDate: utcOrNull(campaign.startDate),
    endDate: utcOrNull(campaign.endDate),
    campaignRaiseGoalDeadline: utcOrNull(campaign.campaignRaiseGoalDeadline),
  };
}

/** Newest first, then by id descending, the order every store lists in. */
export const newestFirst =
  <T>(createdAt: (item: T) => string, id: (item: T) => string) =>
  (a: T, b: T): number =>
    newestKeyFirst({ at: createdAt(a), id: id(a) }, { at: createdAt(b), id: id(b) });
