import type { DonationRepository } from '@causeway/core/ports/donation.repository';
import { invalid } from '@causeway/core/shared/errors';

type BatchMethods = 'keepRawEvents' | 'markRawEventsProcessed' | 'recordMany' | 'findCheckouts';

/**
 * The batch methods of the donation repository, one event or payment after another through the single
 * ones, for stores without a cheaper way: same answers, one write each. Inside a unit of work the
 * writes of recordMany are that unit's (kept or dropped together).
 */
export function withOneByOneBatches(repository: Omit<DonationRepository, BatchMethods>): DonationRepository {
  return {
    ...repository,
    async keepRawEvents(events) {
      const answers: { kept: boolean }[] = [];
      for (const event of events) answers.push(await repository.keepRawEvent(event));
      return answers;
    },
    async markRawEventsProcessed(eventIds, at) {
      for (const eventId of new Set(eventIds)) await repository.markRawEventProcessed(eventId, { at, error: null });
    },
    async recordMany(records) {
      const payments = new Set(records.map((record) => record.donator.paymentIntentId));
      if (payments.size !== records.length) throw invalid('A batch of donations names each payment once.');
      const outcomes = [];
      for (const record of records) outcomes.push(await repository.recordOnce(record));
      return outcomes;
    },
    async findCheckouts(sessionIds) {
      const found = await Promise.all([...new Set(sessionIds)].map((sessionId) => repository.findCheckout(sessionId)));
      return found.filter((checkout) => checkout !== null);
    },
  };
}
