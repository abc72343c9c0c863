import { WIZARD_STEPS, type WizardStepId } from '../contracts/campaign-screens';
import { dollarsText } from '../budget/budget.rules';
import { CAMPAIGN_LIMITS } from './campaign-options';
import type { PreCampaign } from './campaign.entity';

/** Field → what must change. */
export type Problems = Record<string, string>;

const DAY_MS = 86_400_000;
const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';
const time = (value: string | null) => (value === null ? null : new Date(value).getTime());

/** Start of the UTC day of `now`: a campaign may start today. */
const startOfDay = (now: Date) => Math.floor(now.getTime() / DAY_MS) * DAY_MS;

type DraftCheck = (draft: PreCampaign, now: Date) => Problems;

/**
 * What each wizard step needs before the draft can be submitted, beyond each field's own rule
 * (DraftFields): what is required, and how fields relate to each other.
 */
const STEP_CHECKS: Record<WizardStepId, DraftCheck> = {
  basics(draft, now) {
    const problems: Problems = {};
    if (blank(draft.campaignName)) problems.campaignName = 'Give the campaign a name.';
    if (blank(draft.campaignTitle)) problems.campaignTitle = 'Write the headline people see first.';
    if (draft.campaignDescription.trim().length < CAMPAIGN_LIMITS.storyMin) {
      problems.campaignDescription = `Tell the story in at least ${CAMPAIGN_LIMITS.storyMin} characters.`;
    }
    if (draft.campaignCategory === null) problems.campaignCategory = 'Choose the cause the campaign raises money for.';
    if (draft.campaignChannel === null) problems.campaignChannel = 'Choose display or video ads.';
    if (draft.campaignRaiseGoal < CAMPAIGN_LIMITS.goalMinCents) {
      problems.campaignRaiseGoal = `Set a fundraising goal of at least ${dollarsText(CAMPAIGN_LIMITS.goalMinCents)}.`;
    }
    const deadline = time(draft.campaignRaiseGoalDeadline);
    if (deadline === null) problems.campaignRaiseGoalDeadline = 'Choose the date the fundraising ends.';
    else if (deadline <= now.getTime()) problems.campaignRaiseGoalDeadline = 'The deadline must be in the future.';
    return problems;
  },

  media(draft) {
    const problems: Problems = {};
    if (blank(draft.campaignCoverImage)) {
      problems.campaignCoverImage = 'Add a cover image: it heads the campaign page and every shared link.';
    }
    const pairs = [
      ['headerImageDesktop', 'headerUrlDesktop'],
      ['headerImageMobile', 'headerUrlMobile'],
      ['footerImageDesktop', 'footerUrlDesktop'],
      ['footerImageMobile', 'footerUrlMobile'],
    ] as const;
    for (const [image, link] of pairs) {
      if (!blank(draft[link]) && blank(draft[image])) problems[image] = 'Add the image this link belongs to.';
    }
    return problems;
  },

  targeting() {
    // Every audience choice has a default (SPEC §5): nothing is required here.
    return {};
  },

  budget(draft, now) {
    const problems: Problems = {};
    const L = CAMPAIGN_LIMITS;
    if (draft.budgetLifetime < L.budgetMinCents) {
      problems.budgetLifetime = `Set a total ad budget of at least ${dollarsText(L.budgetMinCents)}.`;
    }
    if (draft.budgetDaily > 0 && draft.budgetDaily > draft.budgetLifetime) {
      problems.budgetDaily = 'The daily budget cannot be more than the total budget.';
    }
    if (draft.budgetTargetCpc < L.cpcMinCents || draft.budgetTargetCpc > L.cpcMaxCents) {
      problems.budgetTargetCpc = `Set a target cost per click between ${dollarsText(L.cpcMinCents)} and ${dollarsText(L.cpcMaxCents)}.`;
    }
    if (draft.budgetOptimizationStrategy === null) {
      problems.budgetOptimizationStrategy = 'Choose what the ads should get the most of.';
    }
    const start = time(draft.startDate);
    const end = time(draft.endDate);
    if (start === null) problems.startDate = 'Choose when the ads start.';
    else if (start < startOfDay(now)) problems.startDate = 'The ads cannot start in the past.';
    if (end === null) problems.endDate = 'Choose when the ads end.';
    else if (start !== null && end <= start) problems.endDate = 'The ads must end after they start.';
    const deadline = time(draft.campaignRaiseGoalDeadline);
    if (end !== null && deadline !== null && end > deadline + DAY_MS) {
      problems.endDate = 'The ads should end by the fundraising deadline.';
    }
    return problems;
  },

  adFiles(draft): Problems {
    if (draft.adFiles.length === 0) return { adFiles: 'Upload at least one ad.' };
    const channel = draft.campaignChannel;
    if (channel !== null) {
      const other = draft.adFiles.find((file) => file.typeFormat !== channel);
      if (other) {
        return {
          adFiles: `${other.name} is a ${other.typeFormat} ad, but the campaign runs ${channel} ads. Remove it or change the ad type.`,
        };
      }
    }
    return {};
  },

  landingPage(draft): Problems {
    if (draft.landingPageToggle && blank(draft.landingPage)) {
      return { landingPage: 'Enter the landing page address, or turn the landing page off.' };
    }
    return {};
  },
};

/**
 * What must change before the draft can be submitted, step by step (all steps when none is named),
 * and the step each problem belongs to.
 */
export function draftProblems(
  draft: PreCampaign,
  now: Date,
  steps: readonly WizardStepId[] = WIZARD_STEPS.map((step) => step.id),
): { problems: Problems; problemSteps: Record<string, WizardStepId> } {
  const problems: Problems = {};
  const problemSteps: Record<string, WizardStepId> = {};
  for (const step of steps) {
    for (const [field, message] of Object.entries(STEP_CHECKS[step](draft, now))) {
      problems[field] = message;
      problemSteps[field] = step;
    }
  }
  return { problems, problemSteps };
}
