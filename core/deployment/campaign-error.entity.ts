import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';

export const DEPLOYMENT_STEPS = 8;

/** The error report of a failed deployment step, `createCampaignErrors` collection (SPEC §4). */
export const CampaignErrorReport = z.object({
  id: Id,
  preCampaignId: Id,
  step: z.number().int().min(1).max(DEPLOYMENT_STEPS),
  /** What the failing step was about to write, and the reason it failed. */
  update: z.record(z.string(), z.unknown()),
  createdAt: Timestamp,
});
export type CampaignErrorReport = z.infer<typeof CampaignErrorReport>;
