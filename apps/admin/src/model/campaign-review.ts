import {
  adSpendCents,
  AD_BUDGET_SHARE,
  daysBetween,
  evenDailyBudgetCents,
  formatUsd,
} from '@causeway/core/budget/budget.rules';
import { US_STATES } from '@causeway/core/campaigns/campaign-options';
import type { CampaignAdFile, PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { IAB_DISPLAY_SIZES, sizeText, VIDEO_AD_RULES } from '@causeway/core/campaigns/upload.rules';

/** Cents as people read them: "$1,234.50". */
export const money = formatUsd;

/** An ad file as the reviewer checks it: its IAB size, its pixels and its weight against the size's limit. */
export interface AdFileFacts {
  /** "Medium rectangle", "Video", or "Non-standard size". */
  sizeName: string;
  /** "300 × 250" pixels, or null when unknown. */
  dimensions: string | null;
  /** "12 KB", or null when unknown. */
  weight: string | null;
  /** "150 KB" for a display size, "10 MB" for video. */
  limit: string | null;
  overLimit: boolean;
}

export function adFileFacts(file: Pick<CampaignAdFile, 'typeFormat' | 'width' | 'height' | 'sizeBytes'>): AdFileFacts {
  const dimensions = file.width !== null && file.height !== null ? `${file.width} × ${file.height}` : null;
  const weight = file.sizeBytes === null ? null : sizeText(file.sizeBytes);
  if (file.typeFormat === 'video') {
    return {
      sizeName: 'Video',
      dimensions,
      weight,
      limit: sizeText(VIDEO_AD_RULES.maxBytes),
      overLimit: file.sizeBytes !== null && file.sizeBytes > VIDEO_AD_RULES.maxBytes,
    };
  }
  const size = IAB_DISPLAY_SIZES.find(
    (candidate) => candidate.width === file.width && candidate.height === file.height,
  );
  if (!size) return { sizeName: 'Non-standard size', dimensions, weight, limit: null, overLimit: false };
  return {
    sizeName: size.name,
    dimensions,
    weight,
    limit: `${size.maxKb} KB`,
    overLimit: file.sizeBytes !== null && file.sizeBytes > size.maxKb * 1024,
  };
}

const share = `${Math.round(AD_BUDGET_SHARE * 100)}%`;

export interface BudgetSummary {
  total: string;
  /** "$1,300.00", what buys ads. */
  adSpend: string;
  /** "65%". */
  adShare: string;
  /** "$50.00 a day", or "About $43.33 a day, spread evenly over 30 days". */
  daily: string;
  targetCpc: string;
  optimization: string;
}

const OPTIMIZATION_LABELS: Record<NonNullable<PreCampaign['budgetOptimizationStrategy']>, string> = {
  clicks: 'Clicks',
  impressions: 'Impressions',
  conversions: 'Conversions',
};

export function budgetSummary(
  draft: Pick<
    PreCampaign,
    'budgetLifetime' | 'budgetDaily' | 'budgetTargetCpc' | 'budgetOptimizationStrategy' | 'startDate' | 'endDate'
  >,
): BudgetSummary {
  const days = adDays(draft);
  let daily: string;
  if (draft.budgetDaily > 0) daily = `${money(draft.budgetDaily)} a day`;
  else if (days === null) daily = 'Spread evenly over the days the ads run';
  else
    daily = `About ${money(evenDailyBudgetCents(draft.budgetLifetime, days))} a day, spread evenly over ${plural(days, 'day')}`;
  return {
    total: money(draft.budgetLifetime),
    adSpend: money(adSpendCents(draft.budgetLifetime)),
    adShare: share,
    daily,
    targetCpc: money(draft.budgetTargetCpc),
    optimization:
      draft.budgetOptimizationStrategy === null ? 'Not chosen' : OPTIMIZATION_LABELS[draft.budgetOptimizationStrategy],
  };
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** How many days the ads run, when both dates are set. */
export function adDays(draft: Pick<PreCampaign, 'startDate' | 'endDate'>): number | null {
  if (!draft.startDate || !draft.endDate) return null;
  const start = new Date(draft.startDate);
  const end = new Date(draft.endDate);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) return null;
  return daysBetween(start, end);
}

export const adDaysText = (draft: Pick<PreCampaign, 'startDate' | 'endDate'>) => {
  const days = adDays(draft);
  return days === null ? null : plural(days, 'day');
};

const stateNames = new Map<string, string>(US_STATES.map((state) => [state.code, state.name]));

const GENDER_LABELS: Record<string, string> = { female: 'Women', male: 'Men', none: 'Not stated' };

/** One line of the audience: what it is and whether the campaign narrowed it. */
export interface AudienceLine {
  label: string;
  values: string[];
  /** Shown when the campaign did not narrow this: what the ads reach then. */
  whenEmpty: string;
}

/** Who the ads reach, line by line; an empty choice reaches everyone, and says so (SPEC §5 defaults). */
export function audienceOf(
  draft: Pick<
    PreCampaign,
    | 'demographicTargetAge'
    | 'demographicTargetGender'
    | 'demographicTargetIncome'
    | 'demographicHighestDegreeAttained'
    | 'demographicTargetInterests'
    | 'statesAmobee'
    | 'zips'
  >,
): AudienceLine[] {
  const ages = draft.demographicTargetAge.filter((band) => band !== 'None');
  const incomes = draft.demographicTargetIncome.filter((band) => band !== 'None');
  return [
    {
      label: 'Places',
      values: draft.statesAmobee.map((state) => {
        const name = state.name ?? stateNames.get(state.stateCode) ?? state.stateCode;
        const cities = state.cities.map((city) => city.city).filter(Boolean);
        return cities.length === 0 ? `${name} (whole state)` : `${name}: ${cities.join(', ')}`;
      }),
      whenEmpty: 'All of the United States',
    },
    { label: 'ZIP codes', values: draft.zips, whenEmpty: 'None added' },
    { label: 'Ages', values: ages, whenEmpty: 'Any age' },
    {
      label: 'Genders',
      values: draft.demographicTargetGender.map((gender) => GENDER_LABELS[gender] ?? gender),
      whenEmpty: 'Everyone',
    },
    { label: 'Household income', values: incomes, whenEmpty: 'Any income' },
    {
      label: 'Education',
      values: draft.demographicHighestDegreeAttained.filter((level) => level !== 'any'),
      whenEmpty: 'Any education',
    },
    { label: 'Interests', values: draft.demographicTargetInterests, whenEmpty: 'No interests chosen' },
  ];
}

/** Where an ad click lands: the campaign's own landing page when it turned one on, else its campaign page. */
export function landingOf(
  draft: Pick<PreCampaign, 'landingPageToggle' | 'landingPage' | 'landingPageLink'>,
  campaignPageUrl: string | null,
): { kind: 'landing-page' | 'campaign-page'; url: string | null } {
  const own = draft.landingPageToggle ? (draft.landingPage ?? draft.landingPageLink) : null;
  if (own) return { kind: 'landing-page', url: own };
  return { kind: 'campaign-page', url: campaignPageUrl };
}
