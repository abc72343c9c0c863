import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';

/** Pre-campaign workflow statuses (SPEC §4). A draft may also carry an empty or null status, read as New. */
export const WorkflowStatus = z.enum(['New', 'Pending', 'Approved', 'Published', 'Canceled']);
export type WorkflowStatus = z.infer<typeof WorkflowStatus>;

/** As stored: one of the statuses, or '' / null for a fresh draft. */
export const StoredWorkflowStatus = z.union([WorkflowStatus, z.literal('')]).nullable();
export type StoredWorkflowStatus = z.infer<typeof StoredWorkflowStatus>;

export const WorkflowComment = z.object({
  comment: z.string().max(5000),
  createdAt: Timestamp,
  createdBy: Id,
});
export type WorkflowComment = z.infer<typeof WorkflowComment>;

/** One step of a pre-campaign's history. */
export const WorkflowEntry = z.object({
  workflowId: Id,
  status: WorkflowStatus,
  statusDate: Timestamp,
  statusUser: Id,
  comments: z.array(WorkflowComment).default([]),
});
export type WorkflowEntry = z.infer<typeof WorkflowEntry>;

/** Demo campaign statuses (SPEC §4). */
export const DemoCampaignStatus = z.enum(['Draft', 'Pending', 'Approved', 'Published', 'Canceled', 'Rejected']);
export type DemoCampaignStatus = z.infer<typeof DemoCampaignStatus>;
