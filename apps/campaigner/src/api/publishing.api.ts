import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryView } from '@causeway/core/contracts/delivery.contract';
import type { DeploymentView } from '@causeway/core/contracts/deployments.contract';
import type {
  CampaignStatsResponse,
  CheckoutSessionResponse,
  PublicCampaign,
} from '@causeway/core/contracts/payments.contract';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { allItems, nextPageParam, pagePath } from '@causeway/shells/shared/paging';
import { draftKeys, isStatus, retryTransient } from './query';

/**
 * Keys of paying, publishing and live campaigns. Deployments sit under `['deployments']` and campaigns
 * under `['campaigns']`: the shell refreshes both on every DEPLOYMENT_PROGRESS message, and campaigns on
 * donations and promotions, so these pages follow without a stream of their own.
 */
export const publishingKeys = {
  deployment: (preCampaignId: string) => [...LIVE_QUERY_KEYS.deployments, 'pre-campaign', preCampaignId] as const,
  live: () => [...LIVE_QUERY_KEYS.campaigns, 'live'] as const,
  campaign: (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'view'] as const,
  stats: (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'stats'] as const,
  delivery: (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'delivery'] as const,
};

const draftPath = (id: string) => `/api/pre-campaigns/${encodeURIComponent(id)}`;
const campaignPath = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

/**
 * A draft's newest deployment; null while none was started (the API's 404). `pollMs` answers, from what
 * was last fetched, how soon to ask again (false: only when the live updates say so).
 */
export function useDeployment(
  preCampaignId: string,
  { enabled, pollMs }: { enabled: boolean; pollMs: (deployment: DeploymentView | null) => number | false },
) {
  return useQuery({
    queryKey: publishingKeys.deployment(preCampaignId),
    queryFn: async (): Promise<DeploymentView | null> => {
      try {
        return (await apiRequest<{ deployment: DeploymentView }>('GET', `${draftPath(preCampaignId)}/deployment`))
          .deployment;
      } catch (error) {
        if (isStatus(error, 404)) return null;
        throw error;
      }
    },
    enabled,
    refetchInterval: (query) => (query.state.status === 'error' ? false : pollMs(query.state.data ?? null)),
    retry: retryTransient,
  });
}

/**
 * Opens the payment page of the draft's ad budget. The browser leaves for the payment provider's page,
 * so the mutation stays pending until then (the button cannot be pressed twice).
 */
export function useBudgetCheckout(preCampaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const session = await apiRequest<CheckoutSessionResponse>('POST', '/api/stripe/session', {
        item: preCampaignId,
      });
      window.location.assign(session.url);
      await new Promise<never>(() => undefined);
    },
    onError: (error) => {
      // Paid or no longer approved meanwhile: the draft shows where it is now.
      if (isStatus(error, 409)) void queryClient.invalidateQueries({ queryKey: draftKeys.one(preCampaignId) });
    },
  });
}

/** Continues a stopped deployment at the step that failed. */
export function useResumeDeployment(preCampaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deploymentId: string) =>
      (
        await apiRequest<{ deployment: DeploymentView }>(
          'POST',
          `/api/deployments/${encodeURIComponent(deploymentId)}/resume`,
        )
      ).deployment,
    onSuccess: async (deployment) => {
      const key = publishingKeys.deployment(preCampaignId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, deployment);
    },
    onError: (error) => {
      if (isStatus(error, 409))
        void queryClient.invalidateQueries({ queryKey: publishingKeys.deployment(preCampaignId) });
    },
  });
}

/** An organization's live campaigns (the public list narrowed to it), a page at a time. */
export function useLiveCampaigns(organizationId: string) {
  return useInfiniteQuery({
    queryKey: [...publishingKeys.live(), organizationId],
    queryFn: async ({ pageParam }) => {
      const page = await apiRequest<{ campaigns: PublicCampaign[]; nextCursor: string | null }>(
        'GET',
        pagePath(`/api/campaigns?organizationId=${encodeURIComponent(organizationId)}`, pageParam),
      );
      return { items: page.campaigns, nextCursor: page.nextCursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
    select: allItems,
    retry: retryTransient,
  });
}

export function useLiveCampaign(campaignId: string) {
  return useQuery({
    queryKey: publishingKeys.campaign(campaignId),
    queryFn: async () => (await apiRequest<{ campaign: PublicCampaign }>('GET', campaignPath(campaignId))).campaign,
    retry: retryTransient,
  });
}

export function useCampaignStats(campaignId: string) {
  return useQuery({
    queryKey: publishingKeys.stats(campaignId),
    queryFn: () => apiRequest<CampaignStatsResponse>('GET', `${campaignPath(campaignId)}/stats`),
    retry: retryTransient,
  });
}

const fetchDelivery = async (campaignId: string, refresh: boolean) =>
  (
    await apiRequest<{ delivery: DeliveryView }>(
      'GET',
      `${campaignPath(campaignId)}/delivery${refresh ? '?refresh=true' : ''}`,
    )
  ).delivery;

/** 503 means the ad platform has not reported yet: asking again at once only spends its rate limit. */
const retryDelivery = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status === 503) && retryTransient(failureCount, error);

/** A deployed campaign's delivery figures, as last pulled from the ad platform. */
export function useDelivery(campaignId: string) {
  return useQuery({
    queryKey: publishingKeys.delivery(campaignId),
    queryFn: () => fetchDelivery(campaignId, false),
    retry: retryDelivery,
  });
}

/** Pulls the figures from the ad platform now (it answers the last pull when one was made under a minute ago). */
export function useRefreshDelivery(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchDelivery(campaignId, true),
    onSuccess: async (delivery) => {
      const key = publishingKeys.delivery(campaignId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, delivery);
    },
  });
}

/** The sites the organization lists for its donate form (Admin → Organizations). */
export function useDonateFormSites(organizationId: string | null) {
  return useQuery({
    queryKey: ['organizations', organizationId, 'donate-form-sites'],
    queryFn: async () =>
      (
        await apiRequest<{ organization: { embedOrigins: string[] } }>(
          'GET',
          `/api/organizations/${encodeURIComponent(organizationId!)}`,
        )
      ).organization.embedOrigins,
    enabled: organizationId !== null,
    retry: retryTransient,
  });
}
