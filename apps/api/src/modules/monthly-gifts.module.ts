import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import {
  monthlyGiftsServiceFactory,
  type MonthlyGiftsService,
} from '@causeway/core/monthly-gifts/monthly-gifts.service';
import { coveredFee } from '@causeway/core/donations/card-fee.rules';
import { cardFeeRuleOf } from '@causeway/core/settings/settings.service';
import type { Config } from '../config';
import { TYPES } from '../types';
import { createPeriodicJob, type PeriodicJob } from '../worker/periodic-job';
import { DONOR_GIFTS_SERVICE } from './donor-gifts.module';

/** Ends the monthly gifts of campaigns that ended, on this instance's schedule. */
export const CAMPAIGN_END_SWEEP: ServiceIdentifier<PeriodicJob> = Symbol.for('causeway.MonthlyGiftsCampaignEndSweep');

/** How often each instance looks for campaigns that ended with monthly gifts still going. */
const CAMPAIGN_END_SWEEP_MS = 5 * 60_000;

export const MONTHLY_GIFTS_SERVICE: ServiceIdentifier<MonthlyGiftsService> = Symbol.for('causeway.MonthlyGiftsService');

/**
 * Monthly gifts after their checkout: their records from the card provider's events, the donor's changes
 * from their gifts page, an organization's declined renewals and the end of a campaign's gifts.
 */
export const monthlyGiftsModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(MONTHLY_GIFTS_SERVICE)
      .toDynamicValue((context) => {
        const repositories = context.get(TYPES.Repositories);
        return monthlyGiftsServiceFactory({
          monthlyGifts: repositories.monthlyGifts,
          campaigns: repositories.campaigns,
          organizations: repositories.organizations,
          recurring: context.get(TYPES.RecurringPayments),
          mail: context.get(TYPES.MailService),
          clock: context.get(TYPES.Clock),
          giftsLink: (email) => context.get(DONOR_GIFTS_SERVICE).receiptLink(email),
          publicUrl: config.publicUrl,
          coveredFeeFor: async (amountCents) =>
            coveredFee(amountCents, cardFeeRuleOf(await repositories.settings.get())),
          onSweepFailure: (subscriptionId, error) =>
            logger.warn({ err: error, subscriptionId }, 'A monthly gift of an ended campaign could not be ended yet'),
        });
      })
      .inSingletonScope();
    bind(CAMPAIGN_END_SWEEP).toDynamicValue((context) =>
      createPeriodicJob<number>({
        work: () => context.get<MonthlyGiftsService>(MONTHLY_GIFTS_SERVICE).endGiftsOfEndedCampaigns(),
        done: (ended, ms) => {
          if (ended > 0) logger.info({ ended, ms }, 'Monthly gifts of ended campaigns end with their paid period');
        },
        failed: (error) =>
          logger.error(
            { err: error },
            'Ending the monthly gifts of ended campaigns failed; it runs again at its next turn',
          ),
        intervalMs: CAMPAIGN_END_SWEEP_MS,
      }),
    );
  });
