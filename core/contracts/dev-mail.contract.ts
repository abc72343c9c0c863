/** The dev mailbox (development only): the mail the platform would have sent. */
import { z } from 'zod';

export const DevMailQuery = z.object({
  /** Only the mail sent to this address, whatever its case. */
  to: z.string().trim().max(254).optional(),
});

export const DevMail = z.object({
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  kind: z.string(),
  /** Files sent with it, their content in base64. */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), content: z.string() }))
    .optional(),
  messageId: z.string(),
  sentAt: z.string(),
});
export type DevMail = z.infer<typeof DevMail>;

/** Newest first. */
export const DevMailResponse = z.object({ mails: z.array(DevMail) });
