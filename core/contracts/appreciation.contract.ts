/**
 * HTTP contracts of the thank-you messages (SPEC §3 appreciations): a campaign's settings as its
 * campaigners edit them, and the message a donor's receipt page shows.
 */
import { z } from 'zod';
import { APPRECIATION_LIMITS } from '../appreciations/appreciation-message.rules';
import { Id, Timestamp } from '../shared/primitives';
import { WebUrl } from './campaigns.contract';

const L = APPRECIATION_LIMITS;

/** A campaign's thank-you settings as stored: its two messages and what each includes. */
export const AppreciationSettingsView = z.object({
  pageMessage: z.string(),
  emailMessage: z.string(),
  includePageCampaignName: z.boolean(),
  includePageDonorName: z.boolean(),
  includePageDonorAmount: z.boolean(),
  includeEmailCampaignName: z.boolean(),
  includeEmailDonorName: z.boolean(),
  includeEmailDonorAmount: z.boolean(),
  includeHeaderEmail: z.boolean(),
  includeCustomizedHeaderEmail: z.boolean(),
  emailHeaderUrl: z.string().nullable(),
});

/** What the editor sends: every setting, the messages within their limits, a header image at a web address. */
export const AppreciationBody = AppreciationSettingsView.extend({
  pageMessage: z.string().trim().max(L.pageMessageMax, `Keep the page message under ${L.pageMessageMax} characters.`),
  emailMessage: z
    .string()
    .trim()
    .max(L.emailMessageMax, `Keep the e-mail message under ${L.emailMessageMax} characters.`),
  emailHeaderUrl: WebUrl.nullable(),
}).superRefine((body, context) => {
  if (!body.includeCustomizedHeaderEmail) return;
  if (!body.includeHeaderEmail) {
    context.addIssue({
      code: 'custom',
      path: ['includeCustomizedHeaderEmail'],
      message: 'Turn on the header image to use one of your own.',
    });
  }
  if (body.emailHeaderUrl === null) {
    context.addIssue({
      code: 'custom',
      path: ['emailHeaderUrl'],
      message: 'Enter the address of the header image, or use the campaign’s own.',
    });
  }
});
export type AppreciationBody = z.infer<typeof AppreciationBody>;

/** A campaign's thank-you settings as its campaigners see them. */
export const AppreciationView = z.object({
  campaignId: Id,
  campaignName: z.string(),
  organizationName: z.string().nullable(),
  /** The campaign's own header image, used in the e-mail unless a custom one is chosen. */
  campaignHeaderImage: z.string().nullable(),
  settings: AppreciationSettingsView,
  /** False until the campaign's campaigners save settings: the defaults are shown. */
  saved: z.boolean(),
  updateDate: Timestamp.nullable(),
  /** Whether the signed-in person may change them. */
  canEdit: z.boolean(),
});
export type AppreciationView = z.infer<typeof AppreciationView>;

export const ReceiptMessageQuery = z.object({ session_id: z.string().trim().min(1).max(200).optional() });
export type ReceiptMessageQuery = z.infer<typeof ReceiptMessageQuery>;

/** The thank-you a receipt page shows for one payment. */
export const ReceiptMessageResponse = z.object({
  message: z.object({
    greeting: z.string(),
    summary: z.string().nullable(),
    paragraphs: z.array(z.string()),
  }),
  /** False when the payment was not found (yet): the campaign's message without the donor's name and amount. */
  personal: z.boolean(),
});
export type ReceiptMessageResponse = z.infer<typeof ReceiptMessageResponse>;
