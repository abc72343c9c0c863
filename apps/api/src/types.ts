import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { AuditLogService } from '../../../core/audit/audit-log.service';
import type { AuthService } from '../../../core/auth/auth.service';
import type { DemoSeedService } from '../../../core/demo/demo-seed.service';
import type { NotificationService } from '../../../core/notifications/notification.service';
import type { OrganizationService } from '../../../core/organizations/organization.service';
import type { AdPlatform } from '../../../core/ports/ad-platform.port';
import type { BotCheck } from '../../../core/ports/bot-check.port';
import type { Clock } from '../../../core/ports/clock.port';
import type { EventBus } from '../../../core/ports/event-bus.port';
import type { FileStore } from '../../../core/ports/file-store.port';
import type { IdGenerator } from '../../../core/ports/id-generator.port';
import type { IdentityProvider } from '../../../core/ports/identity.port';
import type { ImageInspector } from '../../../core/ports/image-inspector.port';
import type { Mailbox, Mailer } from '../../../core/ports/mailer.port';
import type { PaymentGateway } from '../../../core/ports/payment-gateway.port';
import type { MailService } from '../../../core/email/mail.service';
import type { RegistrationService } from '../../../core/registration/registration.service';
import type { SettingsService } from '../../../core/settings/settings.service';
import type { DataStore, Repositories, UnitOfWork } from '../../../core/ports/unit-of-work.port';
import type { UserService } from '../../../core/users/user.service';
import type { CampaignFileService } from '../../../core/campaigns/campaign-file.service';
import type { CampaignPageService } from '../../../core/campaigns/campaign-page.service';
import type { PromotionService } from '../../../core/promotion/promotion.service';
import type { AppreciationService } from '../../../core/appreciations/appreciation.service';
import type { PreCampaignService } from '../../../core/campaigns/pre-campaign.service';
import type { DemoCampaignService } from '../../../core/demo/demo-campaign.service';
import type { VideoInspector } from '../../../core/ports/video-inspector.port';
import type { CampaignWorkflowService } from '../../../core/workflow/campaign-workflow.service';
import type { DeploymentService } from '../../../core/deployment/deployment.service';
import type { DeliveryService } from '../../../core/delivery/delivery.service';
import type { LegacyAdPlatformService } from '../../../core/delivery/legacy-ad-platform.service';
import type { OrganizationAdvertiserService } from '../../../core/delivery/organization-advertiser.service';
import type { DonationCheckoutService } from '../../../core/donations/donation-checkout.service';
import type { DonationRecordingService } from '../../../core/donations/donation-recording.service';
import type { DonationIngest } from '../../../core/donations/donation-ingest';
import type { BudgetPaymentService } from '../../../core/payments/budget-payment.service';
import type { PaymentReceiptService } from '../../../core/payments/payment-receipts.service';
import type { CampaignDirectoryService } from '../../../core/reporting/campaign-directory.service';
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
  CampaignDirectoryService: token<CampaignDirectoryService>('CampaignDirectoryService'),
};
