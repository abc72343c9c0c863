import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import { deploymentServiceFactory } from '@causeway/core/deployment/deployment.service';
import type { Config } from '../config';
import { TYPES } from '../types';
import { createDeploymentWorker, type DeploymentWorker } from '../worker/deployment.worker';

/** This instance's deployment worker: the composition starts it once the app listens and stops it at close. */
export const DEPLOYMENT_WORKER: ServiceIdentifier<DeploymentWorker> = Symbol.for('causeway.DeploymentWorker');

/** How often a worker looks for deployments nobody woke it for. */
const DEPLOYMENT_POLL_MS = 2_000;

export interface DeploymentModuleOptions {
  /** This instance's worker's name in the jobs it holds. */
  workerName: string;
}

/** The deployment saga (the campaign's set-up on the ad platform) and this instance's worker that runs it. */
export const deploymentModule = (config: Config, logger: Logger, { workerName }: DeploymentModuleOptions) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.DeploymentService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const notifications = context.get(TYPES.NotificationService);
      const workflow = context.get(TYPES.CampaignWorkflowService);
      const log = logger.child({ component: 'deployment' });
      return deploymentServiceFactory({
        deployments: repositories.deployments,
        campaignErrors: repositories.campaignErrors,
        users: repositories.users,
        steps: {
          preCampaigns: repositories.preCampaigns,
          campaigns: repositories.campaigns,
          users: repositories.users,
          organizations: repositories.organizations,
          shareTracking: repositories.shareTracking,
          adPlatform: context.get(TYPES.AdPlatform),
          files: context.get(TYPES.FileStore),
          campaignPageUrl: (campaignId) => `${config.publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`,
        },
        publish: (preCampaignId) => workflow.publish(preCampaignId, { uid: 'platform', displayName: 'Causeway' }),
        notify: (input) => notifications.notify(input),
        push: (userIds, message) => notifications.push(userIds, message),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        leaseMs: config.DEPLOYMENT_LEASE_SECONDS * 1000,
        wake: () => context.get<DeploymentWorker>(DEPLOYMENT_WORKER).wake(),
        log: (event) => {
          if (event.kind === 'userNotFound') log.warn({ userId: event.userId }, 'User not found');
          else if (event.kind === 'stepFailed') {
            log.error(
              { err: event.error, deploymentId: event.deploymentId, step: event.step },
              'A deployment step failed',
            );
          } else if (event.kind === 'leaseLost') {
            log.warn(event, 'A deployment was taken up by another worker');
          } else log.warn({ err: event.error, deploymentId: event.deploymentId }, 'A deployment notification failed');
        },
      });
    });
    bind(DEPLOYMENT_WORKER).toDynamicValue((context) =>
      createDeploymentWorker({
        deployments: { runNext: (name) => context.get(TYPES.DeploymentService).runNext(name) },
        logger,
        name: workerName,
        pollMs: DEPLOYMENT_POLL_MS,
      }),
    );
  });
