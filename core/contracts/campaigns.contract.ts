/**
 * HTTP contracts of campaigns: drafts (pre-campaigns) and their wizard, the approval workflow, uploads,
 * demo campaigns and the public campaign page. The API parses with them; the campaigner, admin and donor
 * front ends validate each wizard step with the same schemas.
 */
import { z } from 'zod';
import { NextCursor, PageQuery } from './paging.contract';
import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_LIMITS,
  CAUSE_CATEGORIES,
  TARGET_INTERESTS,
  US_STATE_CODES,
} from '../campaigns/campaign-options';
import { dollarsText } from '../budget/budget.rules';
import { CampaignAdFile, DemoCampaign, OptimizationStrategy, PreCampaign } from '../campaigns/campaign.entity';
import { AgeBand, EducationLevel, Gender, IncomeBand } from '../campaigns/targeting.entity';
import { Id, Timestamp } from '../shared/primitives';
import { DemoCampaignStatus, WorkflowStatus } from '../workflow/workflow.entity';

const L = CAMPAIGN_LIMITS;

export { CAMPAIGN_PATHS, NEW_DRAFT_ID, WIZARD_STEPS, type WizardStepId } from './campaign-screens';

/** A web address people are sent to: http or https only. */
export const WebUrl = z
  .url({ protocol: /^https?$/, message: 'Enter a full web address, like https://example.org.' })
  .max(2048, 'That web address is too long.');

/** A file this platform stores, as the upload answered it (its URL). */
export const StoredFileUrl = z.string().trim().min(1).max(2048);

/** Whole cents within limits, with messages in dollars. */
const cents = (min: number, max: number, what: string) =>
  z
    .number({ error: `Enter the ${what}.` })
    .int('Use whole cents.')
    .min(min, `The ${what} must be at least ${dollarsText(min)}.`)
    .max(max, `The ${what} can be at most ${dollarsText(max)}.`);

const unique = <T extends z.ZodType>(item: T, max: number, tooMany: string) =>
  z
    .array(item)
    .max(max, tooMany)
    .refine((values) => new Set(values).size === values.length, 'Each choice only once.');

/** A chosen state and, optionally, cities in it. */
export const StateChoice = z.object({
  stateCode: z.enum(US_STATE_CODES, { error: 'Choose one of the 50 states.' }),
  cities: z
    .array(z.object({ city: z.string().trim().min(1, 'Enter a city name.').max(200) }))
    .max(L.citiesMax, `Choose at most ${L.citiesMax} cities in a state.`)
    .default([]),
});
export type StateChoice = z.infer<typeof StateChoice>;

/** An uploaded ad file the draft uses: the platform reads its format, size and weight from the stored file. */
export const AdFileRef = z.object({
  path: z.string().trim().min(1).max(1024),
  name: z.string().trim().min(1).max(255),
});
export type AdFileRef = z.infer<typeof AdFileRef>;

/**
 * Every field the wizard writes, each with its own rule. A draft may be saved half-filled: what a field
 * must be before the draft can be submitted (required, after another date, …) is checked by
 * `draftProblems` (core/campaigns/draft-check.ts), step by step.
 */
export const DraftFields = z.object({
  // Basics
  campaignName: z.string().trim().max(L.nameMax, `Keep the name under ${L.nameMax} characters.`),
  campaignTitle: z.string().trim().max(L.titleMax, `Keep the headline under ${L.titleMax} characters.`),
  campaignDescription: z.string().trim().max(L.storyMax, `Keep the story under ${L.storyMax} characters.`),
  campaignTags: unique(
    z.string().trim().min(1, 'A tag cannot be empty.').max(L.tagMax, `Keep each tag under ${L.tagMax} characters.`),
    L.tagsMax,
    `Use at most ${L.tagsMax} tags.`,
  ),
  campaignCategory: z.enum(CAUSE_CATEGORIES, { error: 'Choose one of the causes listed.' }).nullable(),
  campaignChannel: z.enum(CAMPAIGN_CHANNELS, { error: 'Choose display or video ads.' }).nullable(),
  campaignRaiseGoal: cents(L.goalMinCents, L.goalMaxCents, 'fundraising goal'),
  campaignRaiseGoalDeadline: Timestamp.nullable(),
  allowDonations: z.boolean(),
  allowMonthlyGifts: z.boolean({ error: 'Say true or false: whether donors may give monthly.' }),
  // Media
  campaignCoverImage: StoredFileUrl.nullable(),
  campaignCoverVideo: StoredFileUrl.nullable(),
  headerImageDesktop: StoredFileUrl.nullable(),
  headerImageMobile: StoredFileUrl.nullable(),
  headerUrlDesktop: WebUrl.nullable(),
  headerUrlMobile: WebUrl.nullable(),
  footerImageDesktop: StoredFileUrl.nullable(),
  footerImageMobile: StoredFileUrl.nullable(),
  footerUrlDesktop: WebUrl.nullable(),
  footerUrlMobile: WebUrl.nullable(),
  // Targeting
  demographicTargetAge: unique(AgeBand, 7, 'Too many age bands.'),
  demographicTargetIncome: unique(IncomeBand, 7, 'Too many income bands.'),
  demographicTargetGender: unique(Gender, 3, 'Too many genders.'),
  demographicHighestDegreeAttained: unique(EducationLevel, 5, 'Too many education levels.'),
  demographicTargetInterests: unique(z.enum(TARGET_INTERESTS), TARGET_INTERESTS.length, 'Too many interests.'),
  statesAmobee: z
    .array(StateChoice)
    .max(50)
    .refine(
      (states) => new Set(states.map((state) => state.stateCode)).size === states.length,
      'Each state only once.',
    ),
  zips: unique(
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'A ZIP code has five digits.'),
    L.zipsMax,
    `Use at most ${L.zipsMax} ZIP codes.`,
  ),
  // Budget and schedule
  budgetLifetime: cents(L.budgetMinCents, L.budgetMaxCents, 'total budget'),
  /** 0 lets the platform spread the budget evenly over the days. */
  budgetDaily: z.union([z.literal(0), cents(L.dailyMinCents, L.budgetMaxCents, 'daily budget')]),
  budgetTargetCpc: cents(L.cpcMinCents, L.cpcMaxCents, 'target cost per click'),
  budgetOptimizationStrategy: OptimizationStrategy.nullable(),
  startDate: Timestamp.nullable(),
  endDate: Timestamp.nullable(),
  // Ad files
  adFiles: z.array(AdFileRef).max(L.adFilesMax, `Use at most ${L.adFilesMax} ad files.`),
  // Landing page
  landingPageToggle: z.boolean(),
  landingPage: WebUrl.nullable(),
});
export type DraftFields = z.infer<typeof DraftFields>;

export const CreatePreCampaignBody = DraftFields.partial();
export type CreatePreCampaignBody = z.infer<typeof CreatePreCampaignBody>;
export const UpdatePreCampaignBody = DraftFields.partial();
export type UpdatePreCampaignBody = z.infer<typeof UpdatePreCampaignBody>;

/** What the signed-in person may do with a draft, so screens offer only what will work. */
export const DraftPermissions = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** Statuses the person may move the draft to now. */
  moves: z.array(WorkflowStatus),
});
export type DraftPermissions = z.infer<typeof DraftPermissions>;

export const PreCampaignView = z.object({
  preCampaign: PreCampaign,
  permissions: DraftPermissions,
  /** Field → what must change before the draft can be submitted; empty when it is ready. */
  problems: z.record(z.string(), z.string()),
  /** The step each problem belongs to, so the wizard can point at it. */
  problemSteps: z.record(z.string(), z.string()),
});
export type PreCampaignView = z.infer<typeof PreCampaignView>;

export const PRE_CAMPAIGN_LISTS = ['drafts', 'pending', 'pending-publish', 'publishing'] as const;
export const PreCampaignListQuery = z.object({
  list: z.enum(PRE_CAMPAIGN_LISTS, { error: 'Ask for list=drafts, pending, pending-publish or publishing.' }),
  userId: Id.optional(),
  organizationId: Id.optional(),
  ...PageQuery,
});
export type PreCampaignListQuery = z.infer<typeof PreCampaignListQuery>;
export const PreCampaignListResponse = z.object({ preCampaigns: z.array(PreCampaign), nextCursor: NextCursor });

export const WorkflowBody = z.object({
  status: WorkflowStatus,
  comment: z.string().trim().max(2000, 'Keep the comment under 2000 characters.').optional(),
});
export type WorkflowBody = z.infer<typeof WorkflowBody>;

// ── Files ────────────────────────────────────────────────────────────────────────────────────────

export const UPLOAD_PURPOSES = ['cover-image', 'cover-video', 'header-image', 'footer-image', 'ad-file'] as const;
export const UploadPurpose = z.enum(UPLOAD_PURPOSES, {
  error: `Say what the file is for: ${UPLOAD_PURPOSES.join(', ')}.`,
});
export type UploadPurpose = z.infer<typeof UploadPurpose>;

/** The form fields sent with the file of `POST /api/files` (multipart, the file in field `file`). */
export const UploadFields = z.object({
  purpose: UploadPurpose,
  preCampaignId: Id,
});
export type UploadFields = z.infer<typeof UploadFields>;

export const StoredFileView = z.object({
  path: z.string(),
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** For ad files: display or video. */
  typeFormat: z.enum(['display', 'video']).nullable(),
  /** For video: its length in seconds. */
  durationSeconds: z.number().nullable(),
});
export type StoredFileView = z.infer<typeof StoredFileView>;
export const UploadResponse = z.object({ file: StoredFileView });

// ── Demo campaigns ──────────────────────────────────────────────────────────────────────────────

export const CreateDemoCampaignBody = z.object({
  campaignName: z.string().trim().min(1, 'Give the demo campaign a name.').max(200),
  organizationId: Id.nullable().optional(),
});
export type CreateDemoCampaignBody = z.infer<typeof CreateDemoCampaignBody>;
export const DemoCampaignStatusBody = z.object({ status: DemoCampaignStatus });
export const DemoCampaignListQuery = z.object({
  organizationId: Id.optional(),
  status: DemoCampaignStatus.optional(),
});
export const DemoCampaignResponse = z.object({
  demoCampaign: DemoCampaign,
  /** Statuses it may move to next. */
  moves: z.array(DemoCampaignStatus),
});
export const DemoCampaignListResponse = z.object({ demoCampaigns: z.array(DemoCampaign) });

// ── The campaign page ───────────────────────────────────────────────────────────────────────────

/** What the public campaign page shows: the campaign's story and progress, and its organization. */
export const CampaignPage = z.object({
  campaignId: Id,
  /** True for a draft shown to its owner or a reviewer before it is published. */
  preview: z.boolean(),
  name: z.string(),
  title: z.string(),
  story: z.string(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  coverImage: z.string().nullable(),
  coverVideo: z.string().nullable(),
  header: z.object({ desktop: z.string().nullable(), mobile: z.string().nullable(), link: z.string().nullable() }),
  footer: z.object({ desktop: z.string().nullable(), mobile: z.string().nullable(), link: z.string().nullable() }),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donators: z.number().int(),
  deadline: Timestamp.nullable(),
  allowDonations: z.boolean(),
  /** Whether donors may choose to give monthly (besides once). */
  allowMonthlyGifts: z.boolean(),
  /** Where an ad click lands: the landing page, or this page (SPEC §2). */
  clickThroughUrl: z.string(),
  organization: z
    .object({
      organizationId: Id,
      name: z.string(),
      logo: z.string().nullable(),
      website: z.string().nullable(),
      paymentDisclaimer: z.string().nullable(),
      termsAndConditionsLink: z.string().nullable(),
    })
    .nullable(),
  adFiles: z.array(CampaignAdFile),
});
export type CampaignPage = z.infer<typeof CampaignPage>;
export const CampaignPageResponse = z.object({ page: CampaignPage });
