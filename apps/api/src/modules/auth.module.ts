import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { authServiceFactory } from '@causeway/core/auth/auth.service';
import { passwordResetServiceFactory, type PasswordResetService } from '@causeway/core/auth/password-reset.service';
import type { Config } from '../config';
import { TYPES } from '../types';

export const PASSWORD_RESET_SERVICE: ServiceIdentifier<PasswordResetService> = Symbol.for(
  'causeway.PasswordResetService',
);

/**
 * Sessions (sign-in through the identity service, the signed-in person and their organization), and
 * password reset by e-mail: the platform's own links, or the identity service's (Firebase).
 */
export const authModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.AuthService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return authServiceFactory({
        identity: context.get(TYPES.Identity),
        users: repositories.users,
        organizations: repositories.organizations,
        clock: context.get(TYPES.Clock),
      });
    });
    bind(PASSWORD_RESET_SERVICE).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const clock = context.get(TYPES.Clock);
      const ids = context.get(TYPES.Ids);
      return passwordResetServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        passwordResets: repositories.passwordResets,
        users: repositories.users,
        identity: context.get(TYPES.Identity),
        mail: context.get(TYPES.MailService),
        audit: auditTrail({ clock, ids }),
        clock,
        ids,
        publicUrl: config.publicUrl,
        onNotSent: (reason, email, error) => {
          if (reason === 'failed') logger.error({ err: error, email }, 'A password reset e-mail could not be sent');
          else logger.info({ email, reason }, 'A password reset was asked for; no e-mail was sent');
        },
      });
    });
  });
