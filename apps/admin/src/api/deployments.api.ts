import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeploymentView } from '@causeway/core/contracts/deployments.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { preCampaignKeys } from './pre-campaigns.api';
import { isConflict, isNotFound, retryTransient } from './query';

/**
 * A draft's deployment, under the shell's live key `['deployments']`: every DEPLOYMENT_PROGRESS message
 * refreshes it, so the review page follows the steps as they run.
 */
export const deploymentKeys = {
  ofDraft: (preCampaignId: string) => [...LIVE_QUERY_KEYS.deployments, 'pre-campaign', preCampaignId] as const,
};

/** While a deployment runs, a slow poll covers a live message that did not arrive. */
const RUNNING_POLL_MS = 5_000;

/** The draft's newest deployment, or null when none was started (the API's 404). */
export function useDeployment(preCampaignId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: deploymentKeys.ofDraft(preCampaignId),
    queryFn: async (): Promise<DeploymentView | null> => {
      try {
        return (
          await apiRequest<{ deployment: DeploymentView }>(
            'GET',
            `/api/pre-campaigns/${encodeURIComponent(preCampaignId)}/deployment`,
          )
        ).deployment;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? RUNNING_POLL_MS : false;
    },
    retry: retryTransient,
  });
}

/** Starts (`POST …/deploy`) or resumes (`POST /api/deployments/{id}/resume`) a draft's deployment. */
function useDeploymentMove(
  preCampaignId: string,
  request: (argument: string) => Promise<{ deployment: DeploymentView }>,
) {
  const queryClient = useQueryClient();
  const key = deploymentKeys.ofDraft(preCampaignId);
  return useMutation({
    mutationFn: async (argument: string) => (await request(argument)).deployment,
    onSuccess: async (deployment) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, deployment);
    },
    onError: (error) => {
      // Someone else started or resumed it meanwhile: show where it is now.
      if (isConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: preCampaignKeys.one(preCampaignId) });
      }
    },
  });
}

export function useStartDeployment(preCampaignId: string) {
  return useDeploymentMove(preCampaignId, (id) =>
    apiRequest('POST', `/api/pre-campaigns/${encodeURIComponent(id)}/deploy`),
  );
}

export function useResumeDeployment(preCampaignId: string) {
  return useDeploymentMove(preCampaignId, (deploymentId) =>
    apiRequest('POST', `/api/deployments/${encodeURIComponent(deploymentId)}/resume`),
  );
}
