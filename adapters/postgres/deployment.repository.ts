import { sql, type Selectable, type Updateable } from 'kysely';
import { Deployment, type DeploymentProgress } from '@causeway/core/deployment/deployment.entity';
import { EventTypes, type PendingEvent } from '@causeway/core/events/domain-event';
import type { DeploymentRepository } from '@causeway/core/ports/deployment.repository';
import { conflict } from '@causeway/core/shared/errors';
import type { DeploymentsTable } from './tables/deployment.tables';
import { changeWithEvent, iso, isoOrNull, type Executor, type PgContext } from './transaction';

const activeTaken = (preCampaignId: string) =>
  conflict(`The campaign ${preCampaignId} is already being set up on the ad platform.`);

/** The event a change of a job writes: queued, progressed (a step or a take-up), or finished. */
export function deploymentEvent(deployment: Deployment, kind: 'queued' | 'progressed'): PendingEvent {
  const finished = deployment.status === 'succeeded' || deployment.status === 'failed';
  return {
    type:
      kind === 'queued'
        ? EventTypes.deploymentQueued
        : finished
          ? EventTypes.deploymentFinished
          : EventTypes.deploymentProgressed,
    aggregateType: 'deployment',
    aggregateId: deployment.id,
    payload: {
      id: deployment.id,
      preCampaignId: deployment.preCampaignId,
      status: deployment.status,
      step: deployment.step,
      errorReportId: deployment.errorReportId,
    },
  };
}

export function createPostgresDeploymentRepository(context: PgContext): DeploymentRepository {
  const { db } = context;
  const findOne = async (executor: Executor, id: string) => {
    const row = await executor.selectFrom('deployments').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toDeployment(row) : null;
  };

  return {
    create(input) {
      const deployment = Deployment.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          // ON CONFLICT covers the id and the one-active-job index alike, without an exception that would
          // abort a surrounding unit of work's transaction.
          const inserted = await trx
            .insertInto('deployments')
            .values(toRow(deployment))
            .onConflict((onConflict) => onConflict.doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) {
            const byId = await findOne(trx, deployment.id);
            if (byId) throw conflict(`A deployment with id ${deployment.id} already exists.`);
            throw activeTaken(deployment.preCampaignId);
          }
          return (await findOne(trx, deployment.id))!;
        },
        (created) => deploymentEvent(created, 'queued'),
      );
    },

    findById: (id) => findOne(db, id),

    async findLatest(preCampaignId) {
      const row = await db
        .selectFrom('deployments')
        .selectAll()
        .where('pre_campaign_id', '=', preCampaignId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toDeployment(row) : null;
    },

    claim(worker, now, leaseUntil) {
      return changeWithEvent(
        context,
        async (trx) => {
          // SKIP LOCKED: concurrent workers each get a different job, or none, without waiting.
          const candidate = await trx
            .selectFrom('deployments')
            .select('id')
            .where((eb) =>
              eb.or([
                eb('status', '=', 'queued'),
                eb.and([eb('status', '=', 'running'), eb('lease_until', '<', new Date(now))]),
              ]),
            )
            .orderBy('created_at')
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (!candidate) return null;
          await trx
            .updateTable('deployments')
            .set({
              status: 'running',
              lease_owner: worker,
              lease_until: leaseUntil,
              attempts: sql<number>`attempts + 1`,
              updated_at: now,
            })
            .where('id', '=', candidate.id)
            .execute();
          return findOne(trx, candidate.id);
        },
        (claimed) => claimed && deploymentEvent(claimed, 'progressed'),
      );
    },

    progress(id, worker, change, options = {}) {
      const finished = change.status === 'succeeded' || change.status === 'failed';
      const columns: Updateable<DeploymentsTable> = {
        ...progressColumns(change),
        ...(options.leaseUntil ? { lease_until: options.leaseUntil } : {}),
        // A finished job is nobody's any more.
        ...(finished ? { lease_owner: null, lease_until: null } : {}),
        updated_at: options.at ?? context.clock.now().toISOString(),
      };
      return changeWithEvent(
        context,
        async (trx) => {
          const updated = await trx
            .updateTable('deployments')
            .set(columns)
            .where('id', '=', id)
            .where('lease_owner', '=', worker)
            .where('status', '=', 'running')
            .returning('id')
            .executeTakeFirst();
          return updated ? findOne(trx, id) : null;
        },
        (deployment) => deployment && deploymentEvent(deployment, 'progressed'),
      );
    },

    requeue(id, at) {
      return changeWithEvent(
        context,
        async (trx) => {
          const job = await findOne(trx, id);
          if (!job || job.status !== 'failed') return null;
          // Another job of the same draft is active: this one stays failed.
          const active = await trx
            .selectFrom('deployments')
            .select('id')
            .where('pre_campaign_id', '=', job.preCampaignId)
            .where('status', 'in', ['queued', 'running'])
            .executeTakeFirst();
          if (active) return null;
          const updated = await trx
            .updateTable('deployments')
            .set({ status: 'queued', finished_at: null, updated_at: at, lease_owner: null, lease_until: null })
            .where('id', '=', id)
            .where('status', '=', 'failed')
            .returning('id')
            .executeTakeFirst();
          return updated ? findOne(trx, id) : null;
        },
        (deployment) => deployment && deploymentEvent(deployment, 'queued'),
      );
    },
  };
}

function progressColumns(change: DeploymentProgress): Updateable<DeploymentsTable> {
  return {
    status: change.status,
    step: change.step,
    finished_at: change.finishedAt,
    error_report_id: change.errorReportId,
    last_error: change.lastError,
    advertiser_id: change.advertiserId,
    insertion_order_id: change.insertionOrderId,
    line_item_id: change.lineItemId,
    ad_files: change.adFiles === undefined ? undefined : JSON.stringify(change.adFiles),
  };
}

function toRow(deployment: Deployment) {
  return {
    id: deployment.id,
    pre_campaign_id: deployment.preCampaignId,
    campaign_id: deployment.campaignId,
    status: deployment.status,
    step: deployment.step,
    started_by: deployment.startedBy,
    created_at: deployment.createdAt,
    updated_at: deployment.updatedAt,
    finished_at: deployment.finishedAt,
    attempts: deployment.attempts,
    error_report_id: deployment.errorReportId,
    last_error: deployment.lastError,
    advertiser_id: deployment.advertiserId,
    insertion_order_id: deployment.insertionOrderId,
    line_item_id: deployment.lineItemId,
    ad_files: JSON.stringify(deployment.adFiles),
    lease_owner: deployment.leaseOwner,
    lease_until: deployment.leaseUntil,
  };
}

function toDeployment(row: Selectable<DeploymentsTable>): Deployment {
  return Deployment.parse({
    id: row.id,
    preCampaignId: row.pre_campaign_id,
    campaignId: row.campaign_id,
    status: row.status,
    step: row.step,
    startedBy: row.started_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    finishedAt: isoOrNull(row.finished_at),
    attempts: row.attempts,
    errorReportId: row.error_report_id,
    lastError: row.last_error,
    advertiserId: row.advertiser_id,
    insertionOrderId: row.insertion_order_id,
    lineItemId: row.line_item_id,
    adFiles: row.ad_files,
    leaseOwner: row.lease_owner,
    leaseUntil: isoOrNull(row.lease_until),
  });
}
