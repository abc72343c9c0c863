import { randomUUID } from 'node:crypto';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { DeliveredMail, Mailbox, Mailer } from '@causeway/core/ports/mailer.port';
import { Email } from '@causeway/core/shared/primitives';
import { invalid } from '@causeway/core/shared/errors';

export interface MemoryMailerOptions {
  /** The sender every mail carries. */
  from?: string;
  /** How many mails are kept: the oldest are dropped beyond this (the dev mailbox runs for days). */
  keep?: number;
}

/**
 * Keeps mail instead of sending it: the fake of tests and the dev mailbox. Mail lives in this process
 * only (a restart empties it), never in the data store.
 */
export function createMemoryMailer(clock: Clock, options: MemoryMailerOptions = {}): Mailer & Mailbox {
  const from = options.from ?? 'Causeway <no-reply@causeway.local>';
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  const keep = options.keep ?? 500;
  const delivered: DeliveredMail[] = [];

  return {
    async send(mail) {
      const to = Email.safeParse(mail.to);
      if (!to.success) throw invalid(`Cannot send mail to "${mail.to}": not an e-mail address.`);
      const messageId = `<${randomUUID()}@${domain}>`;
      delivered.push({ ...structuredClone(mail), messageId, from, sentAt: clock.now().toISOString() });
      if (delivered.length > keep) delivered.splice(0, delivered.length - keep);
      return { messageId };
    },

    async list(filter = {}) {
      const to = filter.to?.trim().toLowerCase();
      return delivered
        .map((mail, order) => ({ mail, order }))
        .filter(({ mail }) => !to || mail.to.trim().toLowerCase() === to)
        .sort((a, b) => b.mail.sentAt.localeCompare(a.mail.sentAt) || b.order - a.order)
        .map(({ mail }) => structuredClone(mail));
    },

    async clear() {
      delivered.length = 0;
    },
  };
}
