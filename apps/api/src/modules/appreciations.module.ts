import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { appreciationServiceFactory } from '@causeway/core/appreciations/appreciation.service';
import { notifyTogether } from '@causeway/core/notifications/notify-together';
import type { Config } from '../config';
import { TYPES } from '../types';

/** The thanks sent after donations, and the thank-you messages campaigners write for them. */
export const appreciationsModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.AppreciationService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const notifications = context.get(TYPES.NotificationService);
      return appreciationServiceFactory({
        appreciations: repositories.appreciations,
        campaigns: repositories.campaigns,
        organizations: repositories.organizations,
        users: repositories.users,
        donations: repositories.donations,
        mail: context.get(TYPES.MailService),
        emailLogs: repositories.emailLogs,
        // The promoters of a batch of donations are told in one write.
        notify: notifyTogether(notifications),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        publicUrl: config.publicUrl,
        // SPEC §8: appreciation errors are logged and swallowed (and kept in errorEmails).
        onError: (error, step, failure) =>
          logger.error({ err: error, step, ...failure }, 'A thank-you could not be sent'),
      });
    });
  });
