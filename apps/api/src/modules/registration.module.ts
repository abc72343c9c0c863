import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { registrationServiceFactory } from '@causeway/core/registration/registration.service';
import type { Config } from '../config';
import { TYPES } from '../types';

/** Registration by invitation: tokens, the invitation e-mail, and sign-up. */
export const registrationModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.RegistrationService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const clock = context.get(TYPES.Clock);
      const ids = context.get(TYPES.Ids);
      return registrationServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        registrationTokens: repositories.registrationTokens,
        organizations: repositories.organizations,
        users: repositories.users,
        identity: context.get(TYPES.Identity),
        auth: context.get(TYPES.AuthService),
        mail: context.get(TYPES.MailService),
        audit: auditTrail({ clock, ids }),
        clock,
        ids,
        publicUrl: config.publicUrl,
        onCleanupFailure: (error, uid) =>
          logger.error({ err: error, uid }, 'Sign-up failed and its new credentials could not be removed'),
      });
    });
  });
