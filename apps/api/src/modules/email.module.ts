import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { mailServiceFactory } from '@causeway/core/email/mail.service';
import { TYPES } from '../types';

/** Mail sent through the mode's mailer, each one recorded (`emails`, or `errorEmails` when it failed). */
export const emailModule = (logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.MailService).toDynamicValue((context) =>
      mailServiceFactory({
        mailer: context.get(TYPES.Mailer),
        emailLogs: context.get(TYPES.Repositories).emailLogs,
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        onError: (error, what, failed) =>
          logger.error(
            { err: error, to: failed.to, kind: failed.kind },
            what === 'send' ? 'A mail could not be sent' : `A mail's ${what} record could not be written`,
          ),
      }),
    );
  });
