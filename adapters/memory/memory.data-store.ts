import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { DataStore, Outbox, Repositories } from '@causeway/core/ports/unit-of-work.port';
import { createMemoryAppreciationRepository } from './appreciation.repository';
import { createMemoryAuditLogRepository } from './audit-log.repository';
import { createMemoryCampaignDeliveryRepository } from './campaign-delivery.repository';
import { createMemoryCampaignErrorRepository } from './campaign-error.repository';
import { createMemoryDeploymentRepository } from './deployment.repository';
import { createMemoryCampaignRepository } from './campaign.repository';
import { createMemoryCredentialRepository } from './credential.repository';
import { createMemoryDemoCampaignRepository } from './demo-campaign.repository';
import { createMemoryDonationRepository } from './donation.repository';
import { createMemoryEmailLogRepository } from './email-log.repository';
import { MemoryState, copy, type MemoryContext } from './memory-state';
import { createMemoryNotificationRepository } from './notification.repository';
import { createMemoryOrganizationRepository } from './organization.repository';
import { createMemoryPreCampaignRepository } from './pre-campaign.repository';
import { createMemoryPromotionRepository } from './promotion.repository';
import { createMemoryRateLimitStore } from './rate-limit.store';
import { createMemoryPasswordResetRepository } from './password-reset.repository';
import { createMemoryGiftLinkRepository } from './gift-link.repository';
import { createMemoryFundraiserPageRepository } from './fundraiser-page.repository';
import { createMemoryMonthlyGiftRepository } from './monthly-gift.repository';
import { createMemoryStatementRepository } from './statement.repository';
import { createMemoryRegistrationTokenRepository } from './registration-token.repository';
import { createMemorySettingsRepository } from './settings.repository';
import { createMemoryShareTrackingRepository } from './share-tracking.repository';
import { createMemoryUserRepository } from './user.repository';

function createRepositories(context: MemoryContext): Repositories {
  return {
    users: createMemoryUserRepository(context),
    organizations: createMemoryOrganizationRepository(context),
    settings: createMemorySettingsRepository(context),
    preCampaigns: createMemoryPreCampaignRepository(context),
    campaigns: createMemoryCampaignRepository(context),
    demoCampaigns: createMemoryDemoCampaignRepository(context),
    donations: createMemoryDonationRepository(context),
    appreciations: createMemoryAppreciationRepository(context),
    promotions: createMemoryPromotionRepository(context),
    shareTracking: createMemoryShareTrackingRepository(context),
    notifications: createMemoryNotificationRepository(context),
    auditLogs: createMemoryAuditLogRepository(context),
    emailLogs: createMemoryEmailLogRepository(context),
    campaignErrors: createMemoryCampaignErrorRepository(context),
    deployments: createMemoryDeploymentRepository(context),
    campaignDeliveries: createMemoryCampaignDeliveryRepository(context),
    credentials: createMemoryCredentialRepository(context),
    registrationTokens: createMemoryRegistrationTokenRepository(context),
    passwordResets: createMemoryPasswordResetRepository(context),
    statements: createMemoryStatementRepository(context),
    giftLinks: createMemoryGiftLinkRepository(context),
    fundraiserPages: createMemoryFundraiserPageRepository(context),
    monthlyGifts: createMemoryMonthlyGiftRepository(context),
  };
}

/** The in-memory data store: every repository, a unit of work with rollback, and the outbox. */
export function createMemoryDataStore(deps: { clock: Clock; ids: IdGenerator }): DataStore {
  let live = new MemoryState();
  // One writer at a time; a unit of work holds the turn from its start to its commit.
  let turn: Promise<unknown> = Promise.resolve();
  const takeTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work, work);
    turn = result.catch(() => undefined);
    return result;
  };

  const liveContext: MemoryContext = {
    state: () => live,
    clock: deps.clock,
    ids: deps.ids,
    exclusive: (change) => takeTurn(async () => change()),
  };

  const outbox: Outbox = {
    async pending(limit) {
      return copy(live.outbox.filter((event) => event.publishedAt === null).slice(0, limit));
    },
    async after(position, limit) {
      return copy(live.outbox.filter((event) => event.position > position).slice(0, limit));
    },
    async markPublished(ids, at) {
      await takeTurn(async () => {
        const wanted = new Set(ids);
        for (const event of live.outbox) if (wanted.has(event.id)) event.publishedAt = at;
      });
    },
    async prune(ids) {
      await takeTurn(async () => {
        const gone = new Set(ids);
        live.outbox = live.outbox.filter((event) => !gone.has(event.id));
      });
    },
    async backlog() {
      const pending = live.outbox.filter((event) => event.publishedAt === null);
      return { count: pending.length, oldestAt: pending[0]?.occurredAt ?? null };
    },
  };

  return {
    repositories: createRepositories(liveContext),
    unitOfWork: {
      run: (work) =>
        takeTurn(async () => {
          const draft = live.clone();
          const context: MemoryContext = {
            state: () => draft,
            clock: deps.clock,
            ids: deps.ids,
            exclusive: async (change) => change(),
          };
          const result = await work(createRepositories(context));
          live = draft;
          return result;
        }),
    },
    outbox,
    rateLimits: createMemoryRateLimitStore(),
    ping: async () => true,
    close: async () => undefined,
  };
}
