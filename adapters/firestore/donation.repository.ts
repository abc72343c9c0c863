import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { Donation, Donator, DonatorRaw } from '../../core/donations/donation.entity';
import { EventTypes } from '../../core/events/domain-event';
import type { DonationRepository } from '../../core/ports/donation.repository';
import { changeWithFirestoreEvent, isAlreadyExists, type FirestoreContext } from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);
const newestFirst =
  <T extends { id: string }>(time: (item: T) => string) =>
  (a: T, b: T) =>
    time(b).localeCompare(time(a)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * `donator` and `donator_raw` (document id = paymentIntentId, so a payment has one place to be) and
 * `donations` (document id = the donation's id).
 */
export function createFirestoreDonationRepository(context: FirestoreContext): DonationRepository {
  const donators = () => context.firestore.collection('donator');
  const raws = () => context.firestore.collection('donator_raw');
  const donations = () => context.firestore.collection('donations');
  return {
    async recordOnce(record) {
      const donator = Donator.parse(record.donator);
      const donatorRaw = DonatorRaw.parse(record.donatorRaw);
      const donation = Donation.parse(record.donation);
      donator.createdAt = utc(donator.createdAt);
      donator.updatedAt = utc(donator.updatedAt);
      donatorRaw.createdAt = utc(donatorRaw.createdAt);
      donatorRaw.updatedAt = utc(donatorRaw.updatedAt);
      donation.date = utc(donation.date);
      const donatorRef = donators().doc(donator.paymentIntentId);
      if ((await donatorRef.get()).exists) return { recorded: false };
      try {
        return await changeWithFirestoreEvent(
          context,
          (batch) => {
            // create, not set: of concurrent deliveries only one commit succeeds, and the batch of a
            // losing one fails whole, so it leaves neither of the other two documents behind.
            batch.create(donatorRef, donator);
            batch.set(raws().doc(donatorRaw.paymentIntentId), donatorRaw);
            batch.set(donations().doc(donation.id), donation);
            return { recorded: true };
          },
          () => ({
            type: EventTypes.donationRecorded,
            aggregateType: 'donation',
            aggregateId: donation.id,
            payload: { donator, donation },
          }),
        );
      } catch (error) {
        if (isAlreadyExists(error)) return { recorded: false };
        throw error;
      }
    },
    async findByPaymentIntent(paymentIntentId) {
      const own = await donators().doc(paymentIntentId).get();
      if (own.exists) return toDonator(own);
      // Documents of the original product may live under another id.
      const found = await donators().where('paymentIntentId', '==', paymentIntentId).limit(1).get();
      return found.docs[0] ? toDonator(found.docs[0]) : null;
    },
    async listByCampaign(campaignId) {
      // The original product wrote the campaign as campaignId or campaignID.
      const [current, legacy] = await Promise.all([
        donators().where('campaignId', '==', campaignId).get(),
        donators().where('campaignID', '==', campaignId).get(),
      ]);
      const byId = new Map([...legacy.docs, ...current.docs].map((doc) => [doc.id, doc]));
      return [...byId.values()].map(toDonator).sort(newestFirst((donator) => donator.createdAt));
    },
    async listDonationsByUser(userId, since) {
      const from = since === undefined ? undefined : utc(since);
      // Filtered and sorted here: stored dates are ISO strings or Timestamps, which Firestore orders apart.
      const snapshot = await donations().where('user_id', '==', userId).get();
      return snapshot.docs
        .map(toDonation)
        .filter((donation) => from === undefined || donation.date >= from)
        .sort(newestFirst((donation) => donation.date));
    },
    async listDonationsByCampaign(campaignId) {
      const snapshot = await donations().where('campaign_id', '==', campaignId).get();
      return snapshot.docs.map(toDonation).sort(newestFirst((donation) => donation.date));
    },
  };
}

function toDonator(snapshot: DocumentSnapshot): Donator {
  const data = snapshot.data() ?? {};
  const createdAt = instant(data.createdAt) ?? snapshot.createTime?.toDate().toISOString();
  return Donator.parse({
    id: data.id ?? snapshot.id,
    campaignId: data.campaignId ?? data.campaignID,
    paymentIntentId: data.paymentIntentId ?? snapshot.id,
    amount: data.amount,
    createdAt: typeof createdAt === 'string' ? utc(createdAt) : createdAt,
    updatedAt: instant(data.updatedAt) ?? createdAt,
  });
}

function toDonation(snapshot: DocumentSnapshot): Donation {
  const data = snapshot.data() ?? {};
  const date = instant(data.date);
  return Donation.parse({
    ...data,
    id: data.id ?? snapshot.id,
    date: typeof date === 'string' ? utc(date) : date,
  });
}
