import { centsFromDollars, DonationAmount } from '../../../../core/contracts/payments.contract';

/** The amounts offered with one click, in cents. */
export const PRESET_AMOUNTS = [1_000, 2_500, 5_000, 10_000] as const;

/** The preset chosen when the panel opens. */
export const DEFAULT_AMOUNT = 2_500;

/**
 * The promoter a visitor came with: the shared link's `ref` (a user id or share code), else the
 * `utm_content` that some links carry it in. The server checks it and ignores what names nobody.
 */
export function promoterRefFrom(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const ref = params.get('ref')?.trim() || params.get('utm_content')?.trim();
  return ref ? ref.slice(0, 200) : undefined;
}

export type AmountChoice = { kind: 'preset'; cents: number } | { kind: 'custom'; text: string };

/** The amount in cents, or why it cannot be given: the API's own rule (DonationAmount) checks it. */
export function amountOf(choice: AmountChoice): { cents: number } | { problem: string } {
  if (choice.kind === 'preset') return { cents: choice.cents };
  if (choice.text.trim() === '') return { problem: 'Enter an amount to give.' };
  const cents = centsFromDollars(choice.text);
  if (cents === null) return { problem: 'Enter an amount in dollars, like 25 or 25.50.' };
  const checked = DonationAmount.safeParse(cents);
  return checked.success ? { cents } : { problem: checked.error.issues[0]?.message ?? 'Check the amount.' };
}
