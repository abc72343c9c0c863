import type { EmailLogRepository } from '../ports/email-log.repository';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { Mailer, OutgoingMail } from '../ports/mailer.port';
import { DomainError } from '../shared/errors';

export const MAIL_UNAVAILABLE = 'We could not send the e-mail. Please try again later.';

export type MailServiceDeps = {
  mailer: Mailer;
  emailLogs: Pick<EmailLogRepository, 'recordSent' | 'recordFailure'>;
  clock: Clock;
  ids: IdGenerator;
  /** Told of what the person is not: the transport's error, or a log that could not be written. */
  onError?: (error: unknown, what: 'send' | 'recordSent' | 'recordFailure', mail: OutgoingMail) => void;
};

export type MailService = ReturnType<typeof mailServiceFactory>;

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 5000);

/** Sends mail through the Mailer and keeps the record: `emails` for each sent, `errorEmails` for each failure. */
export function mailServiceFactory({ mailer, emailLogs, clock, ids, onError }: MailServiceDeps) {
  return {
    /** Answers the transport's message id; a failure is recorded, then reported as unavailable. */
    async send(mail: OutgoingMail): Promise<{ messageId: string }> {
      let sent: { messageId: string };
      try {
        sent = await mailer.send(mail);
      } catch (error) {
        onError?.(error, 'send', mail);
        await emailLogs
          .recordFailure({
            id: ids.newId(),
            to: mail.to,
            subject: mail.subject,
            kind: mail.kind,
            error: describe(error),
            createdAt: clock.now().toISOString(),
          })
          .catch((recordError: unknown) => onError?.(recordError, 'recordFailure', mail));
        throw new DomainError('unavailable', MAIL_UNAVAILABLE);
      }
      // The mail is gone: a record that cannot be written must not make the caller send it twice.
      await emailLogs
        .recordSent({
          id: ids.newId(),
          to: mail.to,
          subject: mail.subject,
          kind: mail.kind,
          messageId: sent.messageId,
          createdAt: clock.now().toISOString(),
        })
        .catch((recordError: unknown) => onError?.(recordError, 'recordSent', mail));
      return sent;
    },
  };
}
