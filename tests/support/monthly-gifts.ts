import type { MonthlyGift } from '@causeway/core/monthly-gifts/monthly-gift.entity';
import type { MonthlyGiftRepository } from '@causeway/core/ports/monthly-gift.repository';

/** A monthly gift record as the store keeps it: active since `startedAt` unless told otherwise. */
export function monthlyGift(
  subscriptionId: string,
  overrides: Partial<MonthlyGift> & Pick<MonthlyGift, 'campaignId' | 'startedAt'>,
): MonthlyGift {
  return {
    subscriptionId,
    customerId: `cus_${subscriptionId}`,
    organizationId: null,
    donorEmail: null,
    promoterId: null,
    amountCents: 2_500,
    status: 'active',
    paused: false,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    endedAt: null,
    endedReason: null,
    failedInvoiceId: null,
    failedAttempts: 0,
    failureReason: null,
    failedAt: null,
    nextAttemptAt: null,
    failuresMailed: 0,
    reminderSentAt: null,
    endingMailed: false,
    changedAt: overrides.startedAt,
    ...overrides,
  };
}

/** Writes the gift as the store's next state of it (publishing `monthlyGift.changed`). */
export async function writeMonthlyGift(repository: MonthlyGiftRepository, gift: MonthlyGift): Promise<MonthlyGift> {
  const stored = await repository.change(gift.subscriptionId, () => gift);
  if (!stored) throw new Error(`${gift.subscriptionId} was not stored`);
  return stored;
}
