import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { AuditLogService } from '@causeway/core/audit/audit-log.service';
import type { AuthService } from '@causeway/core/auth/auth.service';
import type { DemoSeedService } from '@causeway/core/demo/demo-seed.service';
import type { NotificationService } from '@causeway/core/notifications/notification.service';
import type { OrganizationService } from '@causeway/core/organizations/organization.service';
import type { AdPlatform } from '@causeway/core/ports/ad-platform.port';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { EventBus } from '@causeway/core/ports/event-bus.port';
import type { FileStore } from '@causeway/core/ports/file-store.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { IdentityProvider } from '@causeway/core/ports/identity.port';
import type { ImageInspector } from '@causeway/core/ports/image-inspector.port';
import type { Mailbox, Mailer } from '@causeway/core/ports/mailer.port';
import type { PaymentGateway, RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import type { MailService } from '@causeway/core/email/mail.service';
import type { RegistrationService } from '@causeway/core/registration/registration.service';
import type { SettingsService } from '@causeway/core/settings/settings.service';
import type { DataStore, Repositories, UnitOfWork } from '@causeway/core/ports/unit-of-work.port';
import type { UserService } from '@causeway/core/users/user.service';
import type { CampaignFileService } from '@causeway/core/campaigns/campaign-file.service';
import type { CampaignPageService } from '@causeway/core/campaigns/campaign-page.service';
import type { PromotionService } from '@causeway/core/promotion/promotion.service';
import type { AppreciationService } from '@causeway/core/appreciations/appreciation.service';
import type { PreCampaignService } from '@causeway/core/campaigns/pre-campaign.service';
import type { DemoCampaignService } from '@causeway/core/demo/demo-campaign.service';
import type { VideoInspector } from '@causeway/core/ports/video-inspector.port';
import type { CampaignWorkflowService } from '@causeway/core/workflow/campaign-workflow.service';
import type { DeploymentService } from '@causeway/core/deployment/deployment.service';
import type { DeliveryService } from '@causeway/core/delivery/delivery.service';
import type { LegacyAdPlatformService } from '@causeway/core/delivery/legacy-ad-platform.service';
import type { OrganizationAdvertiserService } from '@causeway/core/delivery/organization-advertiser.service';
import type { DonationCheckoutService } from '@causeway/core/donations/donation-checkout.service';
import type { DonationRecordingService } from '@causeway/core/donations/donation-recording.service';
import type { DonationIngest } from '@causeway/core/donations/donation-ingest';
import type { BudgetPaymentService } from '@causeway/core/payments/budget-payment.service';
import type { PaymentReceiptService } from '@causeway/core/payments/payment-receipts.service';
import type { RecordingWaiters } from '@causeway/core/payments/recording-waiters';
import type { CampaignDirectoryService } from '@causeway/core/reporting/campaign-directory.service';
import type { Config } from './config';
import type { EventStreams } from './http/event-streams';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`causeway.${name}`);

/** Service identifiers of the composition root: ports, then use cases. */
export const TYPES = {
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  Ids: token<IdGenerator>('Ids'),
  DataStore: token<DataStore>('DataStore'),
  Repositories: token<Repositories>('Repositories'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  Identity: token<IdentityProvider>('Identity'),
  Mailer: token<Mailer>('Mailer'),
  /** Bound only outside production without SMTP: the dev mailbox. */
  Mailbox: token<Mailbox>('Mailbox'),
  FileStore: token<FileStore>('FileStore'),
  ImageInspector: token<ImageInspector>('ImageInspector'),
  VideoInspector: token<VideoInspector>('VideoInspector'),
  BotCheck: token<BotCheck>('BotCheck'),
  EventBus: token<EventBus>('EventBus'),
  AdPlatform: token<AdPlatform>('AdPlatform'),
  PaymentGateway: token<PaymentGateway>('PaymentGateway'),
  /** Monthly gifts on the card provider (the same provider as PaymentGateway). */
  RecurringPayments: token<RecurringPayments>('RecurringPayments'),
  /** This instance's open server-sent-event streams (shutdown ends them). */
  EventStreams: token<EventStreams>('EventStreams'),
  AuthService: token<AuthService>('AuthService'),
  DemoSeedService: token<DemoSeedService>('DemoSeedService'),
  NotificationService: token<NotificationService>('NotificationService'),
  OrganizationService: token<OrganizationService>('OrganizationService'),
  SettingsService: token<SettingsService>('SettingsService'),
  UserService: token<UserService>('UserService'),
  AuditLogService: token<AuditLogService>('AuditLogService'),
  MailService: token<MailService>('MailService'),
  RegistrationService: token<RegistrationService>('RegistrationService'),
  PreCampaignService: token<PreCampaignService>('PreCampaignService'),
  CampaignWorkflowService: token<CampaignWorkflowService>('CampaignWorkflowService'),
  CampaignFileService: token<CampaignFileService>('CampaignFileService'),
  CampaignPageService: token<CampaignPageService>('CampaignPageService'),
  PromotionService: token<PromotionService>('PromotionService'),
  AppreciationService: token<AppreciationService>('AppreciationService'),
  DemoCampaignService: token<DemoCampaignService>('DemoCampaignService'),
  DeploymentService: token<DeploymentService>('DeploymentService'),
  DeliveryService: token<DeliveryService>('DeliveryService'),
  LegacyAdPlatformService: token<LegacyAdPlatformService>('LegacyAdPlatformService'),
  OrganizationAdvertiserService: token<OrganizationAdvertiserService>('OrganizationAdvertiserService'),
  BudgetPaymentService: token<BudgetPaymentService>('BudgetPaymentService'),
  DonationCheckoutService: token<DonationCheckoutService>('DonationCheckoutService'),
  DonationRecordingService: token<DonationRecordingService>('DonationRecordingService'),
  DonationIngest: token<DonationIngest>('DonationIngest'),
  PaymentReceiptService: token<PaymentReceiptService>('PaymentReceiptService'),
  /** Receipt reads waiting on this instance for their donation to be recorded. */
  RecordingWaiters: token<RecordingWaiters>('RecordingWaiters'),
  CampaignDirectoryService: token<CampaignDirectoryService>('CampaignDirectoryService'),
};
