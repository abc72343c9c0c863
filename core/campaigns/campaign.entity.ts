import { z } from 'zod';
import { FileAddress } from '../shared/file-address';
import { Cents, Id, Timestamp, patchOf } from '../shared/primitives';
import { DemoCampaignStatus, StoredWorkflowStatus, WorkflowEntry } from '../workflow/workflow.entity';
import { AgeBand, EducationLevel, Gender, IncomeBand, StateTarget } from './targeting.entity';

/** The creative asset the ad platform returned for an uploaded ad file. */
export const AmobeeCreativeAsset = z.object({
  adSizeId: z.string().max(64).default(''),
  creativeAssetKey: z.string().max(256).default(''),
});

/** An ad file attached to a campaign. */
export const CampaignAdFile = z.object({
  name: z.string().max(255),
  path: z.string().max(1024).nullable().default(null),
  url: FileAddress.nullable().default(null),
  typeFormat: z.enum(['display', 'video']),
  width: z.number().int().positive().nullable().default(null),
  height: z.number().int().positive().nullable().default(null),
  sizeBytes: z.number().int().nonnegative().nullable().default(null),
  amobeeCreativeAsset: AmobeeCreativeAsset.nullable().default(null),
});
export type CampaignAdFile = z.infer<typeof CampaignAdFile>;

/** Fields shared by live campaigns and their drafts. */
const campaignFields = {
  campaignUUID: Id,
  campaignIDName: z.string().max(200).nullable().default(null),
  userId: Id,
  organizationId: Id.nullable().default(null),
  isPaid: z.boolean().default(false),
  createdAt: Timestamp,
  startDate: Timestamp.nullable().default(null),
  endDate: Timestamp.nullable().default(null),
  campaignName: z.string().max(200).default(''),
  campaignTitle: z.string().max(300).default(''),
  campaignDescription: z.string().max(20000).default(''),
  campaignTags: z.array(z.string().max(50)).default([]),
  /** The cause, one of CAUSE_CATEGORIES (free text in older records). */
  campaignCategory: z.string().max(100).nullable().default(null),
  allowDonations: z.boolean().default(true),
  /** Donors may choose a monthly gift (with donations allowed); on unless the campaigner turns it off. */
  allowMonthlyGifts: z.boolean().default(true),
  budgetLifetime: Cents.default(0),
  budgetDaily: Cents.default(0),
  budgetTargetCpc: Cents.default(100),
  demographicTargetAge: z.array(AgeBand).default([]),
  demographicTargetIncome: z.array(IncomeBand).default([]),
  demographicTargetGender: z.array(Gender).default([]),
  zips: z.array(z.string().max(10)).default([]),
  cities: z.array(z.string().max(200)).default([]),
  statesAmobee: z.array(StateTarget).default([]),
  landingPageLink: z.string().max(2048).nullable().default(null),
  campaignAdsFiles: z.array(CampaignAdFile).default([]),
  campaignCoverImage: FileAddress.nullable().default(null),
  campaignCoverVideo: FileAddress.nullable().default(null),
  campaignRaiseGoal: Cents.default(0),
  campaignRaiseGoalDeadline: Timestamp.nullable().default(null),
  headerImageDesktop: FileAddress.nullable().default(null),
  headerImageMobile: FileAddress.nullable().default(null),
  headerUrlDesktop: z.string().max(2048).nullable().default(null),
  headerUrlMobile: z.string().max(2048).nullable().default(null),
  footerImageDesktop: FileAddress.nullable().default(null),
  footerImageMobile: FileAddress.nullable().default(null),
  footerUrlDesktop: z.string().max(2048).nullable().default(null),
  footerUrlMobile: z.string().max(2048).nullable().default(null),
  spreadsheetId: z.string().max(200).nullable().default(null),
  funds: Cents.default(0),
  campaignRaised: Cents.default(0),
  donators: z.number().int().nonnegative().nullable().default(null),
  promoters: z.array(Id).default([]),
  workflow: z.array(WorkflowEntry).default([]),
  workflowstatus: StoredWorkflowStatus.default(null),
  paymentIntentId: z.string().max(200).nullable().default(null),
  isDeleted: z.boolean().default(false),
  amobeeDeployed: z.boolean().default(false),
  insertionOrderId: z.string().max(64).nullable().default(null),
  lineItemId: z.string().max(64).nullable().default(null),
  creativeIds: z.array(z.string().max(64)).default([]),
  adIds: z.array(z.string().max(64)).default([]),
};

/** A paid, live campaign, `campaigns` collection. */
export const Campaign = z.object(campaignFields);
export type Campaign = z.infer<typeof Campaign>;
export type NewCampaign = z.input<typeof Campaign>;

export const OptimizationStrategy = z.enum(['clicks', 'impressions', 'conversions']);
export type OptimizationStrategy = z.infer<typeof OptimizationStrategy>;

/** A draft before publishing, `preCampaigns` collection: every campaign field and the wizard's own. */
export const PreCampaign = z.object({
  ...campaignFields,
  id: Id,
  campaignChannel: z.string().max(50).nullable().default(null),
  states: z.array(z.string().max(8)).default([]),
  locations: z.array(z.string().max(200)).default([]),
  duplicates: z.array(Id).default([]),
  budgetOptimizationStrategy: OptimizationStrategy.nullable().default(null),
  demographicHighestDegreeAttained: z.array(EducationLevel).default([]),
  demographicTargetInterests: z.array(z.string().max(100)).default([]),
  adFiles: z.array(CampaignAdFile).default([]),
  landingPage: z.string().max(2048).nullable().default(null),
  landingPageToggle: z.boolean().default(false),
});
export type PreCampaign = z.infer<typeof PreCampaign>;
export type NewPreCampaign = z.input<typeof PreCampaign>;

/** Fields a draft update may set; identity, ownership and workflow history change only through their own calls. */
export const PreCampaignPatch = patchOf(
  PreCampaign.omit({
    id: true,
    campaignUUID: true,
    userId: true,
    createdAt: true,
    workflow: true,
  }),
);
export type PreCampaignPatch = z.infer<typeof PreCampaignPatch>;

export const CampaignPatch = patchOf(Campaign.omit({ campaignUUID: true, userId: true, createdAt: true }));
export type CampaignPatch = z.infer<typeof CampaignPatch>;

/** A demo campaign, `demoCampaigns` collection. */
export const DemoCampaign = z.object({
  campaignUUID: Id,
  campaignName: z.string().max(200).default(''),
  organizationId: Id.nullable().default(null),
  workflowstatus: DemoCampaignStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type DemoCampaign = z.infer<typeof DemoCampaign>;
