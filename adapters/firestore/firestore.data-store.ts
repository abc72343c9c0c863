import { createFirestoreReportingSource } from './reporting.source';
import type { Firestore } from 'firebase-admin/firestore';
import { StoredDomainEvent } from '@causeway/core/events/domain-event';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { DataStore, Outbox, Repositories } from '@causeway/core/ports/unit-of-work.port';
import { createFirestoreAppreciationRepository } from './appreciation.repository';
import { createFirestoreAuditLogRepository } from './audit-log.repository';
import { createFirestoreCampaignDeliveryRepository } from './campaign-delivery.repository';
import { createFirestoreCampaignErrorRepository } from './campaign-error.repository';
import { createFirestoreDeploymentRepository } from './deployment.repository';
import { createFirestoreCampaignRepository } from './campaign.repository';
import { createFirestoreCredentialRepository } from './credential.repository';
import { createFirestoreDemoCampaignRepository } from './demo-campaign.repository';
import { createFirestoreDonationRepository } from './donation.repository';
import { createFirestoreEmailLogRepository } from './email-log.repository';
import { OUTBOX_COLLECTION, type FirestoreContext } from './firestore-context';
import { commitInChunks, runFirestoreUnit, sequenceOutbox } from './firestore-unit';
import { createFirestoreNotificationRepository } from './notification.repository';
import { createFirestoreOrganizationRepository } from './organization.repository';
import { createFirestorePreCampaignRepository } from './pre-campaign.repository';
import { createFirestorePromotionRepository } from './promotion.repository';
import { createFirestorePasswordResetRepository } from './password-reset.repository';
import { createFirestoreGiftLinkRepository } from './gift-link.repository';
import { createFirestoreFundraiserPageRepository } from './fundraiser-page.repository';
import { createFirestoreMonthlyGiftRepository } from './monthly-gift.repository';
import { createFirestoreStatementRepository } from './statement.repository';
import { createFirestoreRegistrationTokenRepository } from './registration-token.repository';
import { createFirestoreSettingsRepository } from './settings.repository';
import { createFirestoreShareTrackingRepository } from './share-tracking.repository';
import { createFirestoreUserRepository } from './user.repository';
import { createFirestoreRateLimitStore } from './rate-limit.store';

function createRepositories(context: FirestoreContext): Repositories {
  return {
    users: createFirestoreUserRepository(context),
    organizations: createFirestoreOrganizationRepository(context),
    settings: createFirestoreSettingsRepository(context),
    preCampaigns: createFirestorePreCampaignRepository(context),
    campaigns: createFirestoreCampaignRepository(context),
    demoCampaigns: createFirestoreDemoCampaignRepository(context),
    donations: createFirestoreDonationRepository(context),
    appreciations: createFirestoreAppreciationRepository(context),
    promotions: createFirestorePromotionRepository(context),
    shareTracking: createFirestoreShareTrackingRepository(context),
    notifications: createFirestoreNotificationRepository(context),
    auditLogs: createFirestoreAuditLogRepository(context),
    emailLogs: createFirestoreEmailLogRepository(context),
    campaignErrors: createFirestoreCampaignErrorRepository(context),
    deployments: createFirestoreDeploymentRepository(context),
    campaignDeliveries: createFirestoreCampaignDeliveryRepository(context),
    credentials: createFirestoreCredentialRepository(context),
    registrationTokens: createFirestoreRegistrationTokenRepository(context),
    passwordResets: createFirestorePasswordResetRepository(context),
    statements: createFirestoreStatementRepository(context),
    giftLinks: createFirestoreGiftLinkRepository(context),
    fundraiserPages: createFirestoreFundraiserPageRepository(context),
    monthlyGifts: createFirestoreMonthlyGiftRepository(context),
  };
}

/**
 * The Firestore data store. A unit of work is a Firestore transaction: its reads are isolated and see its
 * own writes, which are committed at once at the end (atomic, up to Firestore's 500 writes), and a unit
 * that lost a race to another is run again. Events are numbered in the order of their commits when the
 * outbox is read, from a sequence document, so positions grow across every instance.
 */
export function createFirestoreDataStore(firestore: Firestore, deps: { clock: Clock; ids: IdGenerator }): DataStore {
  const base: FirestoreContext = { firestore, clock: deps.clock, ids: deps.ids };
  const outboxCollection = () => firestore.collection(OUTBOX_COLLECTION);
  const toEvent = (data: FirebaseFirestore.DocumentData) => StoredDomainEvent.parse(data);

  const outbox: Outbox = {
    async pending(limit) {
      await sequenceOutbox(firestore);
      // Numbered events only: one committed since the numbering waits for the next read.
      const snapshot = await outboxCollection()
        .where('published', '==', false)
        .where('position', '>=', 0)
        .orderBy('position')
        .limit(limit)
        .get();
      return snapshot.docs.map((doc) => toEvent(doc.data()));
    },
    async after(position, limit) {
      await sequenceOutbox(firestore);
      const snapshot = await outboxCollection().where('position', '>', position).orderBy('position').limit(limit).get();
      return snapshot.docs.map((doc) => toEvent(doc.data()));
    },
    async markPublished(ids, at) {
      // Idempotent, so a long list is written in several commits.
      await commitInChunks(firestore, ids, (batch, id) =>
        batch.update(outboxCollection().doc(id), { publishedAt: at, published: true }),
      );
    },
    async prune(ids) {
      // A batch holds at most 500 writes.
      for (let start = 0; start < ids.length; start += 500) {
        const batch = firestore.batch();
        for (const id of ids.slice(start, start + 500)) batch.delete(outboxCollection().doc(id));
        await batch.commit();
      }
    },
    async backlog() {
      const pending = outboxCollection().where('published', '==', false);
      const [count, oldest] = await Promise.all([pending.count().get(), pending.orderBy('position').limit(1).get()]);
      const first = oldest.docs[0]?.data();
      return { count: count.data().count, oldestAt: first ? String(first.occurredAt) : null };
    },
  };

  const rateLimits = createFirestoreRateLimitStore(firestore);
  return {
    repositories: createRepositories(base),
    unitOfWork: {
      run: (work) => runFirestoreUnit(base, (unit) => work(createRepositories({ ...base, unit }))),
    },
    outbox,
    rateLimits,
    reportingSource: createFirestoreReportingSource(firestore),
    async ping() {
      try {
        // One document read proves the database answers; listing collections needs wider rights.
        await outboxCollection().doc('ping').get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      // Waits for a limiter's last change, a few seconds at most, so shutting down never hangs on it.
      await Promise.race([rateLimits.settled(), new Promise((done) => setTimeout(done, 5_000).unref())]);
      await firestore.terminate();
    },
  };
}
