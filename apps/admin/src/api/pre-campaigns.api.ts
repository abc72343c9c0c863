import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { CampaignPage, PreCampaignView, WorkflowBody } from '@causeway/core/contracts/campaigns.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import type { ApprovalList } from '../model/approvals';
import { queryString, retryTransient } from './query';

/**
 * Keys of campaign drafts, under the shell's live key `['pre-campaigns']`: the shell refreshes them when
 * a workflow notification arrives, so the queue and an open review follow other people's moves.
 */
export const preCampaignKeys = {
  all: LIVE_QUERY_KEYS.preCampaigns,
  lists: () => [...LIVE_QUERY_KEYS.preCampaigns, 'list'] as const,
  list: (list: ApprovalList, organizationId: string | null) =>
    [...LIVE_QUERY_KEYS.preCampaigns, 'list', list, { organizationId }] as const,
  one: (id: string) => [...LIVE_QUERY_KEYS.preCampaigns, 'one', id] as const,
  page: (id: string) => [...LIVE_QUERY_KEYS.preCampaigns, 'page', id] as const,
};

const path = (id: string) => `/api/pre-campaigns/${encodeURIComponent(id)}`;

/** A queue of the approval desk, as the API orders it. */
export function useApprovalQueue(list: ApprovalList, organizationId: string | null) {
  return useQuery({
    queryKey: preCampaignKeys.list(list, organizationId),
    queryFn: async () =>
      (
        await apiRequest<{ preCampaigns: PreCampaign[] }>(
          'GET',
          `/api/pre-campaigns${queryString({ list, organizationId })}`,
        )
      ).preCampaigns,
    retry: retryTransient,
  });
}

export function usePreCampaign(id: string) {
  return useQuery({
    queryKey: preCampaignKeys.one(id),
    queryFn: () => apiRequest<PreCampaignView>('GET', path(id)),
    retry: retryTransient,
  });
}

/** The campaign page the draft will have once published. */
export function useCampaignPagePreview(id: string) {
  return useQuery({
    queryKey: preCampaignKeys.page(id),
    queryFn: async () => (await apiRequest<{ page: CampaignPage }>('GET', `${path(id)}/page`)).page,
    retry: retryTransient,
  });
}

/** A reviewer's decision; the answer replaces the cached draft, and every list is fetched again. */
export function useWorkflowMove(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkflowBody) => apiRequest<PreCampaignView>('POST', `${path(id)}/workflow`, body),
    onSuccess: async (view) => {
      // A refresh still under way (from a notification) must not overwrite this newer answer.
      await queryClient.cancelQueries({ queryKey: preCampaignKeys.one(id) });
      queryClient.setQueryData(preCampaignKeys.one(id), view);
      void queryClient.invalidateQueries({ queryKey: preCampaignKeys.lists() });
    },
  });
}
