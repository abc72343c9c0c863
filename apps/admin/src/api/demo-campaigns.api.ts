import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { CreateDemoCampaignBody } from '@causeway/core/contracts/campaigns.contract';
import type { DemoCampaignStatus } from '@causeway/core/workflow/workflow.entity';
import { apiRequest } from '@causeway/shells/shared/http';
import { adminKeys, queryString, retryTransient } from './query';

/** A demo campaign and the statuses the API lets it move to next. */
export type DemoCampaignView = { demoCampaign: DemoCampaign; moves: DemoCampaignStatus[] };

export type DemoCampaignFilters = { organizationId?: string; status?: DemoCampaignStatus };

export const demoCampaignKeys = {
  all: () => [...adminKeys.all, 'demo-campaigns'] as const,
  lists: () => [...adminKeys.all, 'demo-campaigns', 'list'] as const,
  list: (filters: DemoCampaignFilters) => [...adminKeys.all, 'demo-campaigns', 'list', filters] as const,
  one: (id: string) => [...adminKeys.all, 'demo-campaigns', 'one', id] as const,
};

const path = (id: string) => `/api/demo-campaigns/${encodeURIComponent(id)}`;

export function useDemoCampaigns(filters: DemoCampaignFilters) {
  const key = { organizationId: filters.organizationId || undefined, status: filters.status || undefined };
  return useQuery({
    queryKey: demoCampaignKeys.list(key),
    queryFn: async () =>
      (await apiRequest<{ demoCampaigns: DemoCampaign[] }>('GET', `/api/demo-campaigns${queryString(key)}`))
        .demoCampaigns,
    retry: retryTransient,
  });
}

/** One demo campaign with its moves: the list does not carry them, so the open one is fetched on its own. */
export function useDemoCampaign(id: string | null) {
  return useQuery({
    queryKey: demoCampaignKeys.one(id ?? ''),
    queryFn: () => apiRequest<DemoCampaignView>('GET', path(id ?? '')),
    enabled: id !== null,
    retry: retryTransient,
  });
}

function useDemoCampaignSaved() {
  const queryClient = useQueryClient();
  return async (view: DemoCampaignView) => {
    const key = demoCampaignKeys.one(view.demoCampaign.campaignUUID);
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, view);
    void queryClient.invalidateQueries({ queryKey: demoCampaignKeys.lists() });
  };
}

export function useCreateDemoCampaign() {
  const saved = useDemoCampaignSaved();
  return useMutation({
    mutationFn: (body: CreateDemoCampaignBody) => apiRequest<DemoCampaignView>('POST', '/api/demo-campaigns', body),
    onSuccess: saved,
  });
}

export function useMoveDemoCampaign(id: string) {
  const saved = useDemoCampaignSaved();
  return useMutation({
    mutationFn: (status: DemoCampaignStatus) => apiRequest<DemoCampaignView>('POST', `${path(id)}/status`, { status }),
    onSuccess: saved,
  });
}
