import { Container } from 'inversify';
import type { Logger } from 'pino';
import { imageSizeInspector } from '@causeway/adapters/files/image-size.image-inspector';
import { mediabunnyVideoInspector } from '@causeway/adapters/files/mediabunny.video-inspector';
import { randomIds } from '@causeway/adapters/system/random-ids';
import { systemClock } from '@causeway/adapters/system/system-clock';
import {
  watchCampaignPageChanges,
  type CampaignPageChangeListener,
} from '@causeway/core/campaigns/campaign-page.changes';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { ReportChange } from '@causeway/core/reporting/reporting.service';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { Config } from './config';
import { createEventStreams } from './http/event-streams';
import { appreciationsModule } from './modules/appreciations.module';
import { auditModule } from './modules/audit.module';
import { authModule } from './modules/auth.module';
import { campaignsModule } from './modules/campaigns.module';
import { DELIVERY_SYNC_SCHEDULER, deliveryModule } from './modules/delivery.module';
import { demoModule } from './modules/demo.module';
import { DEPLOYMENT_WORKER, deploymentModule } from './modules/deployment.module';
import { donationsModule } from './modules/donations.module';
import { CAMPAIGN_END_SWEEP, monthlyGiftsModule } from './modules/monthly-gifts.module';
import { donorGiftsModule } from './modules/donor-gifts.module';
import { STATEMENTS_SERVICE, statementsModule } from './modules/statements.module';
import { emailModule } from './modules/email.module';
import { notificationsModule } from './modules/notifications.module';
import { organizationsModule } from './modules/organizations.module';
import { followRecordedPayments, paymentsModule } from './modules/payments.module';
import { promotionModule } from './modules/promotion.module';
import { followCampaignPageChanges, publicPagesModule } from './modules/public-pages/public-pages.module';
import { registrationModule } from './modules/registration.module';
import { openReportingDatabase, REPORTING_DATABASE } from './modules/reporting-database';
import { REPORTING_PROJECTOR_RUNNER, reportingMirrorModule } from './modules/reporting-mirror.module';
import { followReportChanges, reportingModule } from './modules/reporting/reporting.module';
import { settingsModule } from './modules/settings.module';
import { usersModule } from './modules/users.module';
import { workflowModule } from './modules/workflow.module';
import type { PaymentActionHandler } from './routes/payment-webhook.routes';
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
import { TYPES } from './types';

// The embedded sandboxes' and the payment webhooks' identifiers, where the app, the tools and the tests name them.
export { AMOBEE_SANDBOX, AMOBEE_SANDBOX_PATH } from './runtime/ad-platform';
export { STRIPE_SANDBOX, STRIPE_SANDBOX_PATH } from './runtime/payments';
export { PAYMENT_ACTION_HANDLER } from './modules/payments.module';

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

/**
 * The composition root: the one place that knows which adapter serves which port. Opens the data store
 * (migrating Postgres) and the vendors this configuration's mode uses (apps/api/src/runtime), binds them,
 * then loads each domain's module (apps/api/src/modules), which binds that domain's use cases.
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
  // Writes a campaign page shows drop the pages kept of it, here and (over the event bus) everywhere.
  let pageChanged: CampaignPageChangeListener = () => undefined;
  const dataStore = watchCampaignPageChanges(opened.dataStore, (change) => pageChanged(change));
  const reporting = await openReportingDatabase(config, logger, opened.connection).catch(async (error: unknown) => {
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
  const identity = await identityProvider(config, dataStore, clock, ids, firebase);
  const files = await openFileStore(config, logger, firebase);
  const botCheck = openBotCheck(config, logger, clock, ids);

  // The batches this instance's projector applies drop the reports kept of them, here and everywhere.
  let reportsChanged: (change: ReportChange) => void = () => undefined;
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TYPES.Config).toConstantValue(config);
  container.bind(TYPES.Logger).toConstantValue(logger);
  container.bind(TYPES.Clock).toConstantValue(clock);
  container.bind(TYPES.Ids).toConstantValue(ids);
  container.bind(TYPES.DataStore).toConstantValue(dataStore);
  container.bind(TYPES.Repositories).toConstantValue(dataStore.repositories);
  container.bind(TYPES.UnitOfWork).toConstantValue(dataStore.unitOfWork);
  container.bind(REPORTING_DATABASE).toConstantValue(reporting);
  container.bind(TYPES.Identity).toConstantValue(identity);
  container.bind(TYPES.EventBus).toConstantValue(eventBus);
  container.bind(TYPES.EventStreams).toConstantValue(createEventStreams());
  container.bind(TYPES.Mailer).toConstantValue(mail.mailer);
  if (mail.mailbox) container.bind(TYPES.Mailbox).toConstantValue(mail.mailbox);
  container.bind(TYPES.FileStore).toConstantValue(files);
  container.bind(TYPES.ImageInspector).toConstantValue(imageSizeInspector);
  container.bind(TYPES.VideoInspector).toConstantValue(mediabunnyVideoInspector);
  container.bind(TYPES.BotCheck).toConstantValue(botCheck);
  container.bind(TYPES.AdPlatform).toConstantValue(ads.adPlatform);
  if (ads.sandbox) container.bind(AMOBEE_SANDBOX).toConstantValue(ads.sandbox);
  container.bind(TYPES.PaymentGateway).toConstantValue(payments.gateway);
  container.bind(TYPES.RecurringPayments).toConstantValue(payments.gateway);
  if (payments.sandbox) container.bind(STRIPE_SANDBOX).toConstantValue(payments.sandbox);

  container.loadSync(
    auditModule,
    authModule(config, logger),
    registrationModule(config, logger),
    emailModule(logger),
    notificationsModule(logger),
    organizationsModule(logger),
    settingsModule,
    usersModule,
    campaignsModule(config),
    workflowModule(logger),
    demoModule(config, { embeddedAdPlatform: ads.sandbox !== null }),
    promotionModule(config, logger),
    appreciationsModule(config, logger),
    paymentsModule(config, logger, { paymentActions: overrides.paymentActions }),
    donationsModule(config, logger),
    donorGiftsModule(config, logger),
    monthlyGiftsModule(config, logger),
    statementsModule(config, logger),
    // The worker's and the projector's names, in this order, are the ids this start makes for them.
    deploymentModule(config, logger, { workerName: `worker-${ids.newId()}` }),
    deliveryModule(config, logger),
    reportingModule,
    reportingMirrorModule({ holder: `projector-${ids.newId()}`, onApplied: (change) => reportsChanged(change) }),
    publicPagesModule(),
  );
  // What runs on its own on this instance: started once the app listens, stopped at close.
  const worker = container.get(DEPLOYMENT_WORKER);
  const deliverySync = container.get(DELIVERY_SYNC_SCHEDULER);
  const campaignEndSweep = container.get(CAMPAIGN_END_SWEEP);
  const projector = container.get(REPORTING_PROJECTOR_RUNNER);
  const statements = container.get(STATEMENTS_SERVICE);
  const pageChanges = await followCampaignPageChanges(container, logger);
  pageChanged = pageChanges.changed;
  const reportChanges = await followReportChanges(container, logger);
  reportsChanged = reportChanges.changed;
  const recordedPayments = await followRecordedPayments(container);

  return {
    container,
    listening: (url) => {
      ads.listening(url);
      payments.listening(url);
      // Jobs call the ad platform, which (embedded) answers only once the app listens.
      worker.start();
      deliverySync.start();
      campaignEndSweep.start();
      void projector.start();
      // Statements left sending by a stop or a crash go on, each donor still sent to once.
      statements
        .resume()
        .catch((error: unknown) => logger.error({ err: error }, 'Year-end statements could not resume'));
    },
    async close() {
      await projector.stop();
      await worker.stop();
      await deliverySync.stop();
      await campaignEndSweep.stop();
      await statements.stop();
      // The payments being booked are written before the store closes.
      await container.get(TYPES.DonationIngest).settled();
      mail.close();
      await payments.close();
      await ads.close();
      await pageChanges.stop();
      await reportChanges.stop();
      await recordedPayments.stop();
      await eventBus.close();
      await reporting.close();
      await dataStore.close();
      // A later start in the same process (tests, restarts) gets fresh clients, not terminated ones.
      await firebase.close();
    },
  };
}
