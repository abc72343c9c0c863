import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@causeway/core/notifications/notification.entity';

/**
 * Query keys the shell refreshes when a live notification says their data changed. The query cache is
 * one singleton across the shell and its remotes, so a remote that keys its queries under these is
 * kept live without opening a stream of its own.
 */
export const LIVE_QUERY_KEYS = {
  /** Drafts, queues and single drafts: `['pre-campaigns', …]`. */
  preCampaigns: ['pre-campaigns'] as const,
  /** Live campaigns and their figures: `['campaigns', …]`. */
  campaigns: ['campaigns'] as const,
  /** Deployments: `['deployments', …]`. */
  deployments: ['deployments'] as const,
} as const;

/** What a notification of each type makes stale. */
const STALE_BY_TYPE: Partial<Record<Notification['notification_type'], readonly (readonly string[])[]>> = {
  workflow: [LIVE_QUERY_KEYS.preCampaigns],
  deployment: [LIVE_QUERY_KEYS.preCampaigns, LIVE_QUERY_KEYS.campaigns],
  donation: [LIVE_QUERY_KEYS.campaigns],
  promotion: [LIVE_QUERY_KEYS.campaigns],
};

/** Refreshes the queries a live notification concerns. */
export function refreshForNotification(queryClient: QueryClient, notification: Notification): void {
  for (const queryKey of STALE_BY_TYPE[notification.notification_type] ?? []) {
    void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }
}

/** A deployment moved: its progress, its draft and the campaign it makes are stale. */
export function refreshForDeployment(queryClient: QueryClient): void {
  for (const queryKey of [LIVE_QUERY_KEYS.deployments, LIVE_QUERY_KEYS.preCampaigns, LIVE_QUERY_KEYS.campaigns]) {
    void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }
}
