import type { StoredDomainEvent } from '../events/domain-event';
import type { ReportingSource } from './reporting.port';
import type { AppreciationRepository } from './appreciation.repository';
import type { AuditLogRepository } from './audit-log.repository';
import type { CampaignDeliveryRepository } from './campaign-delivery.repository';
import type { CampaignErrorRepository } from './campaign-error.repository';
import type { CampaignRepository } from './campaign.repository';
import type { DemoCampaignRepository } from './demo-campaign.repository';
import type { DeploymentRepository } from './deployment.repository';
import type { DonationRepository } from './donation.repository';
import type { EmailLogRepository } from './email-log.repository';
import type { CredentialRepository } from './identity.port';
import type { NotificationRepository } from './notification.repository';
import type { OrganizationRepository } from './organization.repository';
import type { PreCampaignRepository } from './pre-campaign.repository';
import type { PromotionRepository } from './promotion.repository';
import type { RateLimitStore } from './rate-limit.store';
import type { PasswordResetRepository } from './password-reset.repository';
import type { GiftLinkRepository } from './gift-link.repository';
import type { FundraiserPageRepository } from './fundraiser-page.repository';
import type { MonthlyGiftRepository } from './monthly-gift.repository';
import type { StatementRepository } from './statement.repository';
import type { RegistrationTokenRepository } from './registration-token.repository';
import type { SettingsRepository } from './settings.repository';
import type { ShareTrackingRepository } from './share-tracking.repository';
import type { UserRepository } from './user.repository';

/** Every repository of the data store. Each mutation writes its domain event to the outbox with it. */
export interface Repositories {
  users: UserRepository;
  organizations: OrganizationRepository;
  settings: SettingsRepository;
  preCampaigns: PreCampaignRepository;
  campaigns: CampaignRepository;
  demoCampaigns: DemoCampaignRepository;
  donations: DonationRepository;
  appreciations: AppreciationRepository;
  promotions: PromotionRepository;
  shareTracking: ShareTrackingRepository;
  notifications: NotificationRepository;
  auditLogs: AuditLogRepository;
  emailLogs: EmailLogRepository;
  campaignErrors: CampaignErrorRepository;
  deployments: DeploymentRepository;
  campaignDeliveries: CampaignDeliveryRepository;
  credentials: CredentialRepository;
  registrationTokens: RegistrationTokenRepository;
  passwordResets: PasswordResetRepository;
  giftLinks: GiftLinkRepository;
  fundraiserPages: FundraiserPageRepository;
  monthlyGifts: MonthlyGiftRepository;
  statements: StatementRepository;
}

export interface UnitOfWork {
  /**
   * Runs `work` in one transaction: the repositories it is given write there, with their events.
   * When `work` throws, nothing it wrote is kept and the error is rethrown.
   */
  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}

/** The outbox read side: events in write order, for projectors and live delivery. */
export interface Outbox {
  /** Events not yet marked published, oldest first. */
  pending(limit: number): Promise<StoredDomainEvent[]>;
  /** Events after a position, oldest first, published or not (for rebuilding projections). */
  after(position: number, limit: number): Promise<StoredDomainEvent[]>;
  markPublished(ids: string[], at: string): Promise<void>;
  /** Deletes these events once every reader has them (the reporting mirror applied them). */
  prune(ids: string[]): Promise<void>;
  /** How many events are not yet marked published, and the time of the oldest. */
  backlog(): Promise<{ count: number; oldestAt: string | null }>;
}

/** What a data store adapter provides. */
export interface DataStore {
  repositories: Repositories;
  unitOfWork: UnitOfWork;
  outbox: Outbox;
  /** Rate-limit windows shared by every instance (outside units of work: a hit counts at once). */
  rateLimits: RateLimitStore;
  /** The store's records as the reporting mirror reads them (not in the memory store). */
  reportingSource?: ReportingSource;
  /** True when the store answers (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
