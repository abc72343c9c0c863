import { describe, expect, it } from 'vitest';
import { effectiveDonationPercentage } from '../organizations/donation-percentage';
import { DonationAmount, DonationCheckoutBody } from '../contracts/payments.contract';
import { maxLengthOf } from '../contracts/max-length';
import {
  centsFromDollars,
  countedDonators,
  DONATION_MESSAGE_MAX_LENGTH,
  donationAmountProblem,
  DONOR_NAME_MAX_LENGTH,
  donatorsAfterFullRefund,
  giftAndFeeOf,
  refundChange,
  refundedDonation,
  splitDonation,
} from './donation.rules';

describe('the amount of a gift, as the donate panel checks it before the API', () => {
  it.each([0, 1, 99, 100, 101, 2_500, 9_999_999, 10_000_000, 10_000_001, 25.5, -100, 1e12, Number.NaN])(
    "%s cents: the same answer and message as the API's DonationAmount",
    (cents) => {
      const checked = DonationAmount.safeParse(cents);
      const problem = donationAmountProblem(cents);
      expect(problem === null).toBe(checked.success);
      if (!checked.success) expect(problem).toBe(checked.error.issues[0]?.message);
    },
  );

  it('reads dollars as typed', () => {
    expect(centsFromDollars('25')).toBe(2_500);
    expect(centsFromDollars('$1,000.5')).toBe(100_050);
    expect(centsFromDollars('.75')).toBe(75);
    expect(centsFromDollars('25.555')).toBeNull();
    expect(centsFromDollars('twenty')).toBeNull();
  });

  it("gives the name and message the checkout's own maximum lengths", () => {
    expect(maxLengthOf(DonationCheckoutBody.shape.donorName)).toBe(DONOR_NAME_MAX_LENGTH);
    expect(maxLengthOf(DonationCheckoutBody.shape.message)).toBe(DONATION_MESSAGE_MAX_LENGTH);
  });
});

describe('splitting a donation between the organization and the ad budget', () => {
  it.each([
    { amount: 2_500, percentage: 80, organization: 2_000, adBudget: 500 },
    { amount: 10_000, percentage: 100, organization: 10_000, adBudget: 0 },
    { amount: 10_000, percentage: 0, organization: 0, adBudget: 10_000 },
    { amount: 100, percentage: 65, organization: 65, adBudget: 35 },
    // Halves of a cent go to the organization; the ad budget gets exactly the rest.
    { amount: 101, percentage: 50, organization: 51, adBudget: 50 },
    { amount: 333, percentage: 33.33, organization: 111, adBudget: 222 },
    { amount: 2_999, percentage: 12.5, organization: 375, adBudget: 2_624 },
    { amount: 0, percentage: 80, organization: 0, adBudget: 0 },
    { amount: 10_000_000, percentage: 99.99, organization: 9_999_000, adBudget: 1_000 },
  ])('$amount cents at $percentage% → $organization to the organization, $adBudget to ads', (row) => {
    const split = splitDonation(row.amount, row.percentage);
    expect(split).toEqual({ organizationShare: row.organization, adBudgetShare: row.adBudget });
    expect(split.organizationShare + split.adBudgetShare).toBe(row.amount);
  });

  it.each([
    { amount: -1, percentage: 80 },
    { amount: 10.5, percentage: 80 },
    { amount: 100, percentage: 101 },
    { amount: 100, percentage: -5 },
    { amount: 100, percentage: Number.NaN },
  ])('refuses $amount cents at $percentage%', ({ amount, percentage }) => {
    expect(() => splitDonation(amount, percentage)).toThrow(RangeError);
  });

  // SPEC §9 with the split: which percentage applies, and what it makes of $25.
  it.each([
    { organization: 90, settings: 70, percentage: 90, organizationShare: 2_250 },
    { organization: 0, settings: 70, percentage: 70, organizationShare: 1_750 },
    { organization: 0, settings: 0, percentage: 0, organizationShare: 0 },
    { organization: 0, settings: null, percentage: 80, organizationShare: 2_000 },
    { organization: null, settings: null, percentage: 80, organizationShare: 2_000 },
    { organization: null, settings: 60, percentage: 60, organizationShare: 1_500 },
  ])(
    'organization $organization, settings $settings → $percentage% → $organizationShare of 2500',
    ({ organization, settings, percentage, organizationShare }) => {
      const effective = effectiveDonationPercentage(
        organization === null ? null : { donationPercentage: organization },
        settings === null ? null : { donationPercentage: settings },
      );
      expect(effective).toBe(percentage);
      expect(splitDonation(2_500, effective).organizationShare).toBe(organizationShare);
    },
  );
});

describe('counting donors (SPEC §5)', () => {
  it.each([
    { current: null, next: 1 },
    { current: undefined, next: 1 },
    { current: 0, next: 1 },
    { current: 1, next: 2 },
    { current: 41, next: 42 },
  ])('a new donation to a campaign counting $current donors makes $next', ({ current, next }) => {
    expect(countedDonators(current)).toBe(next);
  });

  it.each([
    { current: 3, next: 2 },
    { current: 1, next: 0 },
    { current: 0, next: 0 },
    { current: null, next: 0 },
  ])('a fully refunded donation of a campaign counting $current donors leaves $next', ({ current, next }) => {
    expect(donatorsAfterFullRefund(current)).toBe(next);
  });
});

describe('refunds, reported as all refunded so far', () => {
  it.each([
    { case: 'a first partial refund', amount: 5_000, applied: 0, reported: 1_000, newly: 1_000, full: false },
    { case: 'the same report again', amount: 5_000, applied: 1_000, reported: 1_000, newly: 0, full: false },
    { case: 'a second refund', amount: 5_000, applied: 1_000, reported: 3_000, newly: 2_000, full: false },
    { case: 'an older report, late', amount: 5_000, applied: 3_000, reported: 1_000, newly: 0, full: false },
    { case: 'the rest', amount: 5_000, applied: 3_000, reported: 5_000, newly: 2_000, full: true },
    { case: 'a full refund at once', amount: 5_000, applied: 0, reported: 5_000, newly: 5_000, full: true },
    { case: 'a full refund again', amount: 5_000, applied: 5_000, reported: 5_000, newly: 0, full: false },
    { case: 'a report above the amount', amount: 5_000, applied: 0, reported: 9_000, newly: 5_000, full: true },
  ])('$case: $newly newly refunded', ({ amount, applied, reported, newly, full }) => {
    const change = refundChange(amount, applied, reported);
    expect(change.newlyRefunded).toBe(newly);
    expect(change.becameFullyRefunded).toBe(full);
    expect(change.refunded).toBe(applied + newly);
  });
});

describe('a payment whose donor covered the card fee', () => {
  it.each([
    { case: 'a gift with its fee', paid: 2_587, fee: 87, gift: 2_500, kept: 87 },
    { case: 'a gift without', paid: 2_500, fee: 0, gift: 2_500, kept: 0 },
    { case: 'a payment that cannot hold the fee', paid: 87, fee: 87, gift: 87, kept: 0 },
  ])('$case: a gift of $gift and a fee of $kept', ({ paid, fee, gift, kept }) => {
    expect(giftAndFeeOf(paid, fee)).toEqual({ gift, fee: kept });
  });

  const donation = {
    amount: 2_500,
    refunded: 0,
    covered_fee: 87,
    covered_fee_refunded: 0,
    donation_percentage: 80,
    organization_share: 2_000,
    ad_budget_share: 500,
  };

  it.each([
    { case: 'a part of the gift', reported: 1_000, gift: 1_000, fee: 0, newly: 1_000, feeNewly: 0, full: false },
    { case: 'the whole gift', reported: 2_500, gift: 2_500, fee: 0, newly: 2_500, feeNewly: 0, full: true },
    { case: 'the whole payment', reported: 2_587, gift: 2_500, fee: 87, newly: 2_500, feeNewly: 87, full: true },
    { case: 'more than was paid', reported: 9_000, gift: 2_500, fee: 87, newly: 2_500, feeNewly: 87, full: true },
    { case: 'nothing', reported: 0, gift: 0, fee: 0, newly: 0, feeNewly: 0, full: false },
  ])(
    'a refund of $reported takes $gift off the gift first and $fee off the fee',
    ({ reported, gift, fee, newly, feeNewly, full }) => {
      const applied = refundedDonation(donation, reported);
      expect(applied.donation).toMatchObject({ refunded: gift, covered_fee_refunded: fee });
      expect(applied.donation.organization_share + applied.donation.ad_budget_share).toBe(2_500 - gift);
      expect(applied.change).toMatchObject({ newlyRefunded: newly, becameFullyRefunded: full });
      expect(applied.feeNewlyRefunded).toBe(feeNewly);
    },
  );

  it('takes the rest of the fee when a whole refund follows a refund of the gift, once', () => {
    const gift = refundedDonation(donation, 2_500).donation;
    const rest = refundedDonation(gift, 2_587);
    expect(rest.change.newlyRefunded).toBe(0);
    expect(rest.feeNewlyRefunded).toBe(87);
    expect(rest.donation).toMatchObject({ refunded: 2_500, covered_fee_refunded: 87 });
    const again = refundedDonation(rest.donation, 2_587);
    expect([again.change.newlyRefunded, again.feeNewlyRefunded]).toEqual([0, 0]);
    // An older, smaller report coming late changes nothing.
    const late = refundedDonation(rest.donation, 1_000);
    expect([late.change.newlyRefunded, late.feeNewlyRefunded]).toEqual([0, 0]);
    expect(late.donation).toMatchObject({ refunded: 2_500, covered_fee_refunded: 87 });
  });
});
