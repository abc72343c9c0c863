/** HTTP contracts of deployments: a campaign's set-up on the ad platform, step by step (SPEC §4). */
import { z } from 'zod';
import { CampaignErrorReport } from '../deployment/campaign-error.entity';
import { DEPLOYMENT_STEPS, DeploymentStatus } from '../deployment/deployment.entity';
import { Id, Timestamp } from '../shared/primitives';

export const DeploymentView = z.object({
  id: Id,
  preCampaignId: Id,
  campaignId: Id,
  status: DeploymentStatus,
  /** The step running or to run next; with status succeeded, 8. */
  step: z.number().int(),
  of: z.literal(DEPLOYMENT_STEPS),
  stepName: z.string(),
  /** Steps finished: 8 once succeeded. */
  done: z.number().int(),
  attempts: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  finishedAt: Timestamp.nullable(),
  lastError: z.string().nullable(),
  /** The stored error report of a failed step (SPEC §4), with its id. */
  errorReport: CampaignErrorReport.nullable(),
  insertionOrderId: z.string().nullable(),
  lineItemId: z.string().nullable(),
  creatives: z.number().int(),
  ads: z.number().int(),
  /** Whether the person asking may resume it now. */
  canResume: z.boolean(),
});
export type DeploymentView = z.infer<typeof DeploymentView>;

export const DeploymentResponse = z.object({ deployment: DeploymentView });
