import type { Campaign } from '../campaigns/campaign.entity';
import { formatUsd } from '../contracts/payments.contract';
import type { Organization } from '../organizations/organization.entity';

/** What a donor's receipt says about whom they gave to: the same in the e-mail, on the page and in the PDF. */
export interface ReceiptParty {
  /** The organization as donors know it. */
  organizationName: string;
  /** Its registered name, when the receipt should give one other than `organizationName`. */
  legalName: string;
  taxId: string | null;
  /** The campaign's public headline (never its internal name). */
  campaignHeadline: string;
  /** The tax statement lines: the registered name with its tax id, and the organization's note. */
  taxStatement: string[];
}

const clean = (value: string | null | undefined) => value?.trim() ?? '';

/** The campaign as donors see it: its public headline; the internal name is only for the organization. */
export function donorFacingHeadline(
  campaign: Pick<Campaign, 'campaignTitle'> | null,
  organizationName: string | null,
): string {
  const headline = clean(campaign?.campaignTitle);
  if (headline) return headline;
  return organizationName ? `a campaign of ${organizationName}` : 'a campaign on Causeway';
}

/**
 * What a donor's card page, and the payment processor's own receipt, say is paid for: the amount, the
 * campaign's public headline and its organization, as the campaign page's title names them.
 */
export function donationDescription(
  amountCents: number,
  campaign: Pick<Campaign, 'campaignTitle'>,
  organizationName: string | null,
  /** The card fee the donor covers on top of the gift. */
  coveredFeeCents = 0,
  /** A monthly gift: the description is each month's charge. */
  monthly = false,
): string {
  const organization = clean(organizationName) || null;
  const headline = clean(campaign.campaignTitle);
  const recipient = headline
    ? `${headline}${organization ? ` · ${organization}` : ''}`
    : donorFacingHeadline(campaign, organization);
  const fee = coveredFeeCents > 0 ? ` (and ${formatUsd(coveredFeeCents)} to cover the card fee)` : '';
  return `${monthly ? 'Monthly donation' : 'Donation'} of ${formatUsd(amountCents)}${fee} to ${recipient}`;
}

/** A receipt's money lines: the gift, and when the donor covered the card fee, the fee and the total charged. */
export interface ReceiptAmounts {
  gift: string;
  coveredFee: string | null;
  total: string | null;
}

export function receiptAmountsOf(donation: { amount: number; covered_fee?: number }): ReceiptAmounts {
  const fee = donation.covered_fee ?? 0;
  return {
    gift: formatUsd(donation.amount),
    coveredFee: fee > 0 ? formatUsd(fee) : null,
    total: fee > 0 ? formatUsd(donation.amount + fee) : null,
  };
}

export function receiptPartyOf(
  campaign: Pick<Campaign, 'campaignTitle'> | null,
  organization: Pick<Organization, 'name' | 'legalName' | 'taxId' | 'receiptNote'> | null,
): ReceiptParty {
  const organizationName = clean(organization?.name) || 'the organization';
  const legalName = clean(organization?.legalName) || organizationName;
  const taxId = clean(organization?.taxId) || null;
  const note = clean(organization?.receiptNote);
  const registered = taxId ? `${legalName}, tax id ${taxId}.` : null;
  return {
    organizationName,
    legalName,
    taxId,
    campaignHeadline: donorFacingHeadline(campaign, organization ? organizationName : null),
    taxStatement: [registered, note || null].filter((line): line is string => line !== null),
  };
}
