import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { deliveryServiceFactory } from '@causeway/core/delivery/delivery.service';
import { legacyAdPlatformServiceFactory } from '@causeway/core/delivery/legacy-ad-platform.service';
import { organizationAdvertiserServiceFactory } from '@causeway/core/delivery/organization-advertiser.service';
import type { Config } from '../config';
import { TYPES } from '../types';
import { createDeliverySyncScheduler, type DeliverySyncScheduler } from '../worker/delivery-sync.worker';

/** This instance's delivery sync schedule: the composition starts it once the app listens and stops it at close. */
export const DELIVERY_SYNC_SCHEDULER: ServiceIdentifier<DeliverySyncScheduler> = Symbol.for(
  'causeway.DeliverySyncScheduler',
);

/** Delivery figures are answered as they are for this long before a request pulls them again. */
const DELIVERY_FRESH_MS = 5 * 60_000;
/** A campaign's figures are pulled on demand at most this often: the platform allows about 8 calls a second. */
const DELIVERY_MIN_PULL_MS = 60_000;
/** How long a report may stay not ready before a pull gives up. */
const DELIVERY_REPORT_TIMEOUT_MS = 2 * 60_000;
/** Insertion orders per report of a scheduled sync. */
const DELIVERY_BATCH_SIZE = 50;

/**
 * Delivery figures and goal-aware pacing, pulled on demand and on this instance's schedule
 * (DELIVERY_SYNC_MINUTES), the original product's direct ad-platform endpoints, and organizations' advertisers.
 */
export const deliveryModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    const log = logger.child({ component: 'delivery' });
    bind(TYPES.DeliveryService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const notifications = context.get(TYPES.NotificationService);
      return deliveryServiceFactory({
        campaigns: repositories.campaigns,
        deliveries: repositories.campaignDeliveries,
        adPlatform: context.get(TYPES.AdPlatform),
        notify: (input) => notifications.notify(input),
        clock: context.get(TYPES.Clock),
        sleep: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
        reportTimeoutMs: DELIVERY_REPORT_TIMEOUT_MS,
        freshForMs: DELIVERY_FRESH_MS,
        minPullIntervalMs: DELIVERY_MIN_PULL_MS,
        batchSize: DELIVERY_BATCH_SIZE,
        log: (event) => {
          if (event.kind === 'pullFailed') {
            log.warn({ err: event.error, campaignIds: event.campaignIds }, event.message);
          } else if (event.kind === 'paused') {
            log.info(event, 'Pacing paused a campaign’s line item');
          } else if (event.kind === 'resumed') {
            log.info(event, 'Pacing played a campaign’s line item again');
          } else if (event.kind === 'resumeFailed') {
            log.error(
              { err: event.error, campaignId: event.campaignId },
              'Pacing could not play a line item again; next sync tries again',
            );
          } else if (event.kind === 'pauseFailed') {
            log.error(
              { err: event.error, campaignId: event.campaignId },
              'Pacing could not pause a line item; next sync tries again',
            );
          } else
            log.warn({ err: event.error, campaignId: event.campaignId }, 'A pacing notification could not be created');
        },
      });
    });
    bind(TYPES.LegacyAdPlatformService).toDynamicValue((context) =>
      legacyAdPlatformServiceFactory({
        adPlatform: context.get(TYPES.AdPlatform),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
      }),
    );
    bind(TYPES.OrganizationAdvertiserService).toDynamicValue((context) => {
      const clock = context.get(TYPES.Clock);
      return organizationAdvertiserServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        organizations: context.get(TYPES.Repositories).organizations,
        adPlatform: context.get(TYPES.AdPlatform),
        audit: auditTrail({ clock, ids: context.get(TYPES.Ids) }),
      });
    });
    bind(DELIVERY_SYNC_SCHEDULER).toDynamicValue((context) =>
      createDeliverySyncScheduler({
        delivery: { syncAll: () => context.get(TYPES.DeliveryService).syncAll() },
        logger: log,
        intervalMs: config.DELIVERY_SYNC_MINUTES * 60_000,
      }),
    );
  });
