import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { campaignWorkflowServiceFactory } from '@causeway/core/workflow/campaign-workflow.service';
import { TYPES } from '../types';

/** A draft's approval workflow: its moves, who is told of them, and its publication as a live campaign. */
export const workflowModule = (logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.CampaignWorkflowService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const clock = context.get(TYPES.Clock);
      const ids = context.get(TYPES.Ids);
      const notifications = context.get(TYPES.NotificationService);
      return campaignWorkflowServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        preCampaigns: repositories.preCampaigns,
        users: repositories.users,
        notify: (input) => notifications.notify(input),
        drafts: context.get(TYPES.PreCampaignService),
        clock,
        ids,
        audit: auditTrail({ clock, ids }),
        onNotifyFailure: (error, failure) =>
          logger.warn({ err: error, ...failure }, 'A workflow notification could not be created'),
      });
    });
  });
