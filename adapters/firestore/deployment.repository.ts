import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { Deployment, isActive } from '@causeway/core/deployment/deployment.entity';
import type { PendingEvent } from '@causeway/core/events/domain-event';
import type { DeploymentRepository } from '@causeway/core/ports/deployment.repository';
import { conflict } from '@causeway/core/shared/errors';
import { deploymentEvent } from '../postgres/deployment.repository';
import { definedOnly, toIso, type FirestoreContext, readIn, inUnit, type FirestoreUnit } from './firestore-context';

const toIsoOrNull = (value: unknown) => (value === null || value === undefined ? null : toIso(value));

function fromDocument(snapshot: DocumentSnapshot): Deployment {
  const data: DocumentData = snapshot.data() ?? {};
  return Deployment.parse({
    ...data,
    id: snapshot.id,
    createdAt: toIso(data.createdAt),
    updatedAt: toIso(data.updatedAt),
    finishedAt: toIsoOrNull(data.finishedAt),
    leaseUntil: toIsoOrNull(data.leaseUntil),
  });
}

/**
 * `deployments` collection (ours; the original product ran the steps in one request). Every change
 * reads and writes in a transaction, so two workers never take the same job and a worker that lost
 * its lease writes nothing.
 */
export function createFirestoreDeploymentRepository(context: FirestoreContext): DeploymentRepository {
  const collection = () => context.firestore.collection('deployments');
  const writeEvent = (transaction: FirestoreUnit, pending: PendingEvent) => transaction.addEvent(pending);
  const activeOf = async (transaction: FirestoreUnit, preCampaignId: string) => {
    const snapshot = await transaction.get(collection().where('preCampaignId', '==', preCampaignId));
    return snapshot.docs.map(fromDocument).filter(isActive);
  };

  return {
    async create(input) {
      const deployment = Deployment.parse(input);
      return inUnit(context, async (transaction) => {
        const document = collection().doc(deployment.id);
        if ((await transaction.get(document)).exists) {
          throw conflict(`A deployment with id ${deployment.id} already exists.`);
        }
        if (isActive(deployment) && (await activeOf(transaction, deployment.preCampaignId)).length > 0) {
          throw conflict(`The campaign ${deployment.preCampaignId} is already being set up on the ad platform.`);
        }
        transaction.create(document, { ...deployment });
        writeEvent(transaction, deploymentEvent(deployment, 'queued'));
        return deployment;
      });
    },

    async findById(id) {
      const snapshot = await readIn(context, collection().doc(id));
      return snapshot.exists ? fromDocument(snapshot) : null;
    },

    async findLatest(preCampaignId) {
      // One equality filter needs no composite index; the newest is picked here.
      const snapshot = await readIn(context, collection().where('preCampaignId', '==', preCampaignId));
      const [latest] = snapshot.docs
        .map(fromDocument)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id.localeCompare(a.id)));
      return latest ?? null;
    },

    async claim(worker, now, leaseUntil) {
      return inUnit(context, async (transaction) => {
        const snapshot = await transaction.get(collection().where('status', 'in', ['queued', 'running']));
        const at = new Date(now).getTime();
        const [candidate] = snapshot.docs
          .map(fromDocument)
          .filter(
            (job) => job.status === 'queued' || (job.leaseUntil !== null && new Date(job.leaseUntil).getTime() < at),
          )
          .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id.localeCompare(b.id)));
        if (!candidate) return null;
        const claimed: Deployment = {
          ...candidate,
          status: 'running',
          leaseOwner: worker,
          leaseUntil,
          attempts: candidate.attempts + 1,
          updatedAt: now,
        };
        transaction.set(collection().doc(claimed.id), { ...claimed });
        writeEvent(transaction, deploymentEvent(claimed, 'progressed'));
        return claimed;
      });
    },

    async progress(id, worker, change, options = {}) {
      return inUnit(context, async (transaction) => {
        const snapshot = await transaction.get(collection().doc(id));
        if (!snapshot.exists) return null;
        const current = fromDocument(snapshot);
        if (current.leaseOwner !== worker || current.status !== 'running') return null;
        const next = Deployment.parse({ ...current, ...definedOnly(change) });
        const finished = next.status === 'succeeded' || next.status === 'failed';
        const updated: Deployment = {
          ...next,
          ...(options.leaseUntil ? { leaseUntil: options.leaseUntil } : {}),
          ...(finished ? { leaseOwner: null, leaseUntil: null } : {}),
          updatedAt: options.at ?? context.clock.now().toISOString(),
        };
        transaction.set(collection().doc(id), { ...updated });
        writeEvent(transaction, deploymentEvent(updated, 'progressed'));
        return updated;
      });
    },

    async requeue(id, at) {
      return inUnit(context, async (transaction) => {
        const snapshot = await transaction.get(collection().doc(id));
        if (!snapshot.exists) return null;
        const current = fromDocument(snapshot);
        if (current.status !== 'failed') return null;
        if ((await activeOf(transaction, current.preCampaignId)).length > 0) return null;
        const queued: Deployment = {
          ...current,
          status: 'queued',
          finishedAt: null,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: at,
        };
        transaction.set(collection().doc(id), { ...queued });
        writeEvent(transaction, deploymentEvent(queued, 'queued'));
        return queued;
      });
    },
  };
}
