import { Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { pagedQuery } from './paging';
import { Donation, DonationCheckout, Donator, DonatorRaw } from '@causeway/core/donations/donation.entity';
import { refundedDonation, splitDonation } from '@causeway/core/donations/donation.rules';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { DonationRepository } from '@causeway/core/ports/donation.repository';
import { withOneByOneBatches } from '../system/donation-batches';
import { conflict } from '@causeway/core/shared/errors';
import {
  changeWithFirestoreEvent,
  isAlreadyExists,
  type FirestoreContext,
  readIn,
  type FirestoreUnit,
} from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);
const newestFirst =
  <T extends { id: string }>(time: (item: T) => string) =>
  (a: T, b: T) =>
    time(b).localeCompare(time(a)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function withRefund(donation: Donation, refunded: number): Donation {
  const split = splitDonation(donation.amount - refunded, donation.donation_percentage);
  return { ...donation, refunded, organization_share: split.organizationShare, ad_budget_share: split.adBudgetShare };
}

/**
 * Writes a payment's refund document guarded by what was read of it: created when it was missing,
 * updated only if unchanged since. Recording a payment and applying its refund both write it, so when
 * they race one commit fails (and the provider delivers its webhook again) instead of one missing the other.
 */
function guardRefundDocument(
  batch: FirestoreUnit,
  document: DocumentReference,
  read: DocumentSnapshot,
  fields: { refunded: number; updatedAt: string },
): void {
  if (read.exists && read.updateTime) batch.update(document, fields, { lastUpdateTime: read.updateTime });
  else batch.create(document, { paymentIntentId: document.id, ...fields });
}

/**
 * `donator` (document id = paymentIntentId, so a payment has one place to be), `donator_raw` (document
 * id = the provider's event id), `donations` (document id = the donation's id), and ours:
 * `donationRefunds` (id = paymentIntentId) and `donationCheckouts` (id = the checkout session).
 *
 * Inside a unit of work the writes commit together at its end, and a concurrent duplicate fails that
 * commit whole (the donator is created, never set): the caller sees an error and the payment is
 * recorded once, by whichever commit won.
 */
export function createFirestoreDonationRepository(context: FirestoreContext): DonationRepository {
  const donators = () => context.firestore.collection('donator');
  const raws = () => context.firestore.collection('donator_raw');
  const donations = () => context.firestore.collection('donations');
  const refunds = () => context.firestore.collection('donationRefunds');
  const checkouts = () => context.firestore.collection('donationCheckouts');

  /**
   * A payment's donation. Found by a query outside any transaction (a query in a transaction holds the
   * range it read, and every donation recorded meanwhile waits for it), then, inside a unit of work, read
   * again through it by its id. A donation is written only with its payment's refund document, which a
   * unit reads first when it then writes from what it finds: a donation committed after the query cannot
   * commit beside that unit's change.
   */
  const donationOf = async (
    paymentIntentId: string,
  ): Promise<{ donation: Donation; snapshot: DocumentSnapshot } | null> => {
    const found = (await donations().where('payment_intent_id', '==', paymentIntentId).limit(1).get()).docs[0];
    if (!found) return null;
    const snapshot = context.unit ? await context.unit.get(found.ref) : found;
    return snapshot.exists ? { donation: toDonation(snapshot), snapshot } : null;
  };

  return withOneByOneBatches({
    async keepRawEvent(input) {
      const event = DonatorRaw.parse(input);
      const stored = { ...event, createdAt: utc(event.createdAt), updatedAt: utc(event.updatedAt) };
      try {
        await raws().doc(stored.eventId).create(stored);
        return { kept: true };
      } catch (error) {
        if (isAlreadyExists(error)) return { kept: false };
        throw error;
      }
    },

    async markRawEventProcessed(eventId, outcome) {
      const document = raws().doc(eventId);
      if (context.unit) {
        // With the unit of work's other writes: done only if they are.
        const fields =
          outcome.error === null
            ? { processedAt: utc(outcome.at), updatedAt: utc(outcome.at), error: null }
            : { updatedAt: utc(outcome.at), error: outcome.error.slice(0, 2000) };
        context.unit.set(document, fields, { merge: true });
        return;
      }
      if (!(await readIn(context, document)).exists) return;
      await document.update(
        outcome.error === null
          ? { processedAt: utc(outcome.at), updatedAt: utc(outcome.at), error: null }
          : { updatedAt: utc(outcome.at), error: outcome.error.slice(0, 2000) },
      );
    },

    async listUnprocessedRawEvents(limit) {
      const snapshot = await readIn(context, raws().where('processedAt', '==', null));
      return snapshot.docs
        .map((doc) => DonatorRaw.parse(doc.data()))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },

    async recordOnce(record) {
      const donator = Donator.parse(record.donator);
      const parsed = Donation.parse({ ...record.donation, payment_intent_id: donator.paymentIntentId });
      donator.createdAt = utc(donator.createdAt);
      donator.updatedAt = utc(donator.updatedAt);
      parsed.date = utc(parsed.date);
      const donatorRef = donators().doc(donator.paymentIntentId);
      const earlier = async () => ({
        recorded: false,
        donation: (await donationOf(donator.paymentIntentId))?.donation ?? parsed,
        refundedBeforehand: 0,
      });
      if ((await readIn(context, donatorRef)).exists) return earlier();
      if ((await readIn(context, donations().doc(parsed.id))).exists) throw idTaken();
      const refundRef = refunds().doc(donator.paymentIntentId);
      const refundRead = await readIn(context, refundRef);
      const reported = Number(refundRead.data()?.refunded ?? 0);
      const { donation } = refundedDonation(parsed, reported);
      const { refunded } = donation;
      try {
        return await changeWithFirestoreEvent(
          context,
          (batch) => {
            batch.create(donatorRef, donator);
            batch.create(donations().doc(donation.id), donation);
            guardRefundDocument(batch, refundRef, refundRead, { refunded: reported, updatedAt: donator.updatedAt });
            return { recorded: true, donation, refundedBeforehand: refunded };
          },
          () => ({
            type: EventTypes.donationRecorded,
            aggregateType: 'donation',
            aggregateId: donation.id,
            payload: { donator, donation },
          }),
        );
      } catch (error) {
        if (isAlreadyExists(error) && (await readIn(context, donatorRef)).exists) return earlier();
        throw error;
      }
    },

    async recordRefund(paymentIntentId, refundedCents, at) {
      const refundRef = refunds().doc(paymentIntentId);
      const refundRead = await readIn(context, refundRef);
      const previous = Number(refundRead.data()?.refunded ?? 0);
      const found = await donationOf(paymentIntentId);
      const applied = found ? refundedDonation(found.donation, refundedCents) : null;
      const change = applied?.change ?? null;
      const donation =
        applied && (applied.change.newlyRefunded > 0 || applied.feeNewlyRefunded > 0) ? applied.donation : null;
      await changeWithFirestoreEvent(
        context,
        (batch) => {
          guardRefundDocument(batch, refundRef, refundRead, {
            refunded: Math.max(previous, refundedCents),
            updatedAt: utc(at),
          });
          if (found && donation && found.snapshot.updateTime) {
            batch.update(
              found.snapshot.ref,
              {
                refunded: donation.refunded,
                covered_fee_refunded: donation.covered_fee_refunded,
                organization_share: donation.organization_share,
                ad_budget_share: donation.ad_budget_share,
              },
              { lastUpdateTime: found.snapshot.updateTime },
            );
          }
        },
        () =>
          donation && change
            ? {
                type: EventTypes.donationRefunded,
                aggregateType: 'donation',
                aggregateId: donation.id,
                payload: { donation, newlyRefunded: change.newlyRefunded },
              }
            : null,
      );
      if (!found) return { donation: null, newlyRefunded: 0, becameFullyRefunded: false };
      if (!donation || !change) return { donation: found.donation, newlyRefunded: 0, becameFullyRefunded: false };
      return { donation, newlyRefunded: change.newlyRefunded, becameFullyRefunded: change.becameFullyRefunded };
    },

    async findByPaymentIntent(paymentIntentId) {
      const own = await readIn(context, donators().doc(paymentIntentId));
      if (own.exists) return toDonator(own);
      // Documents of the original product may live under another id.
      const found = await readIn(context, donators().where('paymentIntentId', '==', paymentIntentId).limit(1));
      return found.docs[0] ? toDonator(found.docs[0]) : null;
    },

    async findDonationByPaymentIntent(paymentIntentId) {
      return (await donationOf(paymentIntentId))?.donation ?? null;
    },

    async findDonationBySession(sessionId) {
      const snapshot = await readIn(context, donations().where('session_id', '==', sessionId));
      return snapshot.docs.map(toDonation).sort(newestFirst((donation) => donation.date))[0] ?? null;
    },

    async listByCampaign(campaignId) {
      // The original product wrote the campaign as campaignId or campaignID.
      const [current, legacy] = await Promise.all([
        readIn(context, donators().where('campaignId', '==', campaignId)),
        readIn(context, donators().where('campaignID', '==', campaignId)),
      ]);
      const byId = new Map([...legacy.docs, ...current.docs].map((doc) => [doc.id, doc]));
      return [...byId.values()].map(toDonator).sort(newestFirst((donator) => donator.createdAt));
    },

    async listDonationsByUser(userId, since) {
      const from = since === undefined ? undefined : utc(since);
      // Filtered and sorted here: stored dates are ISO strings or Timestamps, which Firestore orders apart.
      const snapshot = await readIn(context, donations().where('user_id', '==', userId));
      return snapshot.docs
        .map(toDonation)
        .filter((donation) => from === undefined || donation.date >= from)
        .sort(newestFirst((donation) => donation.date));
    },

    async listDonationsByEmail(email, page) {
      // The store answers the page itself (a composite index in firestore.indexes.json).
      const byEmail = donations().where('donor_email', '==', email.trim().toLowerCase());
      const snapshot = await readIn(context, pagedQuery(byEmail, 'date', page));
      return snapshot.docs.map(toDonation);
    },

    async listDonationsByDonor(donorId, page) {
      // The store answers the page itself (a composite index in firestore.indexes.json).
      const snapshot = await readIn(context, pagedQuery(donations().where('donor_id', '==', donorId), 'date', page));
      return snapshot.docs.map(toDonation);
    },

    async listDonationsByCampaign(campaignId) {
      const snapshot = await readIn(context, donations().where('campaign_id', '==', campaignId));
      return snapshot.docs.map(toDonation).sort(newestFirst((donation) => donation.date));
    },

    async campaignStats(campaignId) {
      // Only the three fields the figures need are read. Reports read the Postgres mirror instead
      // wherever one runs beside Firestore.
      const snapshot = await readIn(
        context,
        donations().where('campaign_id', '==', campaignId).select('amount', 'refunded', 'user_id'),
      );
      let count = 0;
      let totalRaised = 0;
      const promoters = new Set<string>();
      for (const doc of snapshot.docs) {
        const amount = Number(doc.get('amount') ?? 0);
        const refunded = Number(doc.get('refunded') ?? 0);
        const promoter: unknown = doc.get('user_id');
        if (refunded < amount) count += 1;
        totalRaised += amount - refunded;
        if (typeof promoter === 'string' && promoter !== '') promoters.add(promoter);
      }
      return { count, totalRaised, totalPromoters: promoters.size };
    },

    async saveCheckout(input) {
      const checkout = DonationCheckout.parse(input);
      checkout.createdAt = utc(checkout.createdAt);
      const document = checkouts().doc(checkout.sessionId);
      if ((await readIn(context, document)).exists) return;
      try {
        await changeWithFirestoreEvent(
          context,
          (batch) => {
            batch.create(document, checkout);
          },
          () => ({
            type: EventTypes.donationCheckoutOpened,
            aggregateType: 'donation',
            aggregateId: checkout.sessionId,
            payload: { checkout },
          }),
        );
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    },

    async findCheckout(sessionId) {
      const snapshot = await readIn(context, checkouts().doc(sessionId));
      return snapshot.exists ? DonationCheckout.parse(snapshot.data()) : null;
    },
  });
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

export function toDonation(snapshot: DocumentSnapshot): Donation {
  const data = snapshot.data() ?? {};
  const date = instant(data.date);
  const donation = Donation.parse({
    ...data,
    id: data.id ?? snapshot.id,
    date: typeof date === 'string' ? utc(date) : date,
  });
  // Donations of the original product carry no split: it is that of the default percentage.
  if (data.organization_share === undefined) return withRefund(donation, donation.refunded);
  return donation;
}

const idTaken = () => conflict('A donation record with this id already exists for another payment.');
