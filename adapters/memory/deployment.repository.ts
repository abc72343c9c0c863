import { Deployment, isActive } from '@causeway/core/deployment/deployment.entity';
import type { DeploymentRepository } from '@causeway/core/ports/deployment.repository';
import { conflict } from '@causeway/core/shared/errors';
import { deploymentEvent } from '../postgres/deployment.repository';
import { utc } from './campaign-times';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

const utcOrNull = (value: string | null) => (value === null ? null : utc(value));

/** Instants in UTC, as the relational store gives them back. */
const stored = (deployment: Deployment): Deployment => ({
  ...deployment,
  createdAt: utc(deployment.createdAt),
  updatedAt: utc(deployment.updatedAt),
  finishedAt: utcOrNull(deployment.finishedAt),
  leaseUntil: utcOrNull(deployment.leaseUntil),
});

export function createMemoryDeploymentRepository(context: MemoryContext): DeploymentRepository {
  const table = () => context.state().table<Deployment>('deployments');
  const oldestFirst = (a: Deployment, b: Deployment) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

  return {
    create(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const deployment = stored(Deployment.parse(input));
          if (table().has(deployment.id)) throw conflict(`A deployment with id ${deployment.id} already exists.`);
          const active = [...table().values()].some(
            (other) => other.preCampaignId === deployment.preCampaignId && isActive(other),
          );
          if (active && isActive(deployment)) {
            throw conflict(`The campaign ${deployment.preCampaignId} is already being set up on the ad platform.`);
          }
          table().set(deployment.id, deployment);
          return copy(deployment);
        },
        (created) => deploymentEvent(created, 'queued'),
      );
    },

    async findById(id) {
      const found = table().get(id);
      return found ? copy(found) : null;
    },

    async findLatest(preCampaignId) {
      const [latest] = [...table().values()]
        .filter((deployment) => deployment.preCampaignId === preCampaignId)
        .sort((a, b) => oldestFirst(b, a));
      return latest ? copy(latest) : null;
    },

    claim(worker, now, leaseUntil) {
      return changeWithMemoryEvent(
        context,
        () => {
          const at = utc(now);
          const [candidate] = [...table().values()]
            .filter(
              (deployment) =>
                deployment.status === 'queued' ||
                (deployment.status === 'running' && deployment.leaseUntil !== null && deployment.leaseUntil < at),
            )
            .sort(oldestFirst);
          if (!candidate) return null;
          const claimed = stored({
            ...candidate,
            status: 'running',
            leaseOwner: worker,
            leaseUntil,
            attempts: candidate.attempts + 1,
            updatedAt: now,
          });
          table().set(claimed.id, claimed);
          return copy(claimed);
        },
        (claimed) => claimed && deploymentEvent(claimed, 'progressed'),
      );
    },

    progress(id, worker, change, options = {}) {
      return changeWithMemoryEvent(
        context,
        () => {
          const current = table().get(id);
          if (!current || current.leaseOwner !== worker || current.status !== 'running') return null;
          const supplied = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
          const next = Deployment.parse({ ...current, ...supplied });
          const finished = next.status === 'succeeded' || next.status === 'failed';
          const updated = stored({
            ...next,
            ...(options.leaseUntil ? { leaseUntil: options.leaseUntil } : {}),
            ...(finished ? { leaseOwner: null, leaseUntil: null } : {}),
            updatedAt: options.at ?? context.clock.now().toISOString(),
          });
          table().set(id, updated);
          return copy(updated);
        },
        (deployment) => deployment && deploymentEvent(deployment, 'progressed'),
      );
    },

    requeue(id, at) {
      return changeWithMemoryEvent(
        context,
        () => {
          const current = table().get(id);
          if (!current || current.status !== 'failed') return null;
          const active = [...table().values()].some(
            (other) => other.preCampaignId === current.preCampaignId && isActive(other),
          );
          if (active) return null;
          const queued = stored({
            ...current,
            status: 'queued',
            finishedAt: null,
            leaseOwner: null,
            leaseUntil: null,
            updatedAt: at,
          });
          table().set(id, queued);
          return copy(queued);
        },
        (deployment) => deployment && deploymentEvent(deployment, 'queued'),
      );
    },
  };
}
