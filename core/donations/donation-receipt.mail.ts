import { PAYMENT_PATHS, formatUsd } from '../contracts/payments.contract';
import type { OutgoingMail } from '../ports/mailer.port';
import type { Donation } from './donation.entity';
import { receiptAmountsOf, type ReceiptParty } from './receipt-facts';

export interface ReceiptMailInput {
  to: string;
  donation: Pick<Donation, 'campaign_id' | 'amount' | 'date' | 'session_id' | 'payment_intent_id' | 'donor_name'> &
    Partial<Pick<Donation, 'covered_fee'>>;
  /** Whom the gift went to: the organization, the campaign's public headline and the tax statement. */
  party: ReceiptParty;
  /** Where the platform is reached, without a trailing slash. */
  publicUrl: string;
  /** A link to all the donor's gifts, when one was made for this receipt. */
  giftsLink?: GiftsLinkOfReceipt | null;
}

/** The link to the donor's gifts page a receipt carries, and until when it works. */
export interface GiftsLinkOfReceipt {
  link: string;
  expiresAt: string;
}

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The receipt page of a donation, where its card and the provider's receipt are shown. */
export function receiptLink(publicUrl: string, campaignId: string, sessionId: string | null): string {
  const page = `${publicUrl.replace(/\/+$/, '')}${PAYMENT_PATHS.receipt(campaignId)}`;
  return sessionId ? `${page}?${new URLSearchParams({ session_id: sessionId }).toString()}` : page;
}

/** The receipt's PDF, for the donor to download and keep. */
export function receiptPdfLink(publicUrl: string, sessionId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${PAYMENT_PATHS.receiptPdf(sessionId)}`;
}

const giftsIntro = 'All your gifts on Causeway, each with its receipt, in one place:';
const giftsIntroHtml = 'all your gifts on Causeway, each with its receipt, in one place.';
const giftsValidity = (gifts: GiftsLinkOfReceipt) =>
  `The link opens once, until ${receiptDate(gifts.expiresAt)}; after that, ask for a new one on the page it opens.`;

const receiptDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "January 22, 2026": the date of a gift as receipts give it. */
export const receiptDate = (at: string): string => receiptDateFormat.format(new Date(at));

/** The donor's receipt e-mail: a plain-text body and the same words as simple HTML. */
export function receiptMail(input: ReceiptMailInput): OutgoingMail {
  const { donation, party } = input;
  const amount = formatUsd(donation.amount);
  const { coveredFee, total } = receiptAmountsOf(donation);
  const date = receiptDate(donation.date);
  const link = receiptLink(input.publicUrl, donation.campaign_id, donation.session_id);
  const pdf = donation.session_id ? receiptPdfLink(input.publicUrl, donation.session_id) : null;
  const greeting = donation.donor_name ? `Dear ${donation.donor_name},` : 'Hello,';
  const subject = `Your receipt: ${amount} to ${party.organizationName}`;
  const thanks = `Thank you for your gift of ${amount} to ${party.organizationName} for “${party.campaignHeadline}”.`;
  const reference = donation.payment_intent_id ?? donation.session_id;
  const gifts = input.giftsLink ?? null;
  const text = [
    greeting,
    '',
    thanks,
    '',
    `Organization: ${party.legalName}`,
    ...(party.taxId ? [`Tax id: ${party.taxId}`] : []),
    `Campaign: ${party.campaignHeadline}`,
    `Amount: ${amount} (USD)`,
    ...(coveredFee && total ? [`Card fee you covered: ${coveredFee}`, `Total charged: ${total}`] : []),
    `Date: ${date}`,
    ...(reference ? [`Payment reference: ${reference}`] : []),
    ...(party.taxStatement.length > 0 ? ['', ...party.taxStatement] : []),
    '',
    'Your receipt, with the card you paid with:',
    link,
    ...(pdf ? ['', 'The receipt as a PDF, to keep:', pdf] : []),
    ...(gifts ? ['', giftsIntro, gifts.link, giftsValidity(gifts)] : []),
    '',
    '— Causeway',
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<p>${e(greeting)}</p>`,
    `<p>${e(thanks)}</p>`,
    '<table role="presentation">',
    `<tr><td>Organization</td><td>${e(party.legalName)}</td></tr>`,
    ...(party.taxId ? [`<tr><td>Tax id</td><td>${e(party.taxId)}</td></tr>`] : []),
    `<tr><td>Campaign</td><td>${e(party.campaignHeadline)}</td></tr>`,
    `<tr><td>Amount</td><td><strong>${amount}</strong> (USD)</td></tr>`,
    ...(coveredFee && total
      ? [
          `<tr><td>Card fee you covered</td><td>${coveredFee}</td></tr>`,
          `<tr><td>Total charged</td><td>${total}</td></tr>`,
        ]
      : []),
    `<tr><td>Date</td><td>${e(date)}</td></tr>`,
    ...(reference ? [`<tr><td>Payment reference</td><td>${e(reference)}</td></tr>`] : []),
    '</table>',
    ...party.taxStatement.map((line) => `<p>${e(line)}</p>`),
    `<p><a href="${e(link)}">Your receipt</a>, with the card you paid with.</p>`,
    ...(pdf ? [`<p><a href="${e(pdf)}">Download the receipt as a PDF</a>.</p>`] : []),
    ...(gifts
      ? [`<p><a href="${e(gifts.link)}">Your gifts</a>: ${e(giftsIntroHtml)} ${e(giftsValidity(gifts))}</p>`]
      : []),
    '<p>— Causeway</p>',
  ].join('\n');
  return { to: input.to, subject, text, html, kind: 'receipt' };
}
