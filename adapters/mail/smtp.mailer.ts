import nodemailer from 'nodemailer';
import type { Mailer } from '@causeway/core/ports/mailer.port';

export interface SmtpMailerOptions {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465. */
  url: string;
  /** The sender of every mail, e.g. "Causeway <no-reply@causeway.example>". */
  from: string;
  /** How long to wait for the server to connect, greet and answer. */
  timeoutMs?: number;
}

export interface SmtpMailer extends Mailer {
  /** Closes pooled connections (shutdown). */
  close(): void;
}

/** Sends mail through an SMTP server with nodemailer. */
export function createSmtpMailer({ url, from, timeoutMs = 15_000 }: SmtpMailerOptions): SmtpMailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });

  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: Buffer.from(file.content),
              })),
            }
          : {}),
        headers: { 'X-Causeway-Kind': mail.kind },
      });
      // nodemailer resolves when at least one recipient was accepted; every mail here has one.
      if (info.rejected.length > 0) {
        throw new Error(`The mail server refused ${info.rejected.map(String).join(', ')}: ${info.response}`);
      }
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}
