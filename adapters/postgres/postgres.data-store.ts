import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { DataStore, Repositories } from '@causeway/core/ports/unit-of-work.port';
import { createPostgresAppreciationRepository } from './appreciation.repository';
import { createPostgresAuditLogRepository } from './audit-log.repository';
import { createPostgresCampaignDeliveryRepository } from './campaign-delivery.repository';
import { createPostgresCampaignErrorRepository } from './campaign-error.repository';
import { createPostgresDeploymentRepository } from './deployment.repository';
import { createPostgresCampaignRepository } from './campaign.repository';
import type { PostgresConnection } from './connection';
import { createPostgresCredentialRepository } from './credential.repository';
import { createPostgresDemoCampaignRepository } from './demo-campaign.repository';
import { createPostgresDonationRepository } from './donation.repository';
import { createPostgresEmailLogRepository } from './email-log.repository';
import { createPostgresNotificationRepository } from './notification.repository';
import { createPostgresOrganizationRepository } from './organization.repository';
import { createPostgresOutbox } from './outbox';
import { createPostgresReportingSource } from './reporting/reporting.source';
import { createPostgresPreCampaignRepository } from './pre-campaign.repository';
import { createPostgresPromotionRepository } from './promotion.repository';
import { createPostgresRateLimitStore } from './rate-limit.store';
import { createPostgresPasswordResetRepository } from './password-reset.repository';
import { createPostgresGiftLinkRepository } from './gift-link.repository';
import { createPostgresFundraiserPageRepository } from './fundraiser-page.repository';
import { createPostgresMonthlyGiftRepository } from './monthly-gift.repository';
import { createPostgresStatementRepository } from './statement.repository';
import { createPostgresRegistrationTokenRepository } from './registration-token.repository';
import { createPostgresSettingsRepository } from './settings.repository';
import { createPostgresShareTrackingRepository } from './share-tracking.repository';
import type { Executor, PgContext } from './transaction';
import { createPostgresUserRepository } from './user.repository';

function createRepositories(context: PgContext): Repositories {
  return {
    users: createPostgresUserRepository(context),
    organizations: createPostgresOrganizationRepository(context),
    settings: createPostgresSettingsRepository(context),
    preCampaigns: createPostgresPreCampaignRepository(context),
    campaigns: createPostgresCampaignRepository(context),
    demoCampaigns: createPostgresDemoCampaignRepository(context),
    donations: createPostgresDonationRepository(context),
    appreciations: createPostgresAppreciationRepository(context),
    promotions: createPostgresPromotionRepository(context),
    shareTracking: createPostgresShareTrackingRepository(context),
    notifications: createPostgresNotificationRepository(context),
    auditLogs: createPostgresAuditLogRepository(context),
    emailLogs: createPostgresEmailLogRepository(context),
    campaignErrors: createPostgresCampaignErrorRepository(context),
    deployments: createPostgresDeploymentRepository(context),
    campaignDeliveries: createPostgresCampaignDeliveryRepository(context),
    credentials: createPostgresCredentialRepository(context),
    registrationTokens: createPostgresRegistrationTokenRepository(context),
    passwordResets: createPostgresPasswordResetRepository(context),
    statements: createPostgresStatementRepository(context),
    giftLinks: createPostgresGiftLinkRepository(context),
    fundraiserPages: createPostgresFundraiserPageRepository(context),
    monthlyGifts: createPostgresMonthlyGiftRepository(context),
  };
}

export function createPostgresDataStore(
  connection: PostgresConnection,
  deps: { clock: Clock; ids: IdGenerator },
): DataStore {
  const contextFor = (db: Executor): PgContext => ({ db, clock: deps.clock, ids: deps.ids });
  return {
    repositories: createRepositories(contextFor(connection.db)),
    unitOfWork: {
      run: (work) => connection.db.transaction().execute((trx) => work(createRepositories(contextFor(trx)))),
    },
    outbox: createPostgresOutbox(connection.db),
    rateLimits: createPostgresRateLimitStore(connection),
    reportingSource: createPostgresReportingSource(connection.db),
    ping: () => connection.ping(),
    close: () => connection.close(),
  };
}
