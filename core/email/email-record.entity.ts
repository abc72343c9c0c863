import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';

/** A sent e-mail, `emails` collection. */
export const EmailRecord = z.object({
  id: Id,
  to: z.string().max(254),
  subject: z.string().max(500),
  kind: z.string().max(100),
  messageId: z.string().max(500).nullable().default(null),
  createdAt: Timestamp,
});
export type EmailRecord = z.infer<typeof EmailRecord>;

/** An e-mail that could not be sent, `errorEmails` collection. */
export const ErrorEmailRecord = z.object({
  id: Id,
  to: z.string().max(254),
  subject: z.string().max(500),
  kind: z.string().max(100),
  error: z.string().max(5000),
  createdAt: Timestamp,
});
export type ErrorEmailRecord = z.infer<typeof ErrorEmailRecord>;
