import { formatUsd } from '../budget/budget.rules';
import type { Appreciation } from './appreciation.entity';

/**
 * Pure rules of the thank-you messages (SPEC §3 appreciations): what the receipt page and the donor's
 * e-mail say, from the campaign's settings and the donation. The campaigner's editor previews with
 * the very same functions.
 */

/** What a campaign says when its campaigners wrote nothing (or saved no settings at all). */
export const DEFAULT_PAGE_MESSAGE =
  'Your generosity makes this work possible. We will keep you posted on what your gift achieves.';
export const DEFAULT_EMAIL_MESSAGE =
  'Thank you for standing with us. Your gift goes straight to work, and we will let you know what it makes possible.';

export const APPRECIATION_LIMITS = { pageMessageMax: 2000, emailMessageMax: 5000 } as const;

/** The settings a campaign keeps: its messages and what each includes. */
export type AppreciationSettings = Pick<
  Appreciation,
  | 'pageMessage'
  | 'emailMessage'
  | 'includePageCampaignName'
  | 'includePageDonorName'
  | 'includePageDonorAmount'
  | 'includeEmailCampaignName'
  | 'includeEmailDonorName'
  | 'includeEmailDonorAmount'
  | 'includeHeaderEmail'
  | 'includeCustomizedHeaderEmail'
  | 'emailHeaderUrl'
>;

/** The settings of a campaign that saved none: every name and amount included, no header image. */
export const DEFAULT_APPRECIATION_SETTINGS: AppreciationSettings = {
  pageMessage: '',
  emailMessage: '',
  includePageCampaignName: true,
  includePageDonorName: true,
  includePageDonorAmount: true,
  includeEmailCampaignName: true,
  includeEmailDonorName: true,
  includeEmailDonorAmount: true,
  includeHeaderEmail: false,
  includeCustomizedHeaderEmail: false,
  emailHeaderUrl: null,
};

/** The donation a message thanks for; each part may be unknown. */
export interface ThanksContext {
  campaignName: string | null;
  donorName: string | null;
  amountCents: number | null;
}

/** A thank-you as shown: a greeting, what was received, and the campaign's own words in paragraphs. */
export interface ThankYouMessage {
  greeting: string;
  summary: string | null;
  paragraphs: string[];
}

/** The campaign's words as paragraphs: blank lines separate them. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

function compose(
  context: ThanksContext,
  include: { campaignName: boolean; donorName: boolean; amount: boolean },
  message: string,
  fallback: string,
): ThankYouMessage {
  const name = include.donorName ? context.donorName?.trim() : '';
  const campaign = include.campaignName ? context.campaignName?.trim() : '';
  const amount = include.amount && context.amountCents !== null ? formatUsd(context.amountCents) : '';
  const gift = ['Your gift', amount ? ` of ${amount}` : '', campaign ? ` to ${campaign}` : ''].join('');
  const own = paragraphsOf(message);
  return {
    greeting: name ? `Thank you, ${name}!` : 'Thank you!',
    summary: amount || campaign ? `${gift} has been received.` : null,
    paragraphs: own.length > 0 ? own : [fallback],
  };
}

/** The thank-you the receipt page shows. */
export function pageThankYou(settings: AppreciationSettings | null, context: ThanksContext): ThankYouMessage {
  const chosen = settings ?? DEFAULT_APPRECIATION_SETTINGS;
  return compose(
    context,
    {
      campaignName: chosen.includePageCampaignName,
      donorName: chosen.includePageDonorName,
      amount: chosen.includePageDonorAmount,
    },
    chosen.pageMessage,
    DEFAULT_PAGE_MESSAGE,
  );
}

/** The thank-you e-mail to the donor. */
export interface ThankYouEmail extends ThankYouMessage {
  subject: string;
  /** The image above the message: the custom one, else the campaign's header image; null for none. */
  headerImageUrl: string | null;
  signature: string;
}

export function emailThankYou(
  settings: AppreciationSettings | null,
  context: ThanksContext & { campaignHeaderImage: string | null; organizationName: string | null },
): ThankYouEmail {
  const chosen = settings ?? DEFAULT_APPRECIATION_SETTINGS;
  const campaign = chosen.includeEmailCampaignName ? context.campaignName?.trim() : '';
  const custom = chosen.includeCustomizedHeaderEmail ? chosen.emailHeaderUrl : null;
  return {
    ...compose(
      context,
      {
        campaignName: chosen.includeEmailCampaignName,
        donorName: chosen.includeEmailDonorName,
        amount: chosen.includeEmailDonorAmount,
      },
      chosen.emailMessage,
      DEFAULT_EMAIL_MESSAGE,
    ),
    subject: campaign ? `Thank you for supporting ${campaign}` : 'Thank you for your donation',
    headerImageUrl: chosen.includeHeaderEmail ? (custom ?? context.campaignHeaderImage) : null,
    signature: context.organizationName?.trim() || 'The Causeway team',
  };
}

/** The e-mail as plain text. */
export function emailText(email: ThankYouEmail): string {
  return [email.greeting, email.summary, ...email.paragraphs, `— ${email.signature}`]
    .filter((part): part is string => part !== null)
    .join('\n\n');
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The e-mail as HTML: every text escaped, the header image only when it is an http(s) address. */
export function emailHtml(email: ThankYouEmail): string {
  const header =
    email.headerImageUrl && /^https?:\/\//i.test(email.headerImageUrl)
      ? `<img src="${escapeHtml(email.headerImageUrl)}" alt="" style="display:block;width:100%;max-width:600px;height:auto;border-radius:8px;margin:0 0 24px">`
      : '';
  const paragraph = (text: string, style = '') =>
    `<p style="margin:0 0 16px${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  return [
    '<div style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:16px;line-height:1.5;color:#1f2a2e;max-width:600px">',
    header,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(email.greeting)}</h1>`,
    email.summary ? paragraph(email.summary, ';font-weight:600') : '',
    ...email.paragraphs.map((text) => paragraph(text)),
    paragraph(`— ${email.signature}`, ';color:#5b6b70'),
    '</div>',
  ].join('');
}

/** What a promoter is told when their link brought a donation. */
export function promoterThanks(context: { campaignName: string | null; amountCents: number }): {
  subject: string;
  message: string;
} {
  const campaign = context.campaignName?.trim();
  return {
    subject: campaign ? `Your link brought a donation to ${campaign}` : 'Your link brought a donation',
    message: `Your share link brought a donation of ${formatUsd(context.amountCents)}${campaign ? ` to ${campaign}` : ''}. Thank you for spreading the word!`,
  };
}
