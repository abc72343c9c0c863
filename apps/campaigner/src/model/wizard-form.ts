import { DraftFields, type UpdatePreCampaignBody } from '@causeway/core/contracts/campaigns.contract';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { dayInputOf, isoOfDayInput } from './dates';
import { dollarsInputOf, parseDollars } from './money';
import type { DraftField } from './wizard-steps';
import { maxLengthsOf } from '@causeway/core/contracts/max-length';

export type StateValue = { stateCode: string; cities: string[] };
export type AdFileValue = { path: string; name: string };

/**
 * The wizard's fields as the form holds them: amounts as the dollars typed, days as date-field text,
 * empty text for "not chosen". `patchOf` turns them into the API's values.
 */
export type WizardValues = {
  campaignName: string;
  campaignTitle: string;
  campaignDescription: string;
  campaignTags: string[];
  campaignCategory: string;
  campaignChannel: string;
  campaignRaiseGoal: string;
  campaignRaiseGoalDeadline: string;
  allowDonations: boolean;
  allowMonthlyGifts: boolean;
  campaignCoverImage: string | null;
  campaignCoverVideo: string | null;
  headerImageDesktop: string | null;
  headerImageMobile: string | null;
  headerUrlDesktop: string;
  headerUrlMobile: string;
  footerImageDesktop: string | null;
  footerImageMobile: string | null;
  footerUrlDesktop: string;
  footerUrlMobile: string;
  demographicTargetAge: string[];
  demographicTargetIncome: string[];
  demographicTargetGender: string[];
  demographicHighestDegreeAttained: string[];
  demographicTargetInterests: string[];
  statesAmobee: StateValue[];
  zips: string[];
  budgetLifetime: string;
  budgetDaily: string;
  budgetTargetCpc: string;
  budgetOptimizationStrategy: string;
  startDate: string;
  endDate: string;
  adFiles: AdFileValue[];
  landingPageToggle: boolean;
  landingPage: string;
};

/** The most characters each text field of a draft takes, as the API parses it (a list's: one item's). */
export const DRAFT_MAX_LENGTH = maxLengthsOf(DraftFields);

/** Field path (`campaignName`, `zips.0`) → what is wrong with it. */
export type FieldErrors = Record<string, string>;

/** One message shown at a field, with the path it is about (`zips.2` is the third ZIP code). */
export type FieldMessage = { path: string; message: string };

/** A stored amount of 0 is "not set yet" for the goal and the total budget: the field starts empty. */
const amountInput = (cents: number) => (cents > 0 ? dollarsInputOf(cents) : '');

/** The form's values of a stored draft. */
export function formOf(draft: PreCampaign): WizardValues {
  return {
    campaignName: draft.campaignName,
    campaignTitle: draft.campaignTitle,
    campaignDescription: draft.campaignDescription,
    campaignTags: [...draft.campaignTags],
    campaignCategory: draft.campaignCategory ?? '',
    campaignChannel: draft.campaignChannel ?? '',
    campaignRaiseGoal: amountInput(draft.campaignRaiseGoal),
    campaignRaiseGoalDeadline: dayInputOf(draft.campaignRaiseGoalDeadline),
    allowDonations: draft.allowDonations,
    allowMonthlyGifts: draft.allowMonthlyGifts,
    campaignCoverImage: draft.campaignCoverImage,
    campaignCoverVideo: draft.campaignCoverVideo,
    headerImageDesktop: draft.headerImageDesktop,
    headerImageMobile: draft.headerImageMobile,
    headerUrlDesktop: draft.headerUrlDesktop ?? '',
    headerUrlMobile: draft.headerUrlMobile ?? '',
    footerImageDesktop: draft.footerImageDesktop,
    footerImageMobile: draft.footerImageMobile,
    footerUrlDesktop: draft.footerUrlDesktop ?? '',
    footerUrlMobile: draft.footerUrlMobile ?? '',
    demographicTargetAge: [...draft.demographicTargetAge],
    demographicTargetIncome: [...draft.demographicTargetIncome],
    demographicTargetGender: [...draft.demographicTargetGender],
    demographicHighestDegreeAttained: [...draft.demographicHighestDegreeAttained],
    demographicTargetInterests: [...draft.demographicTargetInterests],
    statesAmobee: draft.statesAmobee.map((state) => ({
      stateCode: state.stateCode,
      cities: state.cities.map(({ city }) => city),
    })),
    zips: [...draft.zips],
    budgetLifetime: amountInput(draft.budgetLifetime),
    // 0 is a real choice here: the platform spreads the budget evenly.
    budgetDaily: draft.budgetDaily > 0 ? dollarsInputOf(draft.budgetDaily) : '',
    budgetTargetCpc: amountInput(draft.budgetTargetCpc),
    budgetOptimizationStrategy: draft.budgetOptimizationStrategy ?? '',
    startDate: dayInputOf(draft.startDate),
    endDate: dayInputOf(draft.endDate),
    adFiles: draft.adFiles.flatMap((file) => (file.path ? [{ path: file.path, name: file.name }] : [])),
    landingPageToggle: draft.landingPageToggle,
    landingPage: draft.landingPage ?? '',
  };
}

type Converted = { ok: true; value: unknown } | { ok: false; message: string };

const text = (value: string): Converted => ({ ok: true, value: value.trim() === '' ? null : value.trim() });

function dollars(value: string, empty: 'null' | 'zero'): Converted {
  const parsed = parseDollars(value);
  if (!parsed.ok) return parsed;
  // An empty amount goes to the schema as null, which answers with its own "Enter the …" message.
  return { ok: true, value: parsed.cents ?? (empty === 'zero' ? 0 : null) };
}

function day(value: string): Converted {
  const parsed = isoOfDayInput(value);
  return parsed.ok ? { ok: true, value: parsed.iso } : parsed;
}

/** One field's value as the API takes it, or why it cannot be read. */
export function apiValueOf(field: DraftField, values: WizardValues): Converted {
  switch (field) {
    case 'campaignCategory':
    case 'campaignChannel':
    case 'budgetOptimizationStrategy':
      return { ok: true, value: values[field] === '' ? null : values[field] };
    case 'headerUrlDesktop':
    case 'headerUrlMobile':
    case 'footerUrlDesktop':
    case 'footerUrlMobile':
    case 'landingPage':
      return text(values[field]);
    case 'campaignRaiseGoal':
    case 'budgetLifetime':
    case 'budgetTargetCpc':
      return dollars(values[field], 'null');
    case 'budgetDaily':
      return dollars(values[field], 'zero');
    case 'campaignRaiseGoalDeadline':
    case 'startDate':
    case 'endDate':
      return day(values[field]);
    case 'statesAmobee':
      return {
        ok: true,
        value: values.statesAmobee.map((state) => ({
          stateCode: state.stateCode,
          cities: state.cities.map((city) => ({ city })),
        })),
      };
    default:
      return { ok: true, value: values[field] };
  }
}

/**
 * The fields' values as a PATCH body, checked with the very schema the API parses with. Fields that
 * fail stay out of the body and come back in `errors` (path → message), so the rest can still be saved.
 */
export function patchOf(
  values: WizardValues,
  fields: readonly DraftField[],
): { patch: UpdatePreCampaignBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const converted = apiValueOf(field, values);
    if (converted.ok) body[field] = converted.value;
    else errors[field] = converted.message;
  }
  const checked = Object.keys(body) as DraftField[];
  if (checked.length > 0) {
    const mask = Object.fromEntries(checked.map((field) => [field, true])) as { [K in DraftField]?: true };
    const result = DraftFields.pick(mask).safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join('.');
        errors[path] ??= issue.message;
      }
    }
  }
  const refused = new Set(Object.keys(errors).map(fieldOfPath));
  const patch = Object.fromEntries(Object.entries(body).filter(([field]) => !refused.has(field)));
  return { patch: patch as UpdatePreCampaignBody, errors };
}

/** The field a path belongs to: `zips.0` → `zips`. */
export const fieldOfPath = (path: string): string => path.split('.')[0] ?? path;

/** The errors of one field: its own, then its items' (`zips.2`) in order. */
export function errorsOfField(errors: FieldErrors, field: string): FieldMessage[] {
  return Object.entries(errors)
    .filter(([path]) => path === field || path.startsWith(`${field}.`))
    .map(([path, message]) => ({ path, message }));
}

/** The index of a list item a path names (`zips.2` → 2), else null. */
export function itemIndexOf(path: string): number | null {
  const index = Number(path.split('.')[1]);
  return Number.isInteger(index) ? index : null;
}

/** Whether two form values are the same (the values are plain data). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
