import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { DonationIngest } from '@causeway/core/donations/donation-ingest';
import type {
  DonationPaid,
  DonationRecordingService,
  PaymentRefunded,
} from '@causeway/core/donations/donation-recording.service';
import { budgetPaymentServiceFactory } from '@causeway/core/payments/budget-payment.service';
import { paymentActionRouter } from '@causeway/core/payments/payment-actions';
import { paymentReceiptServiceFactory } from '@causeway/core/payments/payment-receipts.service';
import { PAYMENTS_RECORDED_TOPIC, recordingWaiters } from '@causeway/core/payments/recording-waiters';
import type { Container } from 'inversify';
import type { Config } from '../config';
import type { PaymentActionHandler } from '../routes/payment-webhook.routes';
import { TYPES } from '../types';
import { CARD_TESTING_GUARD } from './donations.module';
import { MONTHLY_GIFTS_SERVICE } from './monthly-gifts.module';

/** What verified payment webhooks are handed to (the donation and budget use cases bind theirs here). */
export const PAYMENT_ACTION_HANDLER: ServiceIdentifier<PaymentActionHandler> = Symbol.for('causeway.PaymentActions');

export interface PaymentsModuleOptions {
  /** Receives the verified payment webhooks' actions instead of the donation and budget use cases (tests). */
  paymentActions?: PaymentActionHandler;
}

/** Donor bookkeeping of the webhooks: payments through the batches, refunds one by one. */
const donationActions = (recording: DonationRecordingService, ingest: DonationIngest) => ({
  onPaid: (action: DonationPaid) => ingest.paid(action),
  onRefunded: (action: PaymentRefunded) => recording.onRefunded(action),
});

/** Verified payment actions that record nothing (failed payments, events not ours) are logged. */
const logPaymentAction =
  (logger: Logger) =>
  (action: Parameters<PaymentActionHandler>[0]): void => {
    // The provider's own object stays out of the log.
    const summary = action.type === 'paymentSucceeded' ? { ...action, raw: undefined } : action;
    // Events that are not ours (a payment intent created, a charge's own event) are routine.
    const level = action.type === 'ignored' ? 'debug' : 'info';
    logger[level]({ payment: summary }, `Payment webhook: ${action.type}`);
  };

/**
 * Payments: the ad budget's payment (which starts the deployment), the receipts, and where the verified
 * payment webhooks go: the budget, the donations' bookkeeping and the card-testing guard's declines.
 */
export const paymentsModule = (config: Config, logger: Logger, options: PaymentsModuleOptions = {}) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.BudgetPaymentService).toDynamicValue((context) =>
      budgetPaymentServiceFactory({
        preCampaigns: context.get(TYPES.Repositories).preCampaigns,
        payments: context.get(TYPES.PaymentGateway),
        // Queues the set-up on the ad platform unless it is queued, running or done already.
        startDeployment: async (preCampaignId) => {
          await context.get(TYPES.DeploymentService).startAfterPayment(preCampaignId);
        },
        publicUrl: config.publicUrl,
        onProblem: (problem) =>
          logger.error({ payment: problem }, `A paid ad budget could not be applied (${problem.problem}); refund it`),
      }),
    );
    bind(TYPES.RecordingWaiters).toConstantValue(recordingWaiters());
    bind(TYPES.PaymentReceiptService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return paymentReceiptServiceFactory({
        payments: context.get(TYPES.PaymentGateway),
        waiters: context.get(TYPES.RecordingWaiters),
        donations: repositories.donations,
        campaigns: repositories.campaigns,
        organizations: repositories.organizations,
      });
    });
    if (options.paymentActions) bind(PAYMENT_ACTION_HANDLER).toConstantValue(options.paymentActions);
    else {
      bind(PAYMENT_ACTION_HANDLER).toDynamicValue((context) =>
        paymentActionRouter({
          budget: context.get(TYPES.BudgetPaymentService),
          // On Firestore each payment is booked in a transaction of its own: gifts to one campaign write
          // different shards of its totals, so they commit side by side, where a batch would be one long
          // transaction holding every document it read (and at most 500 writes).
          donations:
            config.DATA_STORE === 'firestore'
              ? context.get(TYPES.DonationRecordingService)
              : donationActions(context.get(TYPES.DonationRecordingService), context.get(TYPES.DonationIngest)),
          declines: context.get(CARD_TESTING_GUARD),
          monthlyGifts: context.get(MONTHLY_GIFTS_SERVICE),
          campaigns: context.get(TYPES.Repositories).campaigns,
          onUnrecorded: logPaymentAction(logger),
          onUnknownCampaign: (action) =>
            logger.error(
              {
                payment: {
                  eventId: action.eventId,
                  invoiceId: action.invoiceId,
                  subscriptionId: action.subscriptionId,
                  campaignId: action.campaignId,
                  amountCents: action.amountCents,
                },
              },
              'A paid month of a monthly gift names a campaign that does not exist: nothing is booked; refund it',
            ),
        }),
      );
    }
  });

/**
 * Receipt reads waiting on this instance hear of donations recorded on any instance: the event bus
 * carries the checkouts' ids (each instance hears its own too, harmlessly). Answers what stops following.
 */
export async function followRecordedPayments(container: Container): Promise<{ stop(): Promise<void> }> {
  const waiters = container.get(TYPES.RecordingWaiters);
  const stop = await container.get(TYPES.EventBus).subscribe(PAYMENTS_RECORDED_TOPIC, ({ payload }) => {
    const sessionIds = Array.isArray(payload.sessionIds) ? payload.sessionIds : [];
    waiters.recorded(sessionIds.filter((id): id is string => typeof id === 'string'));
  });
  return { stop };
}
