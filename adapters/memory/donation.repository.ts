import { Donation, Donator, DonatorRaw } from '../../core/donations/donation.entity';
import { EventTypes } from '../../core/events/domain-event';
import { conflict } from '../../core/shared/errors';
import type { DonationRepository } from '../../core/ports/donation.repository';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

// Instants are kept as the database gives them back: UTC, milliseconds.
const utc = (value: string): string => new Date(value).toISOString();
const newestFirst =
  <T extends { id: string }>(time: (item: T) => string) =>
  (a: T, b: T) =>
    time(b).localeCompare(time(a)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createMemoryDonationRepository(context: MemoryContext): DonationRepository {
  // donator and donator_raw are keyed by paymentIntentId, as the unique index keys them in Postgres.
  const donators = () => context.state().table<Donator>('donator');
  const raws = () => context.state().table<DonatorRaw>('donator_raw');
  const donations = () => context.state().table<Donation>('donations');
  return {
    recordOnce(record) {
      const donator = Donator.parse(record.donator);
      const donatorRaw = DonatorRaw.parse(record.donatorRaw);
      const donation = Donation.parse(record.donation);
      donator.createdAt = utc(donator.createdAt);
      donator.updatedAt = utc(donator.updatedAt);
      donatorRaw.createdAt = utc(donatorRaw.createdAt);
      donatorRaw.updatedAt = utc(donatorRaw.updatedAt);
      donation.date = utc(donation.date);
      return changeWithMemoryEvent(
        context,
        () => {
          if (donators().has(donator.paymentIntentId)) return { recorded: false };
          const taken =
            [...donators().values()].some((existing) => existing.id === donator.id) ||
            [...raws().values()].some((existing) => existing.id === donatorRaw.id) ||
            donations().has(donation.id);
          if (taken) throw conflict('A donation record with this id already exists for another payment.');
          donators().set(donator.paymentIntentId, donator);
          raws().set(donatorRaw.paymentIntentId, donatorRaw);
          donations().set(donation.id, donation);
          return { recorded: true };
        },
        ({ recorded }) =>
          recorded
            ? {
                type: EventTypes.donationRecorded,
                aggregateType: 'donation',
                aggregateId: donation.id,
                payload: { donator, donation },
              }
            : null,
      );
    },
    async findByPaymentIntent(paymentIntentId) {
      const donator = donators().get(paymentIntentId);
      return donator ? copy(donator) : null;
    },
    async listByCampaign(campaignId) {
      return [...donators().values()]
        .filter((donator) => donator.campaignId === campaignId)
        .sort(newestFirst((donator) => donator.createdAt))
        .map(copy);
    },
    async listDonationsByUser(userId, since) {
      const from = since === undefined ? undefined : utc(since);
      return [...donations().values()]
        .filter((donation) => donation.user_id === userId && (from === undefined || donation.date >= from))
        .sort(newestFirst((donation) => donation.date))
        .map(copy);
    },
    async listDonationsByCampaign(campaignId) {
      return [...donations().values()]
        .filter((donation) => donation.campaign_id === campaignId)
        .sort(newestFirst((donation) => donation.date))
        .map(copy);
    },
  };
}
