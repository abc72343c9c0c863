/** A file sent with a mail, e.g. a statement's PDF. */
export interface MailAttachment {
  filename: string;
  /** Its media type, e.g. application/pdf. */
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. "invitation" or "receipt" (recorded in `emails`). */
  kind: string;
  /** Files sent with it, after its bodies. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Sends or throws; answers the transport's message id. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

export interface DeliveredMail extends OutgoingMail {
  messageId: string;
  from: string;
  sentAt: string;
}

/** The embedded mode's dev mailbox: mail is kept, not sent. Never bound in production. */
export interface Mailbox {
  list(options?: { to?: string }): Promise<DeliveredMail[]>;
  clear(): Promise<void>;
}
