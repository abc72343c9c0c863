import {
  Donation,
  DonationCheckout,
  Donator,
  DonatorRaw,
  type DonatorRaw as StoredRaw,
} from '@causeway/core/donations/donation.entity';
import { isAfter } from '@causeway/core/shared/paging';
import { refundedDonation } from '@causeway/core/donations/donation.rules';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { DonationRepository } from '@causeway/core/ports/donation.repository';
import { withOneByOneBatches } from '../system/donation-batches';
import type { CampaignStats } from '@causeway/core/reporting/results.entity';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

// Instants are kept as the database gives them back: UTC, milliseconds.
const utc = (value: string): string => new Date(value).toISOString();
const newestFirst =
  <T extends { id: string }>(time: (item: T) => string) =>
  (a: T, b: T) =>
    time(b).localeCompare(time(a)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

interface RefundState {
  paymentIntentId: string;
  refunded: number;
  updatedAt: string;
}

export function createMemoryDonationRepository(context: MemoryContext): DonationRepository {
  // donator is keyed by paymentIntentId, as the unique index keys it in Postgres; donator_raw by event.
  const donators = () => context.state().table<Donator>('donator');
  const raws = () => context.state().table<StoredRaw>('donator_raw');
  const donations = () => context.state().table<Donation>('donations');
  const refunds = () => context.state().table<RefundState>('donation_refunds');
  const checkouts = () => context.state().table<DonationCheckout>('donation_checkouts');
  const donationOf = (paymentIntentId: string) =>
    [...donations().values()].find((donation) => donation.payment_intent_id === paymentIntentId) ?? null;

  return withOneByOneBatches({
    keepRawEvent(input) {
      const event = DonatorRaw.parse(input);
      const stored = { ...event, createdAt: utc(event.createdAt), updatedAt: utc(event.updatedAt) };
      return context.exclusive(() => {
        if (raws().has(stored.eventId)) return { kept: false };
        if ([...raws().values()].some((existing) => existing.id === stored.id)) {
          throw conflict('A raw payment event with this id already exists.');
        }
        raws().set(stored.eventId, stored);
        return { kept: true };
      });
    },

    markRawEventProcessed(eventId, outcome) {
      return context.exclusive(() => {
        const existing = raws().get(eventId);
        if (!existing) return;
        raws().set(
          eventId,
          outcome.error === null
            ? { ...existing, processedAt: utc(outcome.at), updatedAt: utc(outcome.at), error: null }
            : { ...existing, updatedAt: utc(outcome.at), error: outcome.error.slice(0, 2000) },
        );
      });
    },

    async listUnprocessedRawEvents(limit) {
      return [...raws().values()]
        .filter((event) => event.processedAt === null)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map(copy);
    },

    recordOnce(record) {
      const donator = Donator.parse(record.donator);
      const parsed = Donation.parse({ ...record.donation, payment_intent_id: donator.paymentIntentId });
      donator.createdAt = utc(donator.createdAt);
      donator.updatedAt = utc(donator.updatedAt);
      parsed.date = utc(parsed.date);
      return changeWithMemoryEvent(
        context,
        () => {
          if (donators().has(donator.paymentIntentId)) {
            const stored = donationOf(donator.paymentIntentId) ?? parsed;
            return { recorded: false, donation: copy(stored), refundedBeforehand: 0 };
          }
          const taken =
            [...donators().values()].some((existing) => existing.id === donator.id) || donations().has(parsed.id);
          if (taken) throw conflict('A donation record with this id already exists for another payment.');
          const reported = refunds().get(donator.paymentIntentId)?.refunded ?? 0;
          const { donation } = refundedDonation(parsed, reported);
          const { refunded } = donation;
          donators().set(donator.paymentIntentId, donator);
          donations().set(donation.id, donation);
          return { recorded: true, donation: copy(donation), refundedBeforehand: refunded };
        },
        ({ recorded, donation }) =>
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

    async recordRefund(paymentIntentId, refundedCents, at) {
      const { outcome } = await changeWithMemoryEvent(
        context,
        () => {
          const previous = refunds().get(paymentIntentId)?.refunded ?? 0;
          refunds().set(paymentIntentId, {
            paymentIntentId,
            refunded: Math.max(previous, refundedCents),
            updatedAt: utc(at),
          });
          const stored = donationOf(paymentIntentId);
          if (!stored)
            return { outcome: { donation: null, newlyRefunded: 0, becameFullyRefunded: false }, changed: false };
          const { donation, change, feeNewlyRefunded } = refundedDonation(stored, refundedCents);
          if (change.newlyRefunded === 0 && feeNewlyRefunded === 0)
            return {
              outcome: { donation: copy(stored), newlyRefunded: 0, becameFullyRefunded: false },
              changed: false,
            };
          donations().set(donation.id, donation);
          return {
            outcome: {
              donation: copy(donation),
              newlyRefunded: change.newlyRefunded,
              becameFullyRefunded: change.becameFullyRefunded,
            },
            changed: true,
          };
        },
        ({ outcome: { donation, newlyRefunded }, changed }) =>
          donation && changed
            ? {
                type: EventTypes.donationRefunded,
                aggregateType: 'donation',
                aggregateId: donation.id,
                payload: { donation, newlyRefunded },
              }
            : null,
      );
      return outcome;
    },

    async findByPaymentIntent(paymentIntentId) {
      const donator = donators().get(paymentIntentId);
      return donator ? copy(donator) : null;
    },

    async findDonationByPaymentIntent(paymentIntentId) {
      const donation = donationOf(paymentIntentId);
      return donation ? copy(donation) : null;
    },

    async findDonationBySession(sessionId) {
      const found = [...donations().values()]
        .filter((donation) => donation.session_id === sessionId)
        .sort(newestFirst((donation) => donation.date))[0];
      return found ? copy(found) : null;
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

    async listDonationsByEmail(email, page) {
      const lowered = email.trim().toLowerCase();
      return [...donations().values()]
        .filter(
          (donation) =>
            donation.donor_email === lowered && isAfter({ at: donation.date, id: donation.id }, page?.after),
        )
        .sort(newestFirst((donation) => donation.date))
        .slice(0, page?.limit)
        .map(copy);
    },

    async listDonationsByDonor(donorId, page) {
      return [...donations().values()]
        .filter(
          (donation) => donation.donor_id === donorId && isAfter({ at: donation.date, id: donation.id }, page?.after),
        )
        .sort(newestFirst((donation) => donation.date))
        .slice(0, page?.limit)
        .map(copy);
    },

    async listDonationsByCampaign(campaignId) {
      return [...donations().values()]
        .filter((donation) => donation.campaign_id === campaignId)
        .sort(newestFirst((donation) => donation.date))
        .map(copy);
    },

    async campaignStats(campaignId): Promise<CampaignStats> {
      const ofCampaign = [...donations().values()].filter((donation) => donation.campaign_id === campaignId);
      return {
        count: ofCampaign.filter((donation) => donation.refunded < donation.amount).length,
        totalRaised: ofCampaign.reduce((sum, donation) => sum + donation.amount - donation.refunded, 0),
        totalPromoters: new Set(ofCampaign.flatMap((donation) => (donation.user_id ? [donation.user_id] : []))).size,
      };
    },

    saveCheckout(input) {
      const checkout = DonationCheckout.parse(input);
      checkout.createdAt = utc(checkout.createdAt);
      return changeWithMemoryEvent(
        context,
        () => {
          if (checkouts().has(checkout.sessionId)) return false;
          checkouts().set(checkout.sessionId, checkout);
          return true;
        },
        (saved) =>
          saved
            ? {
                type: EventTypes.donationCheckoutOpened,
                aggregateType: 'donation',
                aggregateId: checkout.sessionId,
                payload: { checkout },
              }
            : null,
      ).then(() => undefined);
    },

    async findCheckout(sessionId) {
      const checkout = checkouts().get(sessionId);
      return checkout ? copy(checkout) : null;
    },
  });
}
