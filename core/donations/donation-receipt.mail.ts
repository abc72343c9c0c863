import { PAYMENT_PATHS, formatUsd } from '../contracts/payments.contract';
import type { OutgoingMail } from '../ports/mailer.port';
import type { Donation } from './donation.entity';

export interface ReceiptMailInput {
  to: string;
  donation: Pick<Donation, 'campaign_id' | 'amount' | 'date' | 'session_id' | 'payment_intent_id' | 'donor_name'>;
  campaignName: string;
  /** Where the platform is reached, without a trailing slash. */
  publicUrl: string;
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

/** The donor's receipt e-mail: a plain-text body and the same words as simple HTML. */
export function receiptMail(input: ReceiptMailInput): OutgoingMail {
  const { donation } = input;
  const amount = formatUsd(donation.amount);
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(donation.date));
  const link = receiptLink(input.publicUrl, donation.campaign_id, donation.session_id);
  const greeting = donation.donor_name ? `Dear ${donation.donor_name},` : 'Hello,';
  const subject = `Your receipt: ${amount} to ${input.campaignName}`;
  const text = [
    greeting,
    '',
    `Thank you for your gift of ${amount} to ${input.campaignName}.`,
    '',
    `Amount: ${amount} (USD)`,
    `Date: ${date}`,
    ...(donation.payment_intent_id ? [`Payment: ${donation.payment_intent_id}`] : []),
    '',
    'Your receipt, with the card you paid with:',
    link,
    '',
    '— Causeway',
  ].join('\n');
  const h = { greeting: escapeHtml(greeting), campaign: escapeHtml(input.campaignName), link: escapeHtml(link) };
  const html = [
    `<p>${h.greeting}</p>`,
    `<p>Thank you for your gift of <strong>${amount}</strong> to ${h.campaign}.</p>`,
    '<table role="presentation">',
    `<tr><td>Amount</td><td><strong>${amount}</strong> (USD)</td></tr>`,
    `<tr><td>Date</td><td>${escapeHtml(date)}</td></tr>`,
    ...(donation.payment_intent_id
      ? [`<tr><td>Payment</td><td>${escapeHtml(donation.payment_intent_id)}</td></tr>`]
      : []),
    '</table>',
    `<p><a href="${h.link}">Your receipt</a>, with the card you paid with.</p>`,
    '<p>— Causeway</p>',
  ].join('\n');
  return { to: input.to, subject, text, html, kind: 'receipt' };
}
