import type { DonationRecordingService } from '../donations/donation-recording.service';
import type { PaymentAction } from '../ports/payment-gateway.port';
import type { CardTestingGuard } from '../donations/card-testing.guard';
import type { BudgetPaymentService } from './budget-payment.service';

export type PaymentActionRouterDeps = {
  budget: Pick<BudgetPaymentService, 'onPaid'>;
  donations: Pick<DonationRecordingService, 'onPaid' | 'onRefunded'>;
  /** Declined cards count against their client and campaign (the card-testing defence). */
  declines?: Pick<CardTestingGuard, 'onDeclined'>;
  /** Failed payments and events that are not ours: nothing to record, only to log. */
  onUnrecorded: (action: Exclude<PaymentAction, { type: 'paymentRefunded' }>) => void;
};

/**
 * Where each verified payment webhook's action goes: a paid ad budget to the budget payment, a paid
 * donation and every refund to donor bookkeeping. A refund names only its payment, which donor
 * bookkeeping knows when it is a donation's. What throws makes the webhook fail, to be delivered again.
 */
export function paymentActionRouter({ budget, donations, declines, onUnrecorded }: PaymentActionRouterDeps) {
  return async (action: PaymentAction): Promise<void> => {
    switch (action.type) {
      case 'paymentSucceeded':
        if (action.purpose === 'budget') await budget.onPaid(action);
        else await donations.onPaid(action);
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
