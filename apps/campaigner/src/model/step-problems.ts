import { draftProblems, type Problems } from '@causeway/core/campaigns/draft-check';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { WizardStepId } from '@causeway/core/contracts/campaigns.contract';
import { patchOf, type WizardValues } from './wizard-form';
import { stepOfField, WIZARD_PAGES, type DraftField } from './wizard-steps';

/** Every field the form holds, apart from the ad files (kept with what the platform read of them). */
const FORM_FIELDS = WIZARD_PAGES.flatMap((page) => page.fields).filter((field) => field !== 'adFiles');

/** The draft as it would be with the values on screen (those that can be read as they are). */
export function draftOfValues(draft: PreCampaign, values: WizardValues): PreCampaign {
  return { ...draft, ...patchOf(values, FORM_FIELDS).patch } as PreCampaign;
}

/**
 * What submitting needs of these fields (the same rules and sentences as Review), judged on the values
 * on screen: each step's rules, and how its fields relate to the others (an end after the deadline).
 */
export function stepProblemsOf(
  draft: PreCampaign,
  values: WizardValues,
  fields: Iterable<DraftField>,
  now: Date = new Date(),
): Problems {
  const wanted = new Set(fields);
  const steps = [...new Set([...wanted].flatMap((field) => stepOfField(field) ?? []))] as WizardStepId[];
  if (steps.length === 0) return {};
  const { problems } = draftProblems(draftOfValues(draft, values), now, steps);
  return Object.fromEntries(Object.entries(problems).filter(([field]) => wanted.has(field as DraftField)));
}
