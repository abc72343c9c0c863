import type { Actor } from '../auth/authorization';
import { authorize, can } from '../auth/authorization';
import type { PreCampaign } from '../campaigns/campaign.entity';
import { draftName, draftTarget } from '../campaigns/pre-campaign.service';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type { DeploymentView } from '../contracts/deployments.contract';
import type { LiveMessage } from '../contracts/people.contract';
import type { NotifyInput } from '../notifications/notification.service';
import { AdPlatformError } from '../ports/ad-platform.port';
import type { CampaignErrorRepository } from '../ports/campaign-error.repository';
import type { Clock } from '../ports/clock.port';
import type { DeploymentRepository } from '../ports/deployment.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { UserRepository } from '../ports/user.repository';
import { conflict, notFound } from '../shared/errors';
import { currentStatusOf } from '../workflow/workflow.rules';
import type { CampaignErrorReport } from './campaign-error.entity';
import { DEPLOYMENT_STEP_FUNCTIONS, StepFailure, type StepPorts } from './deployment-steps';
import {
  DEPLOYMENT_STEP_NAMES,
  DEPLOYMENT_STEPS,
  isActive,
  type Deployment,
  type DeploymentProgress,
} from './deployment.entity';

/** What the service reports for the operators' log; none of it is an error for the caller. */
export type DeploymentLogEvent =
  | { kind: 'userNotFound'; userId: string }
  | { kind: 'stepFailed'; deploymentId: string; step: number; error: unknown }
  | { kind: 'leaseLost'; deploymentId: string; worker: string }
  | { kind: 'notifyFailed'; deploymentId: string; error: unknown };

export type DeploymentServiceDeps = {
  deployments: DeploymentRepository;
  campaignErrors: Pick<CampaignErrorRepository, 'record' | 'findById'>;
  users: Pick<UserRepository, 'findById' | 'list'>;
  steps: Omit<StepPorts, 'now' | 'onUserNotFound' | 'publish'>;
  /** The workflow's move to Published, by the platform. */
  publish: (preCampaignId: string) => Promise<unknown>;
  notify: (input: NotifyInput) => Promise<unknown>;
  /** Live messages to open sessions (not stored). */
  push: (userIds: readonly string[], message: LiveMessage) => Promise<void>;
  clock: Clock;
  ids: IdGenerator;
  /** How long a worker holds a job without news before another may take it up. */
  leaseMs: number;
  /** Tells the worker of this process there is work (so it does not wait for its next look). */
  wake: () => void;
  log: (event: DeploymentLogEvent) => void;
};

export type DeploymentService = ReturnType<typeof deploymentServiceFactory>;

const NOT_FOUND = 'That deployment does not exist.';

/** The vendor's words when the platform refused, else the failure's own message. */
function reasonOf(error: unknown): { message: string; details: Record<string, unknown> } {
  if (error instanceof StepFailure) return { message: error.message, details: error.details };
  if (error instanceof AdPlatformError) {
    return { message: error.message, details: { vendorMessage: error.vendorMessage, status: error.status } };
  }
  return { message: error instanceof Error ? error.message : String(error), details: {} };
}

export function deploymentServiceFactory(deps: DeploymentServiceDeps) {
  const { deployments, campaignErrors, users, clock, ids, leaseMs } = deps;
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs).toISOString();

  const stepPorts: StepPorts = {
    ...deps.steps,
    publish: deps.publish,
    now: () => clock.now(),
    onUserNotFound: (userId) => deps.log({ kind: 'userNotFound', userId }),
  };

  const viewOf = async (
    deployment: Deployment,
    actor: Actor | null,
    draft: PreCampaign | null,
  ): Promise<DeploymentView> => {
    const errorReport: CampaignErrorReport | null = deployment.errorReportId
      ? await campaignErrors.findById(deployment.errorReportId)
      : null;
    const done = deployment.status === 'succeeded' ? DEPLOYMENT_STEPS : deployment.step - 1;
    return {
      id: deployment.id,
      preCampaignId: deployment.preCampaignId,
      campaignId: deployment.campaignId,
      status: deployment.status,
      step: deployment.step,
      of: DEPLOYMENT_STEPS,
      stepName: DEPLOYMENT_STEP_NAMES[deployment.step] ?? '',
      done,
      attempts: deployment.attempts,
      createdAt: deployment.createdAt,
      updatedAt: deployment.updatedAt,
      finishedAt: deployment.finishedAt,
      lastError: deployment.lastError,
      errorReport: deployment.status === 'failed' ? errorReport : null,
      insertionOrderId: deployment.insertionOrderId,
      lineItemId: deployment.lineItemId,
      creatives: deployment.adFiles.filter((file) => file.creativeId).length,
      ads: deployment.adFiles.filter((file) => file.adId).length,
      canResume: deployment.status === 'failed' && actor !== null && draft !== null && mayResume(actor, draft),
    };
  };

  const mayResume = (actor: Actor, draft: PreCampaign) =>
    can(actor, 'deployment.start', draftTarget(draft)) || can(actor, 'deployment.resume', draftTarget(draft));

  /** The owner and the super users: who sees a deployment move. */
  const audienceOf = async (draft: PreCampaign) => [
    draft.userId,
    ...(await users.list({ superUser: true })).map((user) => user.uid),
  ];

  const announceProgress = async (deployment: Deployment, audience: readonly string[]) => {
    await deps.push(audience, {
      type: 'DEPLOYMENT_PROGRESS',
      deployment: {
        id: deployment.id,
        preCampaignId: deployment.preCampaignId,
        status: deployment.status,
        step: deployment.step,
      },
    });
  };

  const announceFailure = async (deployment: Deployment, draft: PreCampaign, reason: string) => {
    const name = draftName(draft);
    const message = `Publishing “${name}” stopped at step ${deployment.step} of ${DEPLOYMENT_STEPS} (${DEPLOYMENT_STEP_NAMES[deployment.step]}): ${reason}`;
    const reviewers = (await users.list({ superUser: true })).map((user) => user.uid);
    const base = {
      notification_type: 'deployment' as const,
      notification_message: message,
      notification_user_id: null,
      notification_campaign_id: draft.id,
      notification_campaign_name: name,
      notification_campaign_amount: draft.budgetLifetime,
      notification_campaign_date: clock.now().toISOString(),
      notification_campaign_status: 'Failed',
    };
    const inputs: NotifyInput[] = [
      { ...base, notification_userTo: draft.userId, notification_url: CAMPAIGN_PATHS.draft(draft.id) },
      ...reviewers
        .filter((uid) => uid !== draft.userId)
        .map((uid) => ({ ...base, notification_userTo: uid, notification_url: CAMPAIGN_PATHS.approval(draft.id) })),
    ];
    await Promise.all(
      inputs.map((input) =>
        deps
          .notify(input)
          .catch((error: unknown) => deps.log({ kind: 'notifyFailed', deploymentId: deployment.id, error })),
      ),
    );
  };

  /** A draft that may be set up now: approved, paid, and not published yet. */
  const checkDeployable = (draft: PreCampaign) => {
    const status = currentStatusOf(draft.workflowstatus);
    if (status === 'Published') throw conflict('This campaign is already published.');
    if (status !== 'Approved') throw conflict(`Only an approved campaign can be published; this one is ${status}.`);
    if (!draft.isPaid) throw conflict('The campaign’s ad budget is not paid yet.');
  };

  const enqueue = async (draft: PreCampaign, startedBy: string): Promise<Deployment> => {
    const latest = await deployments.findLatest(draft.id);
    if (latest && isActive(latest)) return latest;
    if (latest?.status === 'failed') {
      throw conflict('The last attempt stopped with an error report: resume it instead of starting over.');
    }
    const at = clock.now().toISOString();
    const created = await deployments.create({
      id: ids.newId(),
      preCampaignId: draft.id,
      campaignId: draft.campaignUUID,
      status: 'queued',
      step: 1,
      startedBy,
      createdAt: at,
      updatedAt: at,
    });
    deps.wake();
    await announceProgress(created, await audienceOf(draft));
    return created;
  };

  const findDraft = async (preCampaignId: string) => {
    const draft = await deps.steps.preCampaigns.findById(preCampaignId);
    if (!draft || draft.isDeleted) throw notFound('That campaign does not exist.');
    return draft;
  };

  /**
   * Runs a job the worker holds from its step to the end, storing what each step made before the next.
   * A failing step stores its error report (SPEC §4) and stops; a lost lease stops without a word.
   */
  const run = async (claimed: Deployment, worker: string): Promise<Deployment> => {
    let job = claimed;
    const draftNow = await deps.steps.preCampaigns.findById(job.preCampaignId);
    if (!draftNow) throw notFound('That campaign does not exist.');
    const audience = await audienceOf(draftNow);
    await announceProgress(job, audience);

    const save = async (change: DeploymentProgress): Promise<Deployment> => {
      const now = clock.now();
      const saved = await deployments.progress(job.id, worker, change, {
        leaseUntil: leaseFrom(now),
        at: now.toISOString(),
      });
      if (!saved) throw new LeaseLost();
      job = saved;
      return saved;
    };

    try {
      while (true) {
        const step = job.step;
        const draft = (await deps.steps.preCampaigns.findById(job.preCampaignId)) ?? draftNow;
        let made: DeploymentProgress;
        try {
          made = await DEPLOYMENT_STEP_FUNCTIONS[step]!(stepPorts, { job, draft, save });
        } catch (error) {
          if (error instanceof LeaseLost) throw error;
          return await fail(job, worker, draft, step, error, audience);
        }
        if (step === DEPLOYMENT_STEPS) {
          job = await save({ ...made, status: 'succeeded', finishedAt: clock.now().toISOString(), lastError: null });
          await announceProgress(job, audience);
          return job;
        }
        job = await save({ ...made, step: step + 1 });
        await announceProgress(job, audience);
      }
    } catch (error) {
      if (error instanceof LeaseLost) {
        deps.log({ kind: 'leaseLost', deploymentId: job.id, worker });
        return job;
      }
      throw error;
    }
  };

  /** Stores the error report of step `step` and marks the job failed; answers the job as stored. */
  const fail = async (
    job: Deployment,
    worker: string,
    draft: PreCampaign,
    step: number,
    error: unknown,
    audience: readonly string[],
  ): Promise<Deployment> => {
    deps.log({ kind: 'stepFailed', deploymentId: job.id, step, error });
    const reason = reasonOf(error);
    const at = clock.now().toISOString();
    const reportId = await campaignErrors.record({
      id: ids.newId(),
      preCampaignId: job.preCampaignId,
      step,
      update: {
        error: reason.message,
        ...reason.details,
        deploymentId: job.id,
        advertiserId: job.advertiserId,
        insertionOrderId: job.insertionOrderId,
        lineItemId: job.lineItemId,
        creativeIds: job.adFiles.flatMap((file) => (file.creativeId ? [file.creativeId] : [])),
        adIds: job.adFiles.flatMap((file) => (file.adId ? [file.adId] : [])),
      },
      createdAt: at,
    });
    const failed = await deployments.progress(
      job.id,
      worker,
      { status: 'failed', errorReportId: reportId, lastError: reason.message.slice(0, 2000), finishedAt: at },
      { at },
    );
    if (!failed) {
      deps.log({ kind: 'leaseLost', deploymentId: job.id, worker });
      return job;
    }
    await announceProgress(failed, audience);
    await announceFailure(failed, draft, reason.message);
    return failed;
  };

  return {
    /** A super user sets up an approved, paid campaign (also the way to start again after a success is undone). */
    async start(actor: Actor, preCampaignId: string): Promise<DeploymentView> {
      const draft = await findDraft(preCampaignId);
      authorize(actor, 'deployment.start', draftTarget(draft));
      checkDeployable(draft);
      return viewOf(await enqueue(draft, actor.uid), actor, draft);
    },

    /**
     * Once the ad budget is paid: queue the set-up unless one is queued, running or done. Answers the
     * job, or null when the draft is already published.
     */
    async startAfterPayment(preCampaignId: string): Promise<Deployment | null> {
      const draft = await findDraft(preCampaignId);
      if (currentStatusOf(draft.workflowstatus) === 'Published') return null;
      checkDeployable(draft);
      const latest = await deployments.findLatest(draft.id);
      if (latest && (isActive(latest) || latest.status === 'succeeded')) return latest;
      if (latest?.status === 'failed') return latest;
      return enqueue(draft, 'payment');
    },

    async get(actor: Actor, id: string): Promise<DeploymentView> {
      const deployment = await deployments.findById(id);
      if (!deployment) throw notFound(NOT_FOUND);
      const draft = await findDraft(deployment.preCampaignId);
      authorize(actor, 'preCampaign.read', draftTarget(draft));
      return viewOf(deployment, actor, draft);
    },

    /** The draft's newest deployment, or null when it was never started. */
    async latestFor(actor: Actor, preCampaignId: string): Promise<DeploymentView | null> {
      const draft = await findDraft(preCampaignId);
      authorize(actor, 'preCampaign.read', draftTarget(draft));
      const latest = await deployments.findLatest(preCampaignId);
      return latest ? viewOf(latest, actor, draft) : null;
    },

    /** Continues a failed deployment at the step that failed (never making a second of anything). */
    async resume(actor: Actor, id: string): Promise<DeploymentView> {
      const deployment = await deployments.findById(id);
      if (!deployment) throw notFound(NOT_FOUND);
      const draft = await findDraft(deployment.preCampaignId);
      if (!mayResume(actor, draft)) authorize(actor, 'deployment.resume', draftTarget(draft));
      if (deployment.status !== 'failed') {
        throw conflict(
          deployment.status === 'succeeded'
            ? 'This deployment has finished: there is nothing to resume.'
            : 'This deployment is already running.',
        );
      }
      const queued = await deployments.requeue(id, clock.now().toISOString());
      if (!queued) throw conflict('Another deployment of this campaign is already running.');
      deps.wake();
      await announceProgress(queued, await audienceOf(draft));
      return viewOf(queued, actor, draft);
    },

    /** Takes up the next job and runs it; false when there was none. */
    async runNext(worker: string): Promise<boolean> {
      const now = clock.now();
      const claimed = await deployments.claim(worker, now.toISOString(), leaseFrom(now));
      if (!claimed) return false;
      await run(claimed, worker);
      return true;
    },
  };
}

/** The worker no longer holds its job: another took it up after the lease ran out. */
class LeaseLost extends Error {
  constructor() {
    super('The deployment was taken up by another worker.');
    this.name = 'LeaseLost';
  }
}
