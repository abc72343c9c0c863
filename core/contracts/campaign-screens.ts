/**
 * Where the screens of a campaign live and the wizard's steps: plain values, apart from the schemas of
 * campaigns.contract (which re-exports them), so a screen can use them without loading the schemas.
 */
import type { DraftFields } from './campaigns.contract';

/** Where the wizard opens on a campaign not saved yet (`GET /api/pre-campaigns/new` is its blank draft). */
export const NEW_DRAFT_ID = 'new';

/** Where the screens of a campaign live, for links in notifications and e-mails. */
export const CAMPAIGN_PATHS = {
  /** The campaigner's draft, in the wizard. */
  draft: (preCampaignId: string) => `/campaigner/drafts/${preCampaignId}`,
  /** The wizard on a campaign not started yet: the draft is made by its first save. */
  newDraft: () => `/campaigner/drafts/${NEW_DRAFT_ID}`,
  /** The super user's review of a draft. */
  approval: (preCampaignId: string) => `/approvals/${preCampaignId}`,
  /** The public campaign page (SPEC §2). */
  page: (campaignId: string) => `/campaign/${campaignId}/details/`,
  /** The compact donate form an organization shows in a frame on the sites it lists. */
  donateForm: (campaignId: string) => `/campaign/${encodeURIComponent(campaignId)}/donate-form`,
} as const;

/** The script a nonprofit pastes: it adds a Donate button that opens the donate form over their page. */
export const DONATE_BUTTON_SCRIPT_PATH = '/embed/donate-button.js';

/** The wizard's steps, in order, with the fields each one writes. */
export const WIZARD_STEPS = [
  {
    id: 'basics',
    label: 'Basics',
    fields: [
      'campaignName',
      'campaignTitle',
      'campaignDescription',
      'campaignTags',
      'campaignCategory',
      'campaignChannel',
      'campaignRaiseGoal',
      'campaignRaiseGoalDeadline',
      'allowDonations',
      'allowMonthlyGifts',
    ],
  },
  {
    id: 'media',
    label: 'Media',
    fields: [
      'campaignCoverImage',
      'campaignCoverVideo',
      'headerImageDesktop',
      'headerImageMobile',
      'headerUrlDesktop',
      'headerUrlMobile',
      'footerImageDesktop',
      'footerImageMobile',
      'footerUrlDesktop',
      'footerUrlMobile',
    ],
  },
  {
    id: 'targeting',
    label: 'Audience',
    fields: [
      'demographicTargetAge',
      'demographicTargetIncome',
      'demographicTargetGender',
      'demographicHighestDegreeAttained',
      'demographicTargetInterests',
      'statesAmobee',
      'zips',
    ],
  },
  {
    id: 'budget',
    label: 'Budget',
    fields: ['budgetLifetime', 'budgetDaily', 'budgetTargetCpc', 'budgetOptimizationStrategy', 'startDate', 'endDate'],
  },
  { id: 'adFiles', label: 'Ad files', fields: ['adFiles'] },
  { id: 'landingPage', label: 'Landing page', fields: ['landingPageToggle', 'landingPage'] },
] as const satisfies readonly { id: string; label: string; fields: readonly (keyof DraftFields)[] }[];
export type WizardStepId = (typeof WIZARD_STEPS)[number]['id'];
