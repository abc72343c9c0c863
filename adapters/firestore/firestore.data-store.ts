import type { Firestore } from 'firebase-admin/firestore';
import { StoredDomainEvent } from '../../core/events/domain-event';
import type { Clock } from '../../core/ports/clock.port';
import type { IdGenerator } from '../../core/ports/id-generator.port';
import type { DataStore, Outbox, Repositories } from '../../core/ports/unit-of-work.port';
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
import { createFirestoreNotificationRepository } from './notification.repository';
import { createFirestoreOrganizationRepository } from './organization.repository';
import { createFirestorePreCampaignRepository } from './pre-campaign.repository';
import { createFirestorePromotionRepository } from './promotion.repository';
import { createFirestoreRegistrationTokenRepository } from './registration-token.repository';
import { createFirestoreSettingsRepository } from './settings.repository';
import { createFirestoreShareTrackingRepository } from './share-tracking.repository';
import { createFirestoreUserRepository } from './user.repository';

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
  };
}

/**
 * The Firestore data store. A unit of work collects every write in one batch committed at the end
 * (atomic, up to Firestore's 500 writes); its reads see committed data, not its own pending writes.
 */
export function createFirestoreDataStore(firestore: Firestore, deps: { clock: Clock; ids: IdGenerator }): DataStore {
  let last = 0;
  // Millisecond time scaled, kept strictly increasing within this process.
  const nextPosition = () => {
    last = Math.max(last + 1, deps.clock.now().getTime() * 1000);
    return last;
  };
  const base: FirestoreContext = { firestore, clock: deps.clock, ids: deps.ids, nextPosition };
  const outboxCollection = () => firestore.collection(OUTBOX_COLLECTION);
  const toEvent = (data: FirebaseFirestore.DocumentData) => StoredDomainEvent.parse(data);

  const outbox: Outbox = {
    async pending(limit) {
      const snapshot = await outboxCollection().where('published', '==', false).orderBy('position').limit(limit).get();
      return snapshot.docs.map((doc) => toEvent(doc.data()));
    },
    async after(position, limit) {
      const snapshot = await outboxCollection().where('position', '>', position).orderBy('position').limit(limit).get();
      return snapshot.docs.map((doc) => toEvent(doc.data()));
    },
    async markPublished(ids, at) {
      const batch = firestore.batch();
      for (const id of ids) batch.update(outboxCollection().doc(id), { publishedAt: at, published: true });
      if (ids.length > 0) await batch.commit();
    },
  };

  return {
    repositories: createRepositories(base),
    unitOfWork: {
      async run(work) {
        const batch = firestore.batch();
        const result = await work(createRepositories({ ...base, batch }));
        await batch.commit();
        return result;
      },
    },
    outbox,
    async ping() {
      try {
        // One document read proves the database answers; listing collections needs wider rights.
        await outboxCollection().doc('ping').get();
        return true;
      } catch {
        return false;
      }
    },
    close: () => firestore.terminate(),
  };
}
