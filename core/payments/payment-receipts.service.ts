import { pageOf, pageRequest, type Page } from '../shared/paging';
import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import { formatUsd, type MyPayment, type PaymentDetailResponse } from '../contracts/payments.contract';
import { PAYMENT_PATHS } from '../contracts/payments.contract';
import { receiptDate } from '../donations/donation-receipt.mail';
import { donorFacingHeadline, receiptPartyOf } from '../donations/receipt-facts';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { OrganizationRepository } from '../ports/organization.repository';
import { returnAddressOf, returnHostOf } from '../organizations/embed-origins.rules';
import type { DonationRepository } from '../ports/donation.repository';
import type { PaymentGateway } from '../ports/payment-gateway.port';
import type { PaymentDetail } from '../reporting/results.entity';
import { notFound } from '../shared/errors';
import type { Donation } from '../donations/donation.entity';
import { MAX_RECORDING_WAIT_SECONDS, type RecordingWaiters } from './recording-waiters';

export type PaymentReceiptServiceDeps = {
  payments: Pick<PaymentGateway, 'getPaymentDetail'>;
  /** Lets a receipt read wait for its donation to be recorded (without it, reads answer at once). */
  waiters?: Pick<RecordingWaiters, 'wait'>;
  donations: Pick<DonationRepository, 'findDonationBySession' | 'findCheckout' | 'listDonationsByDonor'>;
  campaigns: Pick<CampaignRepository, 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
};

/** A receipt as a document lays it out: a title, labelled facts and the tax statement. */
export interface ReceiptDocument {
  title: string;
  organizationName: string;
  facts: { label: string; value: string }[];
  taxStatement: string[];
  thanks: string;
}

export type PaymentReceiptService = ReturnType<typeof paymentReceiptServiceFactory>;

/** Receipts (SPEC §3 Results, payment detail) and a signed-in donor's own payments. */
export function paymentReceiptServiceFactory({
  payments,
  waiters,
  donations,
  campaigns,
  organizations,
}: PaymentReceiptServiceDeps) {
  const partyOf = async (campaignId: string) => {
    const campaign = await campaigns.findById(campaignId);
    const organization = campaign?.organizationId ? await organizations.findById(campaign.organizationId) : null;
    return receiptPartyOf(campaign, organization);
  };

  /**
   * The link back to the organization's own site the donor gave from: only a page of a site the
   * campaign's organization lists now (the checkout's campaign, not the address's), else none.
   */
  const returnLinkOf = async (sessionId: string, donation: Donation | null, address: string | undefined) => {
    if (!address) return null;
    const campaignId = donation?.campaign_id ?? (await donations.findCheckout(sessionId))?.campaignId;
    const campaign = campaignId ? await campaigns.findById(campaignId) : null;
    const organization = campaign?.organizationId ? await organizations.findById(campaign.organizationId) : null;
    const url = organization && !organization.isDeleted ? returnAddressOf(address, organization.embedOrigins) : null;
    return url ? { url, host: returnHostOf(url) } : null;
  };

  const detail = async (
    sessionId: string,
    options: { waitSeconds?: number; signal?: AbortSignal; returnUrl?: string } = {},
  ): Promise<PaymentDetailResponse> => {
    // Waiting starts before the read, so a donation recorded in between is not missed.
    const wait = waiters?.wait(sessionId, Math.min(options.waitSeconds ?? 0, MAX_RECORDING_WAIT_SECONDS) * 1000);
    const stop = () => wait?.cancel();
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      const [found, recorded] = await Promise.all([
        payments.getPaymentDetail(sessionId),
        donations.findDonationBySession(sessionId),
      ]);
      if (!found) throw notFound('No payment was made with that checkout, or it cannot be found.');
      let donation = recorded;
      // A paid checkout's donation follows its webhook: read it again once it is recorded (or time is up).
      if (!donation && wait && (await wait.recorded)) donation = await donations.findDonationBySession(sessionId);
      const [answered, returnLink] = await Promise.all([
        answer(sessionId, found, donation),
        returnLinkOf(sessionId, donation, options.returnUrl),
      ]);
      return returnLink ? { ...answered, returnLink } : answered;
    } finally {
      stop();
      options.signal?.removeEventListener('abort', stop);
    }
  };

  const answer = async (
    sessionId: string,
    found: PaymentDetail,
    donation: Donation | null,
  ): Promise<PaymentDetailResponse> => {
    return {
      payment: { ...found, formattedAmount: formatUsd(found.amount) },
      donation: donation && {
        campaignId: donation.campaign_id,
        donorName: donation.donor_name,
        message: donation.message,
        amount: donation.amount,
        coveredFee: donation.covered_fee,
        refunded: donation.refunded,
        coveredFeeRefunded: donation.covered_fee_refunded,
      },
      party: donation ? await partyOf(donation.campaign_id) : null,
      pdfUrl: donation ? PAYMENT_PATHS.receiptPdf(sessionId) : null,
      frequency: found.monthly ? 'monthly' : 'once',
    };
  };

  return {
    /**
     * The receipt of a checkout: open to whoever holds its session id (the receipt page's address, as
     * the payment provider's own receipt link is). A session that took no payment is a 404. With
     * `returnUrl` (the page of the organization's site the donor gave from), its link back when listed.
     */
    detail,

    /** The receipt laid out for a document (the PDF), once the donation is recorded; 404 before. */
    async document(sessionId: string): Promise<ReceiptDocument> {
      const { payment, donation, party } = await detail(sessionId);
      if (!donation || !party) throw notFound('This receipt is not ready yet. Please try again in a moment.');
      return {
        title: payment.monthly ? 'Monthly gift receipt' : 'Donation receipt',
        organizationName: party.organizationName,
        facts: [
          { label: 'Donor', value: donation.donorName ?? 'Anonymous' },
          { label: 'Organization', value: party.legalName },
          ...(party.taxId ? [{ label: 'Tax id', value: party.taxId }] : []),
          { label: 'Campaign', value: party.campaignHeadline },
          ...(donation.coveredFee > 0
            ? [
                { label: 'Amount', value: `${formatUsd(donation.amount)} (USD)` },
                { label: 'Card fee you covered', value: formatUsd(donation.coveredFee) },
                { label: 'Total charged', value: `${payment.formattedAmount} (USD)` },
              ]
            : [{ label: 'Amount', value: `${payment.formattedAmount} (USD)` }]),
          { label: 'Date', value: receiptDate(payment.createdAt) },
          ...(payment.monthly
            ? [{ label: 'Frequency', value: 'Monthly: the first month of a gift that renews each month' }]
            : []),
          { label: 'Payment reference', value: payment.paymentId },
          ...(donation.refunded + donation.coveredFeeRefunded > 0
            ? [{ label: 'Refunded', value: formatUsd(donation.refunded + donation.coveredFeeRefunded) }]
            : []),
        ],
        taxStatement: party.taxStatement,
        thanks: `Thank you for your gift to ${party.organizationName}.`,
      };
    },

    /** The donations the actor made while signed in, newest first; one page. */
    async mine(actor: Actor, query: { limit?: number; cursor?: string } = {}): Promise<Page<MyPayment>> {
      authorize(actor, 'payment.listOwn', { uid: actor.uid });
      const { limit, request } = pageRequest(query);
      const page = pageOf(await donations.listDonationsByDonor(actor.uid, request), limit, (donation) => ({
        at: donation.date,
        id: donation.id,
      }));
      const own = page.items;
      const campaignIds = [...new Set(own.map((donation) => donation.campaign_id))];
      const found = await Promise.all(campaignIds.map((id) => campaigns.findById(id)));
      const listed = found.filter(
        (campaign): campaign is NonNullable<typeof campaign> => !!campaign && !campaign.isDeleted,
      );
      const names = new Map(
        await Promise.all(
          listed.map(async (campaign) => {
            const organization = campaign.organizationId ? await organizations.findById(campaign.organizationId) : null;
            return [campaign.campaignUUID, donorFacingHeadline(campaign, organization?.name ?? null)] as const;
          }),
        ),
      );
      const items = own.map((donation) => ({
        donationId: donation.id,
        campaignId: donation.campaign_id,
        campaignName: names.get(donation.campaign_id) ?? null,
        amount: donation.amount,
        formattedAmount: formatUsd(donation.amount),
        refunded: donation.refunded,
        date: donation.date,
        sessionId: donation.session_id,
      }));
      return { items, nextCursor: page.nextCursor };
    },
  };
}
