import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import {
  CARD_TESTING_LIMITS,
  cardTestingGuard,
  type CardTestingGuard,
} from '@causeway/core/donations/card-testing.guard';
import { donateFormServiceFactory, type DonateFormService } from '@causeway/core/donations/donate-form.service';
import { checkoutBurstNotice } from '@causeway/core/donations/checkout-burst.notice';
import { donationCheckoutServiceFactory, promoterResolver } from '@causeway/core/donations/donation-checkout.service';
import { donationIngest } from '@causeway/core/donations/donation-ingest';
import { donationRecordingServiceFactory } from '@causeway/core/donations/donation-recording.service';
import type { RecordedDonation } from '@causeway/core/donations/donation.entity';
import { PAYMENTS_RECORDED_TOPIC } from '@causeway/core/payments/recording-waiters';
import type { Config } from '../config';
import { TYPES } from '../types';
import { DONOR_GIFTS_SERVICE } from './donor-gifts.module';

export const DONATE_FORM_SERVICE: ServiceIdentifier<DonateFormService> = Symbol.for('causeway.DonateFormService');

export const CARD_TESTING_GUARD: ServiceIdentifier<CardTestingGuard> = Symbol.for('causeway.CardTestingGuard');

/** The most paid donations booked in one batch. */
const DONATION_BATCH = 200;

/**
 * Donations: the donor's checkout and its card-testing defence, and the bookkeeping of paid and
 * refunded gifts (one by one, or in batches under a burst of webhooks).
 */
export const donationsModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(DONATE_FORM_SERVICE).toDynamicValue((context) =>
      donateFormServiceFactory({
        pages: context.get(TYPES.CampaignPageService),
        organizations: context.get(TYPES.Repositories).organizations,
      }),
    );
    bind(TYPES.DonationCheckoutService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return donationCheckoutServiceFactory({
        campaigns: repositories.campaigns,
        settings: repositories.settings,
        organizations: repositories.organizations,
        donations: repositories.donations,
        payments: context.get(TYPES.PaymentGateway),
        recurring: context.get(TYPES.RecurringPayments),
        resolvePromoter: promoterResolver({ shareLinks: repositories.shareTracking, users: repositories.users }),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        publicUrl: config.publicUrl,
        guard: context.get(CARD_TESTING_GUARD),
      });
    });
    // The card-testing defence of checkout: its windows in the data store (shared by every instance),
    // the bot check it asks for, and the staff notice of a burst.
    bind(CARD_TESTING_GUARD)
      .toDynamicValue((context) => {
        const repositories = context.get(TYPES.Repositories);
        const notifications = context.get(TYPES.NotificationService);
        const notice = checkoutBurstNotice({
          users: repositories.users,
          campaigns: repositories.campaigns,
          notify: (input) => notifications.notify(input),
          challengeMinutes: CARD_TESTING_LIMITS.challengeMs / 60_000,
        });
        return cardTestingGuard({
          limits: context.get(TYPES.DataStore).rateLimits,
          botCheck: context.get(TYPES.BotCheck),
          clock: context.get(TYPES.Clock),
          async onBurst(burst) {
            logger.warn({ burst }, 'A campaign sees a burst of declined cards: donors now pass the bot check');
            // The notice is best effort: a donor's checkout never fails because staff could not be told.
            await notice(burst).catch((error: unknown) =>
              logger.error({ err: error, burst }, 'Staff could not be told of a checkout burst'),
            );
          },
        });
      })
      .inSingletonScope();
    bind(TYPES.DonationRecordingService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const notifications = context.get(TYPES.NotificationService);
      const appreciations = context.get(TYPES.AppreciationService);
      const waiters = context.get(TYPES.RecordingWaiters);
      const eventBus = context.get(TYPES.EventBus);
      /** The receipt pages waiting for these donations read them now, on this instance and the others. */
      const tellReceipts = (recorded: RecordedDonation[]) => {
        const sessionIds = recorded.flatMap(({ donation }) => (donation.session_id ? [donation.session_id] : []));
        if (sessionIds.length === 0) return Promise.resolve();
        waiters.recorded(sessionIds);
        return eventBus.publish({ topic: PAYMENTS_RECORDED_TOPIC, payload: { sessionIds } });
      };
      return donationRecordingServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        donations: repositories.donations,
        campaigns: repositories.campaigns,
        organizations: repositories.organizations,
        settings: repositories.settings,
        notify: (input) => notifications.notify(input),
        notifyMany: (inputs) => notifications.notifyMany(inputs),
        mail: context.get(TYPES.MailService),
        // Thanks the donor and the promoter whose link brought the gift.
        afterDonation: async (recorded) => {
          await Promise.all([tellReceipts([recorded]), appreciations.afterDonation(recorded)]);
        },
        afterDonations: async (recorded) => {
          await Promise.all([tellReceipts(recorded), appreciations.afterDonations(recorded)]);
        },
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        publicUrl: config.publicUrl,
        // Every receipt carries a new link to the donor's own gifts page.
        giftsLink: (email) => context.get(DONOR_GIFTS_SERVICE).receiptLink(email),
        // SPEC §8: donor bookkeeping errors are logged; the payment's event stays kept to be counted again.
        onFailure: (error, failure) =>
          logger[failure.retried ? 'warn' : 'error'](
            { err: error, ...failure },
            failure.retried
              ? 'Donor bookkeeping failed; the webhook is refused so the payment provider delivers it again'
              : `Donor bookkeeping failed at ${failure.stage}`,
          ),
      });
    });
    bind(TYPES.DonationIngest).toDynamicValue((context) => {
      const recording = context.get(TYPES.DonationRecordingService);
      return donationIngest({
        recordBatch: (actions) => recording.onPaidMany(actions),
        recordOne: (action) => recording.onPaid(action),
        maxBatch: DONATION_BATCH,
        // While a batch is in its transaction the next one is kept and read.
        concurrency: 2,
        // A few milliseconds for the webhooks of a burst to join a batch.
        gatherMs: 2,
        onBatchFailure: (error, payments) =>
          logger.warn(
            { err: error, payments },
            'A batch of donations could not be booked at once; booking them one by one',
          ),
      });
    });
  });
