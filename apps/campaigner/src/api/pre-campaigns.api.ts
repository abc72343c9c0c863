import type { QueryClient } from '@tanstack/react-query';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type {
  CampaignPage,
  PreCampaignView,
  UpdatePreCampaignBody,
  WorkflowBody,
} from '@causeway/core/contracts/campaigns.contract';
import type { UserProfile } from '@causeway/core/users/user.entity';
import { apiRequest } from '@causeway/shells/shared/http';
import { allItems, everyPage, nextPageParam, pagePath } from '@causeway/shells/shared/paging';
import { draftKeys, queryString, retryTransient } from './query';

export type DraftListName = 'drafts' | 'pending' | 'pending-publish' | 'publishing';
/** Whose drafts a list shows: one person's, or an organization's. */
export type ListScope = { userId?: string; organizationId?: string };

const path = (id: string) => `/api/pre-campaigns/${encodeURIComponent(id)}`;

/** One of the draft lists, newest first, a page at a time ("Load more"). */
export function useDraftList(list: DraftListName, scope: ListScope, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: draftKeys.list(list, scope),
    queryFn: async ({ pageParam }) => {
      const page = await apiRequest<{ preCampaigns: PreCampaign[]; nextCursor: string | null }>(
        'GET',
        pagePath(
          `/api/pre-campaigns${queryString({ list, userId: scope.userId, organizationId: scope.organizationId })}`,
          pageParam,
        ),
      );
      return { items: page.preCampaigns, nextCursor: page.nextCursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
    select: allItems,
    enabled,
    retry: retryTransient,
  });
}

export function useDraft(id: string) {
  return useQuery({
    queryKey: draftKeys.one(id),
    queryFn: () => apiRequest<PreCampaignView>('GET', path(id)),
    retry: retryTransient,
  });
}

/** The campaign page the draft will have once published. */
export function useCampaignPagePreview(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: draftKeys.page(id),
    queryFn: async () => (await apiRequest<{ page: CampaignPage }>('GET', `${path(id)}/page`)).page,
    enabled,
    retry: retryTransient,
  });
}

/**
 * Keeps the cache in step with a draft the API just answered. A reload still under way (started before
 * the change) is cancelled first, so it cannot land afterwards with the older copy.
 */
export async function draftChanged(queryClient: QueryClient, view: PreCampaignView): Promise<void> {
  const key = draftKeys.one(view.preCampaign.id);
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData(key, view);
  void queryClient.invalidateQueries({ queryKey: draftKeys.page(view.preCampaign.id) });
  void queryClient.invalidateQueries({ queryKey: draftKeys.lists() });
}

/** Starts a draft with the fields of its first save (the wizard's blank draft is not stored). */
export function createDraftWith(patch: UpdatePreCampaignBody): Promise<PreCampaignView> {
  return apiRequest<PreCampaignView>('POST', '/api/pre-campaigns', patch);
}

export function saveDraft(id: string, patch: UpdatePreCampaignBody): Promise<PreCampaignView> {
  return apiRequest<PreCampaignView>('PATCH', path(id), patch);
}

export function useCreateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PreCampaignView>('POST', '/api/pre-campaigns', {}),
    onSuccess: (view) => draftChanged(queryClient, view),
  });
}

export function useMoveDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkflowBody) => apiRequest<PreCampaignView>('POST', `${path(id)}/workflow`, body),
    onSuccess: (view) => draftChanged(queryClient, view),
  });
}

export function useDeleteDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', path(id)),
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: draftKeys.one(id) });
      queryClient.removeQueries({ queryKey: draftKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: draftKeys.lists() });
    },
  });
}

/**
 * The people of an organization by uid, so an organization's admin sees who wrote each campaign
 * (the lists carry only the author's uid). Only asked for in the organization view.
 */
export function useOrganizationPeople(organizationId: string | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: ['campaigner', 'people', organizationId],
    queryFn: async () => {
      const { items: users } = await everyPage(async (cursor, limit) => {
        const page = await apiRequest<{ users: UserProfile[]; nextCursor: string | null }>(
          'GET',
          pagePath(`/api/users${queryString({ organizationId: organizationId ?? undefined })}`, cursor, limit),
        );
        return { items: page.users, nextCursor: page.nextCursor };
      });
      return new Map(users.map((user) => [user.uid, `${user.FirstName} ${user.LastName}`.trim() || user.Email]));
    },
    enabled: enabled && organizationId !== null,
    retry: retryTransient,
  });
}
