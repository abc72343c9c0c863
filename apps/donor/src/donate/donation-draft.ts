import { useEffect, useState } from 'react';
import type { DonationFrequency } from '@causeway/core/contracts/payments.contract';
import type { AmountChoice } from './donate.rules';

/** What a donor filled in on a campaign's donation form, kept while the tab lives (checkout and back). */
export type DonationDraft = {
  choice: AmountChoice;
  donorName: string;
  message: string;
  coverFee?: boolean;
  /** How often, as chosen (the panel gives monthly only where the campaign takes it). */
  frequency?: DonationFrequency;
};

const keyOf = (campaignId: string) => `causeway.donation.${campaignId}`;

function isChoice(value: unknown): value is AmountChoice {
  if (typeof value !== 'object' || value === null) return false;
  const choice = value as Record<string, unknown>;
  return (
    (choice.kind === 'preset' && typeof choice.cents === 'number' && Number.isInteger(choice.cents)) ||
    (choice.kind === 'custom' && typeof choice.text === 'string')
  );
}

/** The form as the donor left it on this campaign in this tab, or null (none, or unreadable). */
export function readDonationDraft(campaignId: string): DonationDraft | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(keyOf(campaignId)) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { choice, donorName, message, coverFee, frequency } = stored as Record<string, unknown>;
    if (!isChoice(choice) || typeof donorName !== 'string' || typeof message !== 'string') return null;
    return {
      choice,
      donorName,
      message,
      coverFee: coverFee === true,
      frequency: frequency === 'monthly' ? 'monthly' : 'once',
    };
  } catch {
    // Storage refused (private mode, a full quota) or a value of another shape: start afresh.
    return null;
  }
}

export function writeDonationDraft(campaignId: string, draft: DonationDraft): void {
  try {
    window.sessionStorage.setItem(keyOf(campaignId), JSON.stringify(draft));
  } catch {
    // Without storage the form simply starts afresh after checkout.
  }
}

/** The gift was made: the next visit starts with a fresh form. */
export function forgetDonationDraft(campaignId: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(campaignId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** A donation form's values, kept per campaign for the tab so a trip to checkout and back keeps them. */
export function useDonationDraft(campaignId: string, initial: DonationDraft) {
  const [draft, setDraft] = useState<DonationDraft>(() => readDonationDraft(campaignId) ?? initial);
  useEffect(() => writeDonationDraft(campaignId, draft), [campaignId, draft]);
  return [draft, setDraft] as const;
}
