import type { Logger } from 'pino';
import { createSmtpMailer } from '@causeway/adapters/mail/smtp.mailer';
import { createMemoryMailer } from '@causeway/adapters/memory/mailer.fake';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { Mailbox, Mailer } from '@causeway/core/ports/mailer.port';
import type { Config } from '../config';

/**
 * Mail goes out through SMTP when SMTP_URL is set. Otherwise it is kept in the dev mailbox (/dev/mail),
 * which is never offered in production (where the configuration requires SMTP_URL anyway).
 */
export function openMail(
  config: Config,
  logger: Logger,
  clock: Clock,
): { mailer: Mailer; mailbox: Mailbox | null; close(): void } {
  if (config.SMTP_URL) {
    const smtp = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
    logger.info({ host: new URL(config.SMTP_URL).host }, 'Mail: sent through SMTP');
    return { mailer: smtp, mailbox: null, close: () => smtp.close() };
  }
  const memory = createMemoryMailer(clock, { from: config.MAIL_FROM });
  if (!config.production) logger.info(`Mail: kept in the dev mailbox at ${config.publicUrl}/dev/mail`);
  return { mailer: memory, mailbox: config.production ? null : memory, close: () => undefined };
}
