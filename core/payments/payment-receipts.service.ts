import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import { formatUsd, type MyPayment, type PaymentDetailResponse } from '../contracts/payments.contract';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { DonationRepository } from '../ports/donation.repository';
import type { PaymentGateway } from '../ports/payment-gateway.port';
import { notFound } from '../shared/errors';

export type PaymentReceiptServiceDeps = {
  payments: Pick<PaymentGateway, 'getPaymentDetail'>;
  donations: Pick<DonationRepository, 'findDonationBySession' | 'listDonationsByDonor'>;
  campaigns: Pick<CampaignRepository, 'findById'>;
};

export type PaymentReceiptService = ReturnType<typeof paymentReceiptServiceFactory>;

/** Receipts (SPEC §3 Results, payment detail) and a signed-in donor's own payments. */
export function paymentReceiptServiceFactory({ payments, donations, campaigns }: PaymentReceiptServiceDeps) {
  return {
    /**
     * The receipt of a checkout: open to whoever holds its session id (the receipt page's address, as
     * the payment provider's own receipt link is). A session that took no payment is a 404.
     */
    async detail(sessionId: string): Promise<PaymentDetailResponse> {
      const [detail, donation] = await Promise.all([
        payments.getPaymentDetail(sessionId),
        donations.findDonationBySession(sessionId),
      ]);
      if (!detail) throw notFound('No payment was made with that checkout, or it cannot be found.');
      return {
        payment: { ...detail, formattedAmount: formatUsd(detail.amount) },
        donation: donation && {
          campaignId: donation.campaign_id,
          donorName: donation.donor_name,
          message: donation.message,
          refunded: donation.refunded,
        },
      };
    },

    /** The donations the actor made while signed in, newest first. */
    async mine(actor: Actor): Promise<MyPayment[]> {
      authorize(actor, 'payment.listOwn', { uid: actor.uid });
      const own = await donations.listDonationsByDonor(actor.uid);
      const campaignIds = [...new Set(own.map((donation) => donation.campaign_id))];
      const found = await Promise.all(campaignIds.map((id) => campaigns.findById(id)));
      const names = new Map(
        found.flatMap((campaign) =>
          campaign && !campaign.isDeleted
            ? [[campaign.campaignUUID, campaign.campaignName || campaign.campaignTitle]]
            : [],
        ),
      );
      return own.map((donation) => ({
        donationId: donation.id,
        campaignId: donation.campaign_id,
        campaignName: names.get(donation.campaign_id) ?? null,
        amount: donation.amount,
        formattedAmount: formatUsd(donation.amount),
        refunded: donation.refunded,
        date: donation.date,
        sessionId: donation.session_id,
      }));
    },
  };
}
