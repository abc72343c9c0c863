import type { Campaign } from '../campaigns/campaign.entity';
import { formatUsd } from '../contracts/payments.contract';
import type { Donation } from '../donations/donation.entity';
import { donorFacingHeadline, receiptPartyOf } from '../donations/receipt-facts';
import type { Organization } from '../organizations/organization.entity';

/**
 * A year-end giving statement: one donor's gifts to one organization in one calendar year (UTC), with
 * what was refunded of them and the total given net of refunds, for the donor's tax return.
 */

/** Statements cover calendar years in UTC: a gift belongs to the year of its date in UTC. */
export const STATEMENT_YEAR_NOTE = 'Years are calendar years in UTC: gifts are dated in UTC.';

/** The earliest and latest years a statement may be asked for. */
export const FIRST_STATEMENT_YEAR = 2000;
export const LAST_STATEMENT_YEAR = 2999;

/** The year of an instant, in UTC. */
export const yearOf = (instant: string): number => new Date(instant).getUTCFullYear();

/** The instants a year covers: from its first millisecond (inclusive) to the next year's (exclusive). */
export function yearSpan(year: number): { from: string; until: string } {
  return {
    from: new Date(Date.UTC(year, 0, 1)).toISOString(),
    until: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
  };
}

export const isInYear = (instant: string, year: number): boolean => yearOf(instant) === year;

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** A gift's date as a statement shows it: its day in UTC. */
export const statementDate = (instant: string): string => dayFormat.format(new Date(instant));

/** A gift as a statement lists it. */
export interface StatementGift {
  donationId: string;
  date: string;
  /** The campaign's public headline. */
  campaign: string;
  /** The gift, in cents (the covered card fee apart). */
  amount: number;
  /** The card fee the donor covered on top of the gift, in cents. */
  coveredFee: number;
  /** What was refunded of the gift, in cents (the covered fee's refund apart). */
  refunded: number;
  /** What was refunded of the covered fee, in cents. */
  coveredFeeRefunded: number;
}

export interface StatementTotals {
  /** Gifts in the year, refunded in full or not. */
  gifts: number;
  /** The gifts' amounts, before refunds. */
  given: number;
  /** Refunded of those gifts. */
  refunded: number;
  /** Given net of refunds: what the statement certifies. */
  net: number;
  /** Card fees the donor covered, net of their refunds (not part of the gifts). */
  feesCovered: number;
}

/** A gift with the campaign it went to (null when the store no longer holds it). */
export interface GiftOfStatement {
  donation: Pick<
    Donation,
    'id' | 'date' | 'amount' | 'covered_fee' | 'refunded' | 'covered_fee_refunded' | 'campaign_id'
  >;
  campaign: Pick<Campaign, 'campaignTitle'> | null;
}

/** The gifts of a year, oldest first, and their totals. */
export function statementFigures(
  gifts: readonly GiftOfStatement[],
  year: number,
  organizationName: string | null,
): { gifts: StatementGift[]; totals: StatementTotals } {
  const lines = gifts
    .filter(({ donation }) => isInYear(donation.date, year))
    .map(({ donation, campaign }): StatementGift => ({
      donationId: donation.id,
      date: donation.date,
      campaign: donorFacingHeadline(campaign, organizationName),
      amount: donation.amount,
      coveredFee: donation.covered_fee ?? 0,
      refunded: Math.min(donation.refunded, donation.amount),
      coveredFeeRefunded: Math.min(donation.covered_fee_refunded ?? 0, donation.covered_fee ?? 0),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.donationId.localeCompare(b.donationId));
  const sum = (pick: (gift: StatementGift) => number) => lines.reduce((total, gift) => total + pick(gift), 0);
  const given = sum((gift) => gift.amount);
  const refunded = sum((gift) => gift.refunded);
  return {
    gifts: lines,
    totals: {
      gifts: lines.length,
      given,
      refunded,
      net: given - refunded,
      feesCovered: sum((gift) => gift.coveredFee - gift.coveredFeeRefunded),
    },
  };
}

/** What a statement's PDF shows, every figure already written out. */
export interface StatementDocument {
  title: string;
  /** The organization as donors know it. */
  organizationName: string;
  year: number;
  /** Who and what: the donor's address, the organization's registered name and tax id, the period. */
  facts: { label: string; value: string }[];
  /** The gifts' table: date, campaign, amount, fee covered. */
  gifts: { date: string; campaign: string; amount: string; feeCovered: string }[];
  /** The refunds: the gift refunded (its date and campaign) and how much of it. */
  refunds: { date: string; campaign: string; amount: string }[];
  /** The totals, last the total given net of refunds. */
  totals: { label: string; value: string }[];
  /** The organization's tax statement: its registered name with its tax id, and its note. */
  taxStatement: string[];
  /** Says that years are calendar years in UTC. */
  yearNote: string;
  thanks: string;
}

export interface StatementInput {
  donorEmail: string;
  year: number;
  organization: Pick<Organization, 'name' | 'legalName' | 'taxId' | 'receiptNote'>;
  gifts: readonly GiftOfStatement[];
}

/** The document of a donor's year with an organization. */
export function statementDocument(input: StatementInput): StatementDocument {
  const party = receiptPartyOf(null, input.organization);
  const { gifts, totals } = statementFigures(input.gifts, input.year, party.organizationName);
  const { from, until } = yearSpan(input.year);
  const lastDay = new Date(new Date(until).getTime() - 1).toISOString();
  return {
    title: `Giving statement ${input.year}`,
    organizationName: party.organizationName,
    year: input.year,
    facts: [
      { label: 'Donor', value: input.donorEmail },
      { label: 'Organization', value: party.legalName },
      { label: 'Tax id', value: party.taxId ?? 'Not given' },
      { label: 'Period', value: `${statementDate(from)} to ${statementDate(lastDay)} (UTC)` },
    ],
    gifts: gifts.map((gift) => ({
      date: statementDate(gift.date),
      campaign: gift.campaign,
      amount: formatUsd(gift.amount),
      feeCovered: gift.coveredFee > 0 ? formatUsd(gift.coveredFee) : '—',
    })),
    refunds: gifts
      .filter((gift) => gift.refunded > 0)
      .map((gift) => ({
        date: statementDate(gift.date),
        campaign: gift.campaign,
        amount: `-${formatUsd(gift.refunded)}`,
      })),
    totals: [
      { label: `Gifts (${totals.gifts})`, value: formatUsd(totals.given) },
      { label: 'Refunded', value: totals.refunded > 0 ? `-${formatUsd(totals.refunded)}` : formatUsd(0) },
      ...(totals.feesCovered > 0
        ? [{ label: 'Card fees you covered (not part of the gifts)', value: formatUsd(totals.feesCovered) }]
        : []),
      { label: 'Total given, net of refunds', value: `${formatUsd(totals.net)} (USD)` },
    ],
    taxStatement: party.taxStatement,
    yearNote: STATEMENT_YEAR_NOTE,
    thanks: `Thank you for your support of ${party.organizationName} in ${input.year}.`,
  };
}

/** The file name a statement downloads or is attached as. */
export const statementFileName = (organizationName: string, year: number): string =>
  `giving-statement-${year}-${
    organizationName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'organization'
  }.pdf`;
