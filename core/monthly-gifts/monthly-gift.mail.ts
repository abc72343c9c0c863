import { formatUsd } from '../budget/budget.rules';
import { linkMail } from '../email/link-mail';
import type { OutgoingMail } from '../ports/mailer.port';

/** A day as donors read it, in UTC: "December 28, 2026". */
export const formatDay = (at: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at));

export interface GiftMailParty {
  to: string;
  /** The campaign's public headline. */
  campaign: string;
  organization: string;
  amountCents: number;
  /** The donor's gifts page, where the card is changed and the gift managed (a one-use link). */
  link: string;
}

const VALIDITY = 'The link opens your gifts page once, within 30 days; from there you can ask for a new one.';

/**
 * A renewal was declined: the donor is told each time, with the next try's day, or that the gift has
 * stopped after the last one.
 */
export function renewalDeclinedMail(
  input: GiftMailParty & { reason: string; nextAttemptAt: string | null },
): OutgoingMail {
  const amount = formatUsd(input.amountCents);
  const last = input.nextAttemptAt === null;
  const lead = last
    ? `We tried again to take your monthly gift of ${amount} to ${input.organization} for “${input.campaign}”, and the card was declined once more (${input.reason}). This was the last try: your monthly gift has stopped and nothing more will be charged.`
    : `Your monthly gift of ${amount} to ${input.organization} for “${input.campaign}” could not be taken: ${input.reason} We will try again on ${formatDay(input.nextAttemptAt!)}.`;
  return linkMail({
    to: input.to,
    subject: last
      ? `Your monthly gift to ${input.organization} has stopped`
      : `Your monthly gift to ${input.organization} was declined`,
    kind: last ? 'monthlyGiftStopped' : 'monthlyGiftDeclined',
    greeting: 'Hello,',
    lead,
    linkCue: last
      ? 'You can give again from your gifts page:'
      : 'To keep it going, update your card on your gifts page:',
    button: last ? 'See your gifts' : 'Update your card',
    link: input.link,
    validity: VALIDITY,
    ignore: 'If you did not start this monthly gift, reply to this e-mail and we will look into it.',
  });
}

/** The organization's one reminder to a donor whose monthly gift stopped after declined renewals. */
export function monthlyGiftReminderMail(input: GiftMailParty & { campaignLink: string | null }): OutgoingMail {
  const amount = formatUsd(input.amountCents);
  return linkMail({
    to: input.to,
    subject: `${input.organization} misses your monthly gift`,
    kind: 'monthlyGiftReminder',
    greeting: 'Hello,',
    lead: `Your monthly gift of ${amount} to ${input.organization} for “${input.campaign}” stopped because the card was declined. If you would like to keep giving, you can start it again in a minute${input.campaignLink ? ` at ${input.campaignLink}` : ''}.`,
    linkCue: 'Your past gifts and receipts are on your gifts page:',
    button: 'See your gifts',
    link: input.link,
    validity: VALIDITY,
    ignore: `${input.organization} sends this reminder once; you will not hear about this gift again.`,
  });
}

/**
 * The campaign ended: the monthly gift ends with the period already paid. When it may, the donor is
 * offered to keep giving the same each month to the organization itself, in one click on their gifts page.
 */
export function campaignEndedMail(input: GiftMailParty & { endsAt: string | null; keepGiving: boolean }): OutgoingMail {
  const amount = formatUsd(input.amountCents);
  const ends = input.endsAt ? ` after the month already paid, on ${formatDay(input.endsAt)}` : '';
  return linkMail({
    to: input.to,
    subject: `“${input.campaign}” has ended: thank you for your monthly gift`,
    kind: 'monthlyGiftCampaignEnded',
    greeting: 'Hello,',
    lead: `The campaign “${input.campaign}” of ${input.organization} has ended, so your monthly gift of ${amount} stops${ends}; nothing more will be charged for it.${input.keepGiving ? ` Would you like to keep giving ${amount} a month to ${input.organization} itself, where it needs it most? It takes one click on your gifts page, on the same card: nothing to type.` : ''}`,
    linkCue: input.keepGiving
      ? `To keep giving to ${input.organization}, choose “Keep giving” on your gifts page:`
      : 'Your gifts and receipts are on your gifts page:',
    button: input.keepGiving ? `Keep giving to ${input.organization}` : 'See your gifts',
    link: input.link,
    validity: VALIDITY,
    ignore: input.keepGiving
      ? 'If you would rather not, there is nothing to do: thank you for giving every month.'
      : 'Thank you for giving every month.',
  });
}
