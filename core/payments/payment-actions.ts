import type { DonationPaid, DonationRecordingService } from '../donations/donation-recording.service';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { PaymentAction } from '../ports/payment-gateway.port';
import type { CardTestingGuard } from '../donations/card-testing.guard';
import type { BudgetPaymentService } from './budget-payment.service';
import type { MonthlyGiftsService } from '../monthly-gifts/monthly-gifts.service';

export type PaymentActionRouterDeps = {
  budget: Pick<BudgetPaymentService, 'onPaid'>;
  donations: Pick<DonationRecordingService, 'onPaid' | 'onRefunded'>;
  /** Declined cards count against their client and campaign (the card-testing defence). */
  declines?: Pick<CardTestingGuard, 'onDeclined'>;
  /** Monthly gifts follow their invoices and subscription changes. */
  monthlyGifts?: Pick<MonthlyGiftsService, 'onAction'>;
  /** Whether a paid month's campaign exists: a month of a campaign we do not know is booked nowhere. */
  campaigns: Pick<CampaignRepository, 'findById'>;
  /** Failed payments and events that are not ours: nothing to record, only to log. */
  onUnrecorded: (action: Exclude<PaymentAction, { type: 'paymentRefunded' | 'invoicePaid' }>) => void;
  /** A paid month of a campaign we do not know (its money is taken, nothing is booked): to log, to refund by hand. */
  onUnknownCampaign: (action: Extract<PaymentAction, { type: 'invoicePaid' }>) => void;
};

/**
 * A month of a monthly gift as a donation's payment: the invoice id is its key, so each month is booked
 * once whichever of its deliveries comes first, and the invoice's facts are kept with the raw event.
 */
export function monthlyGiftPayment(action: Extract<PaymentAction, { type: 'invoicePaid' }>): DonationPaid {
  return {
    type: 'paymentSucceeded',
    eventId: action.eventId,
    purpose: 'donation',
    paymentIntentId: action.invoiceId,
    sessionId: action.sessionId ?? null,
    campaignId: action.campaignId,
    promoterId: action.promoterId,
    amountCents: action.amountCents,
    occurredAt: action.occurredAt,
    payerEmail: action.payerEmail,
    ...(action.payerName ? { payerName: action.payerName } : {}),
    ...(action.coveredFeeCents ? { coveredFeeCents: action.coveredFeeCents } : {}),
    raw: {
      invoiceId: action.invoiceId,
      subscriptionId: action.subscriptionId,
      customerId: action.customerId,
      paymentIntentId: action.paymentIntentId,
      periodStart: action.periodStart,
      periodEnd: action.periodEnd,
      billingReason: action.billingReason,
      metadata: action.metadata,
    },
  };
}

/**
 * Where each verified payment webhook's action goes: a paid ad budget to the budget payment, a paid
 * donation, a paid month of a monthly gift (of a campaign we know) and every refund to donor bookkeeping;
 * a monthly gift's invoices and changes also to the gift's record. A refund names only
 * its payment, which donor bookkeeping knows when it is a donation's. What throws makes the webhook
 * fail, to be delivered again.
 */
export function paymentActionRouter({
  budget,
  donations,
  declines,
  monthlyGifts,
  campaigns,
  onUnrecorded,
  onUnknownCampaign,
}: PaymentActionRouterDeps) {
  return async (action: PaymentAction): Promise<void> => {
    switch (action.type) {
      case 'paymentSucceeded':
        if (action.purpose === 'budget') await budget.onPaid(action);
        else await donations.onPaid(action);
        return;
      case 'invoicePaid':
        // A subscription's metadata names its campaign: one that is not (or no longer) ours books nothing,
        // and the webhook is answered (a second delivery would not find it either).
        if (!(await campaigns.findById(action.campaignId))) {
          onUnknownCampaign(action);
          return;
        }
        await donations.onPaid(monthlyGiftPayment(action));
        await monthlyGifts?.onAction(action);
        return;
      case 'invoicePaymentFailed':
      case 'subscriptionChanged':
        await monthlyGifts?.onAction(action);
        onUnrecorded(action);
        return;
      case 'paymentRefunded':
        await donations.onRefunded(action);
        return;
      case 'paymentFailed':
        await declines?.onDeclined({ client: action.clientKey ?? null, campaignId: action.campaignId });
        onUnrecorded(action);
        return;
      default:
        onUnrecorded(action);
    }
  };
}
