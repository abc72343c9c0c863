import { Container, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { demoSeedServiceFactory } from '@causeway/core/demo/demo-seed.service';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { campaignFileServiceFactory } from '@causeway/core/campaigns/campaign-file.service';
import { campaignPageServiceFactory } from '@causeway/core/campaigns/campaign-page.service';
import { promotionServiceFactory } from '@causeway/core/promotion/promotion.service';
import { appreciationServiceFactory } from '@causeway/core/appreciations/appreciation.service';
import { demoReachSeeder } from '@causeway/core/promotion/demo-reach.seed';
import { preCampaignServiceFactory } from '@causeway/core/campaigns/pre-campaign.service';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import { demoCampaignServiceFactory } from '@causeway/core/demo/demo-campaign.service';
import { campaignWorkflowServiceFactory } from '@causeway/core/workflow/campaign-workflow.service';
import { deploymentServiceFactory } from '@causeway/core/deployment/deployment.service';
import { createDeploymentWorker, type DeploymentWorker } from './worker/deployment.worker';
import { deliveryServiceFactory } from '@causeway/core/delivery/delivery.service';
import { legacyAdPlatformServiceFactory } from '@causeway/core/delivery/legacy-ad-platform.service';
import { organizationAdvertiserServiceFactory } from '@causeway/core/delivery/organization-advertiser.service';
import { createDeliverySyncScheduler, type DeliverySyncScheduler } from './worker/delivery-sync.worker';
import { mediabunnyVideoInspector } from '@causeway/adapters/files/mediabunny.video-inspector';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import { imageSizeInspector } from '@causeway/adapters/files/image-size.image-inspector';
import { openReportingDatabase, REPORTING_DATABASE } from './modules/reporting-database';
import { reportingQueriesModule } from './modules/reporting/reporting.module';
import { auditModule } from './modules/audit.module';
import { authModule } from './modules/auth.module';
import { emailModule } from './modules/email.module';
import { notificationsModule } from './modules/notifications.module';
import { organizationsModule } from './modules/organizations.module';
import { registrationModule } from './modules/registration.module';
import { settingsModule } from './modules/settings.module';
import { usersModule } from './modules/users.module';
import { REPORTING_PROJECTOR_RUNNER, reportingMirrorModule } from './modules/reporting-mirror.module';
import { followCampaignPageChanges, publicPagesModule } from './modules/public-pages/public-pages.module';
import {
  watchCampaignPageChanges,
  type CampaignPageChangeListener,
} from '@causeway/core/campaigns/campaign-page.changes';
import { randomIds } from '@causeway/adapters/system/random-ids';
import { systemClock } from '@causeway/adapters/system/system-clock';
import type { Config } from './config';
import { createEventStreams } from './http/event-streams';
import type { PaymentActionHandler } from './routes/payment-webhook.routes';
import { donationCheckoutServiceFactory, promoterResolver } from '@causeway/core/donations/donation-checkout.service';
import {
  donationRecordingServiceFactory,
  type DonationPaid,
  type DonationRecordingService,
  type PaymentRefunded,
} from '@causeway/core/donations/donation-recording.service';
import { donationIngest, type DonationIngest } from '@causeway/core/donations/donation-ingest';
import { notifyTogether } from '@causeway/core/notifications/notify-together';
import { budgetPaymentServiceFactory } from '@causeway/core/payments/budget-payment.service';
import { paymentActionRouter } from '@causeway/core/payments/payment-actions';
import { paymentReceiptServiceFactory } from '@causeway/core/payments/payment-receipts.service';
import { campaignDirectoryServiceFactory } from '@causeway/core/reporting/campaign-directory.service';
import { TYPES } from './types';
import { AMOBEE_SANDBOX, openAdPlatform } from './runtime/ad-platform';
import { openBotCheck } from './runtime/bot-check';
import { openDataStore } from './runtime/data-store';
import { openEventBus } from './runtime/event-bus';
import { openFileStore } from './runtime/file-store';
import { firebaseClients } from './runtime/firebase';
import { identityProvider } from './runtime/identity';
import { openMail } from './runtime/mail';
import { openPayments, STRIPE_SANDBOX } from './runtime/payments';
import { loadSandboxes } from './runtime/sandboxes';
import { demoCoverStore } from './demo/demo-covers';
import { demoHistoryFor } from './demo/demo-history';
import { CARD_TESTING_GUARD, cardTestingModule } from './modules/card-testing.module';
import { pageVisitsModule } from './modules/page-visits.module';

// The embedded sandboxes' identifiers, where the app, the tools and the tests name them.
export { AMOBEE_SANDBOX, AMOBEE_SANDBOX_PATH } from './runtime/ad-platform';
export { STRIPE_SANDBOX, STRIPE_SANDBOX_PATH } from './runtime/payments';

/** What a test may replace: the clock and ids, to control time and names. */
export interface ContainerOverrides {
  clock?: Clock;
  ids?: IdGenerator;
  /** Receives the verified payment webhooks' actions instead of the bound handler. */
  paymentActions?: PaymentActionHandler;
}

export interface Composition {
  container: Container;
  /** Tells the composition the address the app listens on (the embedded sandboxes are called through it). */
  listening(url: string): void;
  close(): Promise<void>;
}

/** What verified payment webhooks are handed to (the donation and budget use cases bind theirs here). */
export const PAYMENT_ACTION_HANDLER: ServiceIdentifier<PaymentActionHandler> = Symbol.for('causeway.PaymentActions');

/** The most paid donations booked in one batch. */
const DONATION_BATCH = 200;

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
 * The composition root: the one place that knows which adapter serves which port.
 * Opens the data store (migrating Postgres), then binds every port and use case.
 */
export async function compose(
  config: Config,
  logger: Logger,
  overrides: ContainerOverrides = {},
): Promise<Composition> {
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  // First: a server built without the sandboxes stops here, before it opens anything.
  const sandboxes = await loadSandboxes(config);
  const firebase = firebaseClients(config);
  const opened = await openDataStore(config, logger, clock, ids, firebase).catch(async (error: unknown) => {
    await firebase.close();
    throw error;
  });
  const connection = opened.connection;
  // Writes a campaign page shows drop the pages kept of it, here and (over the event bus) everywhere.
  let pageChanged: CampaignPageChangeListener = () => undefined;
  const dataStore = watchCampaignPageChanges(opened.dataStore, (change) => pageChanged(change));
  const reporting = await openReportingDatabase(config, logger, connection).catch(async (error: unknown) => {
    await dataStore.close();
    await firebase.close();
    throw error;
  });
  const eventBus = await openEventBus(config, logger, firebase).catch(async (error: unknown) => {
    await reporting.close();
    await dataStore.close();
    await firebase.close();
    throw error;
  });
  const mail = openMail(config, logger, clock);
  const payments = openPayments(config, logger, clock, ids, sandboxes);
  const ads = openAdPlatform(config, logger, clock, ids, sandboxes);

  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TYPES.Config).toConstantValue(config);
  container.bind(TYPES.Logger).toConstantValue(logger);
  container.bind(TYPES.Clock).toConstantValue(clock);
  container.bind(TYPES.Ids).toConstantValue(ids);
  container.bind(TYPES.DataStore).toConstantValue(dataStore);
  container.bind(REPORTING_DATABASE).toConstantValue(reporting);
  container.loadSync(reportingQueriesModule);
  container.bind(TYPES.Repositories).toConstantValue(dataStore.repositories);
  container.bind(TYPES.UnitOfWork).toConstantValue(dataStore.unitOfWork);
  container.bind(TYPES.Identity).toConstantValue(await identityProvider(config, dataStore, clock, ids, firebase));
  container.bind(TYPES.EventBus).toConstantValue(eventBus);
  container.bind(TYPES.EventStreams).toConstantValue(createEventStreams());
  container.bind(TYPES.Mailer).toConstantValue(mail.mailer);
  if (mail.mailbox) container.bind(TYPES.Mailbox).toConstantValue(mail.mailbox);
  container.bind(TYPES.FileStore).toConstantValue(await openFileStore(config, logger, firebase));
  container.bind(TYPES.ImageInspector).toConstantValue(imageSizeInspector);
  container.bind(TYPES.VideoInspector).toConstantValue(mediabunnyVideoInspector);
  container.bind(TYPES.BotCheck).toConstantValue(openBotCheck(config, logger, clock, ids));
  container.bind(TYPES.AdPlatform).toConstantValue(ads.adPlatform);
  if (ads.sandbox) container.bind(AMOBEE_SANDBOX).toConstantValue(ads.sandbox);
  container.bind(TYPES.PaymentGateway).toConstantValue(payments.gateway);
  if (payments.sandbox) container.bind(STRIPE_SANDBOX).toConstantValue(payments.sandbox);
  if (overrides.paymentActions) container.bind(PAYMENT_ACTION_HANDLER).toConstantValue(overrides.paymentActions);
  else {
    container.bind(PAYMENT_ACTION_HANDLER).toDynamicValue((context) =>
      paymentActionRouter({
        budget: context.get(TYPES.BudgetPaymentService),
        // Firestore runs one campaign's transactions one after another: there each payment is booked on
        // its own, as a batch would only make one long transaction of them.
        donations:
          config.DATA_STORE === 'firestore'
            ? context.get(TYPES.DonationRecordingService)
            : donationActions(context.get(TYPES.DonationRecordingService), context.get(TYPES.DonationIngest)),
        declines: context.get(CARD_TESTING_GUARD),
        onUnrecorded: logPaymentAction(logger),
      }),
    );
  }

  container.loadSync(cardTestingModule(logger));
  container.loadSync(pageVisitsModule);
  container.bind(TYPES.DemoSeedService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return demoSeedServiceFactory({
      users: repositories.users,
      organizations: repositories.organizations,
      settings: repositories.settings,
      identity: context.get(TYPES.Identity),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      seedReach: demoReachSeeder({
        campaigns: repositories.campaigns,
        shareTracking: repositories.shareTracking,
        promote: (actor, campaignId) => context.get(TYPES.PromotionService).promote(actor, campaignId),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        storeCover: demoCoverStore(context.get(TYPES.FileStore), (message, error) =>
          context.get(TYPES.Logger).warn({ err: error }, message),
        ),
      }),
      ...(config.SEED_DEMO_HISTORY ? { seedHistory: demoHistoryFor(context) } : {}),
      // The embedded DSP sandbox starts empty the first time: the demo is readied on it at each start.
      ...(ads.sandbox
        ? {
            adPlatform: {
              campaigns: repositories.campaigns,
              adPlatform: context.get(TYPES.AdPlatform),
              advertisers: context.get(TYPES.OrganizationAdvertiserService),
              campaignPageUrl: (campaignId: string) => `${config.publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`,
            },
          }
        : {}),
    });
  });

  container.loadSync(
    auditModule,
    authModule(config, logger),
    registrationModule(config, logger),
    emailModule(logger),
    notificationsModule(logger),
    organizationsModule(logger),
    settingsModule,
    usersModule,
  );
  bindCampaignServices(container, config, logger);
  bindReachServices(container, config, logger);
  bindMoneyServices(container, config, logger);
  const worker = bindDeployments(container, config, logger, ids);
  const deliverySync = bindDelivery(container, config, logger);
  await container.load(reportingMirrorModule({ holder: `projector-${ids.newId()}` }));
  const projector = container.get(REPORTING_PROJECTOR_RUNNER);
  container.loadSync(publicPagesModule());
  const pageChanges = await followCampaignPageChanges(container, logger);
  pageChanged = pageChanges.changed;

  return {
    container,
    listening: (url) => {
      ads.listening(url);
      payments.listening(url);
      // Jobs call the ad platform, which (embedded) answers only once the app listens.
      worker.start();
      deliverySync.start();
      void projector.start();
    },
    async close() {
      await projector.stop();
      await worker.stop();
      await deliverySync.stop();
      // The payments being booked are written before the store closes.
      await container.get(TYPES.DonationIngest).settled();
      mail.close();
      await payments.close();
      await ads.close();
      await pageChanges.stop();
      await eventBus.close();
      await reporting.close();
      await dataStore.close();
      // A later start in the same process (tests, restarts) gets fresh clients, not terminated ones.
      await firebase.close();
    },
  };
}

/** Promotion and share links, and the thanks sent after donations. */
function bindReachServices(container: Container, config: Config, logger: Logger): void {
  container.bind(TYPES.PromotionService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return promotionServiceFactory({
      unitOfWork: context.get(TYPES.UnitOfWork),
      campaigns: repositories.campaigns,
      users: repositories.users,
      promotions: repositories.promotions,
      shareTracking: repositories.shareTracking,
      donations: repositories.donations,
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      publicUrl: config.publicUrl,
      onListSyncFailure: (error, promotion) =>
        logger.warn(
          { err: error, ...promotion },
          "A campaign's promoters or a promoter's campaigns could not be updated",
        ),
    });
  });
  container.bind(TYPES.AppreciationService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    const notifications = context.get(TYPES.NotificationService);
    return appreciationServiceFactory({
      appreciations: repositories.appreciations,
      campaigns: repositories.campaigns,
      organizations: repositories.organizations,
      users: repositories.users,
      donations: repositories.donations,
      mail: context.get(TYPES.MailService),
      emailLogs: repositories.emailLogs,
      // The promoters of a batch of donations are told in one write.
      notify: notifyTogether(notifications),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      // SPEC §8: appreciation errors are logged and swallowed (and kept in errorEmails).
      onError: (error, step, failure) =>
        logger.error({ err: error, step, ...failure }, 'A thank-you could not be sent'),
    });
  });
}

/** Drafts, their approval workflow, their files, the public campaign page and demo campaigns. */
function bindCampaignServices(container: Container, config: Config, logger: Logger): void {
  container.bind(TYPES.PreCampaignService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    const clock = context.get(TYPES.Clock);
    const ids = context.get(TYPES.Ids);
    return preCampaignServiceFactory({
      unitOfWork: context.get(TYPES.UnitOfWork),
      preCampaigns: repositories.preCampaigns,
      organizations: repositories.organizations,
      files: context.get(TYPES.FileStore),
      images: context.get(TYPES.ImageInspector),
      videos: context.get(TYPES.VideoInspector),
      clock,
      ids,
      audit: auditTrail({ clock, ids }),
      campaignPageUrl: (campaignId) => `${config.publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`,
    });
  });
  container.bind(TYPES.CampaignWorkflowService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    const clock = context.get(TYPES.Clock);
    const ids = context.get(TYPES.Ids);
    const notifications = context.get(TYPES.NotificationService);
    return campaignWorkflowServiceFactory({
      unitOfWork: context.get(TYPES.UnitOfWork),
      preCampaigns: repositories.preCampaigns,
      users: repositories.users,
      notify: (input) => notifications.notify(input),
      drafts: context.get(TYPES.PreCampaignService),
      clock,
      ids,
      audit: auditTrail({ clock, ids }),
      onNotifyFailure: (error, failure) =>
        logger.warn({ err: error, ...failure }, 'A workflow notification could not be created'),
    });
  });
  container.bind(TYPES.CampaignFileService).toDynamicValue((context) =>
    campaignFileServiceFactory({
      preCampaigns: context.get(TYPES.Repositories).preCampaigns,
      files: context.get(TYPES.FileStore),
      images: context.get(TYPES.ImageInspector),
      videos: context.get(TYPES.VideoInspector),
    }),
  );
  container.bind(TYPES.CampaignPageService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return campaignPageServiceFactory({
      campaigns: repositories.campaigns,
      organizations: repositories.organizations,
      publicUrl: config.publicUrl,
      cacheMs: config.CAMPAIGN_PAGE_CACHE_MS,
    });
  });
  container.bind(TYPES.DemoCampaignService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    const clock = context.get(TYPES.Clock);
    const ids = context.get(TYPES.Ids);
    return demoCampaignServiceFactory({
      unitOfWork: context.get(TYPES.UnitOfWork),
      demoCampaigns: repositories.demoCampaigns,
      organizations: repositories.organizations,
      clock,
      ids,
      audit: auditTrail({ clock, ids }),
    });
  });
}

/** How often a worker looks for deployments nobody woke it for. */
const DEPLOYMENT_POLL_MS = 2_000;

/** The deployment saga and this instance's worker, started once the app listens. */
function bindDeployments(container: Container, config: Config, logger: Logger, ids: IdGenerator): DeploymentWorker {
  let wake: () => void = () => undefined;
  container.bind(TYPES.DeploymentService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    const notifications = context.get(TYPES.NotificationService);
    const workflow = context.get(TYPES.CampaignWorkflowService);
    const log = logger.child({ component: 'deployment' });
    return deploymentServiceFactory({
      deployments: repositories.deployments,
      campaignErrors: repositories.campaignErrors,
      users: repositories.users,
      steps: {
        preCampaigns: repositories.preCampaigns,
        campaigns: repositories.campaigns,
        users: repositories.users,
        organizations: repositories.organizations,
        shareTracking: repositories.shareTracking,
        adPlatform: context.get(TYPES.AdPlatform),
        files: context.get(TYPES.FileStore),
        campaignPageUrl: (campaignId) => `${config.publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`,
      },
      publish: (preCampaignId) => workflow.publish(preCampaignId, { uid: 'platform', displayName: 'Causeway' }),
      notify: (input) => notifications.notify(input),
      push: (userIds, message) => notifications.push(userIds, message),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      leaseMs: config.DEPLOYMENT_LEASE_SECONDS * 1000,
      wake: () => wake(),
      log: (event) => {
        if (event.kind === 'userNotFound') log.warn({ userId: event.userId }, 'User not found');
        else if (event.kind === 'stepFailed') {
          log.error(
            { err: event.error, deploymentId: event.deploymentId, step: event.step },
            'A deployment step failed',
          );
        } else if (event.kind === 'leaseLost') {
          log.warn(event, 'A deployment was taken up by another worker');
        } else log.warn({ err: event.error, deploymentId: event.deploymentId }, 'A deployment notification failed');
      },
    });
  });
  const worker = createDeploymentWorker({
    deployments: { runNext: (name) => container.get(TYPES.DeploymentService).runNext(name) },
    logger,
    name: `worker-${ids.newId()}`,
    pollMs: DEPLOYMENT_POLL_MS,
  });
  wake = () => worker.wake();
  return worker;
}

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
function bindDelivery(container: Container, config: Config, logger: Logger): DeliverySyncScheduler {
  const log = logger.child({ component: 'delivery' });
  container.bind(TYPES.DeliveryService).toDynamicValue((context) => {
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
  container.bind(TYPES.LegacyAdPlatformService).toDynamicValue((context) =>
    legacyAdPlatformServiceFactory({
      adPlatform: context.get(TYPES.AdPlatform),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
    }),
  );
  container.bind(TYPES.OrganizationAdvertiserService).toDynamicValue((context) => {
    const clock = context.get(TYPES.Clock);
    return organizationAdvertiserServiceFactory({
      unitOfWork: context.get(TYPES.UnitOfWork),
      organizations: context.get(TYPES.Repositories).organizations,
      adPlatform: context.get(TYPES.AdPlatform),
      audit: auditTrail({ clock, ids: context.get(TYPES.Ids) }),
    });
  });
  return createDeliverySyncScheduler({
    delivery: { syncAll: () => container.get(TYPES.DeliveryService).syncAll() },
    logger: log,
    intervalMs: config.DELIVERY_SYNC_MINUTES * 60_000,
  });
}

/** The ad budget's payment, donations and their bookkeeping, receipts, live campaigns and their figures. */
function bindMoneyServices(container: Container, config: Config, logger: Logger): void {
  container.bind(TYPES.BudgetPaymentService).toDynamicValue((context) =>
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
  container.bind(TYPES.DonationCheckoutService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return donationCheckoutServiceFactory({
      campaigns: repositories.campaigns,
      donations: repositories.donations,
      payments: context.get(TYPES.PaymentGateway),
      resolvePromoter: promoterResolver({ shareLinks: repositories.shareTracking, users: repositories.users }),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      publicUrl: config.publicUrl,
      guard: context.get(CARD_TESTING_GUARD),
    });
  });
  container.bind(TYPES.DonationRecordingService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    const notifications = context.get(TYPES.NotificationService);
    const appreciations = context.get(TYPES.AppreciationService);
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
      afterDonation: (recorded) => appreciations.afterDonation(recorded),
      afterDonations: (recorded) => appreciations.afterDonations(recorded),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      publicUrl: config.publicUrl,
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
  container.bind(TYPES.DonationIngest).toDynamicValue((context) => {
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
  container.bind(TYPES.PaymentReceiptService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return paymentReceiptServiceFactory({
      payments: context.get(TYPES.PaymentGateway),
      donations: repositories.donations,
      campaigns: repositories.campaigns,
      organizations: repositories.organizations,
    });
  });
  container.bind(TYPES.CampaignDirectoryService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return campaignDirectoryServiceFactory({
      campaigns: repositories.campaigns,
      organizations: repositories.organizations,
      donations: repositories.donations,
      clock: context.get(TYPES.Clock),
    });
  });
}
