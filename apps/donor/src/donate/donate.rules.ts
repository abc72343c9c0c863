import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { DonationFrequency } from '@causeway/core/contracts/payments.contract';
import { centsFromDollars, donationAmountProblem } from '@causeway/core/donations/donation.rules';

export { DEFAULT_AMOUNT, PRESET_AMOUNTS } from '@causeway/core/donations/donation.rules';

/**
 * The promoter a visitor came with: the shared link's `ref` (a user id or share code), else the
 * `utm_content` that some links carry it in. The server checks it and ignores what names nobody.
 */
export function promoterRefFrom(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const ref = params.get('ref')?.trim() || params.get('utm_content')?.trim();
  return ref ? ref.slice(0, 200) : undefined;
}

/** Who brought a visitor and from which network: what the checkout is told (`ref`, `channel`). */
export interface Attribution {
  ref?: string;
  channel?: string;
}

/** The landing link's promoter and network (`utm_source`, checked by the server); empty when it names neither. */
export function attributionFrom(search: string): Attribution {
  const ref = promoterRefFrom(search);
  const channel = new URLSearchParams(search).get('utm_source')?.trim().slice(0, 40) || undefined;
  return { ...(ref ? { ref } : {}), ...(channel ? { channel } : {}) };
}

/** Where a campaign's attribution is kept for the tab (a canceled checkout comes back without it). */
export const attributionKey = (campaignId: string): string => `causeway.attribution.${campaignId}`;

/**
 * The attribution of a visit: the address's when it names one (kept for the tab), else the one kept
 * from an earlier landing in this tab, else none. Storage that fails (private modes) keeps nothing.
 */
export function rememberedAttribution(
  campaignId: string,
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): Attribution {
  const landed = attributionFrom(search);
  try {
    if (landed.ref || landed.channel) {
      storage?.setItem(attributionKey(campaignId), JSON.stringify(landed));
      return landed;
    }
    const kept = storage?.getItem(attributionKey(campaignId));
    if (!kept) return {};
    const parsed = JSON.parse(kept) as Record<string, unknown>;
    return {
      ...(typeof parsed.ref === 'string' && parsed.ref ? { ref: parsed.ref.slice(0, 200) } : {}),
      ...(typeof parsed.channel === 'string' && parsed.channel ? { channel: parsed.channel.slice(0, 40) } : {}),
    };
  } catch {
    return landed;
  }
}

export type AmountChoice = { kind: 'preset'; cents: number } | { kind: 'custom'; text: string };

/** The amount in cents, or why it cannot be given: the API's own rule (its DonationAmount) checks it. */
export function amountOf(choice: AmountChoice): { cents: number } | { problem: string } {
  if (choice.kind === 'preset') return { cents: choice.cents };
  if (choice.text.trim() === '') return { problem: 'Enter an amount to give.' };
  const cents = centsFromDollars(choice.text);
  if (cents === null) return { problem: 'Enter an amount in dollars, like 25 or 25.50.' };
  const problem = donationAmountProblem(cents);
  return problem === null ? { cents } : { problem };
}

/** Whole seconds left until `until` (ms since the epoch), never below 0. */
export const secondsLeft = (until: number, now: number): number => Math.max(0, Math.ceil((until - now) / 1000));

/** The donate button's words while the server asks the donor to wait. */
export function waitLabel(seconds: number): string {
  if (seconds >= 90) return `Try again in ${Math.ceil(seconds / 60)} minutes`;
  return `Try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Whether a refused checkout asks for the bot check (a 400 naming `botCheck`). */
export const asksForBotCheck = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { status?: unknown }).status === 400 &&
  typeof (error as { fields?: Record<string, unknown> }).fields?.botCheck === 'string';

/** The choices of how often to give, as the toggle shows them; once is chosen when the panel opens. */
export const FREQUENCY_OPTIONS: readonly { value: DonationFrequency; label: string }[] = [
  { value: 'once', label: 'Once' },
  { value: 'monthly', label: 'Monthly' },
];

/** How often the gift is given: monthly only when the donor chose it and the campaign takes monthly gifts. */
export const frequencyOf = (chosen: unknown, allowMonthlyGifts: boolean): DonationFrequency =>
  chosen === 'monthly' && allowMonthlyGifts ? 'monthly' : 'once';

/** The donate button's words for what is charged (whole dollars without cents): "Give $25 monthly". */
export function donateLabel(totalCents: number | null, frequency: DonationFrequency): string {
  if (totalCents === null) return frequency === 'monthly' ? 'Give monthly' : 'Donate';
  if (frequency === 'once') return `Donate ${formatUsd(totalCents)}`;
  return `Give ${formatUsd(totalCents).replace(/\.00$/, '')} monthly`;
}

/** What a monthly gift means, said next to the button. */
export const MONTHLY_NOTE =
  'Charged each month until you stop it. You can stop it any time from the link in your receipt.';
