import { z } from 'zod';
import { Id, Timestamp, patchOf } from '../shared/primitives';
import { DEPLOYMENT_STEPS } from './campaign-error.entity';

export { DEPLOYMENT_STEPS };

/** queued → running → succeeded, or → failed (with its error report) → queued again on resume. */
export const DeploymentStatus = z.enum(['queued', 'running', 'failed', 'succeeded']);
export type DeploymentStatus = z.infer<typeof DeploymentStatus>;

/** The steps of SPEC §4, by number, in words for the screens. */
export const DEPLOYMENT_STEP_NAMES: Record<number, string> = {
  1: 'Load the profile and organization',
  2: 'Create the insertion order',
  3: 'Create the line item',
  4: 'Save the campaign',
  5: 'Create the share counters and link the draft',
  6: 'Create the creatives',
  7: 'Create the ads',
  8: 'Start delivery and publish',
};

/** One ad file on its way to the platform: its asset, then its creative, then its ad. */
export const DeployedAdFile = z.object({
  path: z.string(),
  name: z.string(),
  creativeAssetKey: z.string().nullable().default(null),
  adSizeId: z.string().nullable().default(null),
  creativeId: z.string().nullable().default(null),
  adId: z.string().nullable().default(null),
});
export type DeployedAdFile = z.infer<typeof DeployedAdFile>;

/**
 * A durable deployment job (`deployments`). Each external id is stored before the next step runs, so a
 * resumed job continues where it stopped and never makes a second object on the platform.
 */
export const Deployment = z.object({
  id: Id,
  preCampaignId: Id,
  /** The live campaign's id (the draft's campaignUUID): also the insertion order's external id. */
  campaignId: Id,
  status: DeploymentStatus,
  /** The step running, or to run next; with status succeeded, the last step done. */
  step: z.number().int().min(1).max(DEPLOYMENT_STEPS),
  startedBy: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  finishedAt: Timestamp.nullable().default(null),
  /** How many times a worker took the job up. */
  attempts: z.number().int().nonnegative().default(0),
  errorReportId: Id.nullable().default(null),
  lastError: z.string().max(2000).nullable().default(null),
  advertiserId: z.string().nullable().default(null),
  insertionOrderId: z.string().nullable().default(null),
  lineItemId: z.string().nullable().default(null),
  adFiles: z.array(DeployedAdFile).default([]),
  /** The worker holding the job, until when; another takes it up once the lease has run out. */
  leaseOwner: z.string().nullable().default(null),
  leaseUntil: Timestamp.nullable().default(null),
});
export type Deployment = z.infer<typeof Deployment>;
export type NewDeployment = z.input<typeof Deployment>;

/** What a worker may change while it holds the job. */
export const DeploymentProgress = patchOf(
  Deployment.pick({
    status: true,
    step: true,
    finishedAt: true,
    errorReportId: true,
    lastError: true,
    advertiserId: true,
    insertionOrderId: true,
    lineItemId: true,
    adFiles: true,
  }),
);
export type DeploymentProgress = z.infer<typeof DeploymentProgress>;

export const isActive = (deployment: Pick<Deployment, 'status'>) =>
  deployment.status === 'queued' || deployment.status === 'running';
