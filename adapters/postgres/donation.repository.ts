import { sql, type Insertable, type Selectable } from 'kysely';
import { Donation, DonationCheckout, Donator, DonatorRaw } from '@causeway/core/donations/donation.entity';
import { refundedDonation } from '@causeway/core/donations/donation.rules';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { DonationRepository } from '@causeway/core/ports/donation.repository';
import { conflict, invalid } from '@causeway/core/shared/errors';
import type { DonationCheckoutsTable, DonationsTable, DonatorRawTable, DonatorTable } from './tables/money.tables';
import { afterKey } from './paging';
import {
  appendEvents,
  changeWithEvent,
  inTransaction,
  iso,
  isoOrNull,
  isUniqueViolation,
  type Executor,
  type PgContext,
} from './transaction';

/**
 * Takes the payment's turn and answers all refunded of it so far. The payment's row in
 * donation_refunds is created or locked here, so recording a payment and applying its refunds wait
 * for each other: a refund that arrives while its payment is being recorded is never missed.
 */
async function paymentTurn(trx: Executor, paymentIntentId: string, at: string, reported = 0): Promise<number> {
  const row = await trx
    .insertInto('donation_refunds')
    .values({ payment_intent_id: paymentIntentId, refunded: reported, updated_at: at })
    .onConflict((target) =>
      target.column('payment_intent_id').doUpdateSet({
        refunded: sql<number>`greatest(donation_refunds.refunded, excluded.refunded)`,
        updated_at: reported > 0 ? sql<Date>`excluded.updated_at` : sql<Date>`donation_refunds.updated_at`,
      }),
    )
    .returning('refunded')
    .executeTakeFirstOrThrow();
  return Number(row.refunded);
}

export function createPostgresDonationRepository(context: PgContext): DonationRepository {
  const { db } = context;

  const donationByPaymentIntent = async (executor: Executor, paymentIntentId: string) => {
    const row = await executor
      .selectFrom('donations')
      .selectAll()
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirst();
    return row ? toDonation(row) : null;
  };

  return {
    async keepRawEvent(input) {
      const event = DonatorRaw.parse(input);
      const inserted = await db
        .insertInto('donator_raw')
        .values(rawRow(event))
        .onConflict((target) => target.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { kept: true };
      const existing = await db
        .selectFrom('donator_raw')
        .select('id')
        .where('event_id', '=', event.eventId)
        .executeTakeFirst();
      if (!existing) throw conflict('A raw payment event with this id already exists.');
      return { kept: false };
    },

    async keepRawEvents(input) {
      if (input.length === 0) return [];
      const events = input.map((event) => DonatorRaw.parse(event));
      const inserted = await db
        .insertInto('donator_raw')
        .values(events.map(rawRow))
        .onConflict((target) => target.doNothing())
        .returning('event_id')
        .execute();
      const keptNow = new Set(inserted.map((row) => row.event_id));
      const others = events.filter((event) => !keptNow.has(event.eventId)).map((event) => event.eventId);
      if (others.length > 0) {
        const existing = await db
          .selectFrom('donator_raw')
          .select('event_id')
          .where('event_id', 'in', others)
          .execute();
        const known = new Set(existing.map((row) => row.event_id));
        if (others.some((eventId) => !known.has(eventId)))
          throw conflict('A raw payment event with this id already exists.');
      }
      // The same event twice in one call is kept once: its first place.
      const seen = new Set<string>();
      return events.map((event) => {
        const kept = keptNow.has(event.eventId) && !seen.has(event.eventId);
        seen.add(event.eventId);
        return { kept };
      });
    },

    async markRawEventProcessed(eventId, outcome) {
      await db
        .updateTable('donator_raw')
        .set(
          outcome.error === null
            ? { processed_at: outcome.at, updated_at: outcome.at, error: null }
            : { updated_at: outcome.at, error: outcome.error.slice(0, 2000) },
        )
        .where('event_id', '=', eventId)
        .execute();
    },

    async markRawEventsProcessed(eventIds, at) {
      if (eventIds.length === 0) return;
      await db
        .updateTable('donator_raw')
        .set({ processed_at: at, updated_at: at, error: null })
        .where('event_id', 'in', [...new Set(eventIds)])
        .execute();
    },

    async listUnprocessedRawEvents(limit) {
      const rows = await db
        .selectFrom('donator_raw')
        .selectAll()
        .where('processed_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toRaw);
    },

    async recordOnce(record) {
      const donator = Donator.parse(record.donator);
      const parsed = Donation.parse({ ...record.donation, payment_intent_id: donator.paymentIntentId });
      try {
        return await changeWithEvent(
          context,
          async (trx) => {
            const reported = await paymentTurn(trx, donator.paymentIntentId, donator.updatedAt);
            // Every unique index arbitrates, the primary key included: a taken id is "do nothing" here
            // and told apart below, never an exception that would abort a surrounding transaction.
            const inserted = await trx
              .insertInto('donator')
              .values({
                id: donator.id,
                campaign_id: donator.campaignId,
                payment_intent_id: donator.paymentIntentId,
                amount: donator.amount,
                created_at: donator.createdAt,
                updated_at: donator.updatedAt,
              })
              .onConflict((target) => target.doNothing())
              .returning('id')
              .executeTakeFirst();
            if (!inserted) {
              const recordedBefore = await trx
                .selectFrom('donator')
                .select('id')
                .where('payment_intent_id', '=', donator.paymentIntentId)
                .executeTakeFirst();
              if (!recordedBefore) throw idTaken();
              // Payments recorded before donations kept their payment intent have no donation to show.
              const existing = (await donationByPaymentIntent(trx, donator.paymentIntentId)) ?? parsed;
              return { recorded: false, donation: existing, refundedBeforehand: 0 };
            }
            const { donation } = refundedDonation(parsed, reported);
            const { refunded } = donation;
            const stored = await trx
              .insertInto('donations')
              .values(donationRow(donation))
              .onConflict((target) => target.doNothing())
              .returning('id')
              .executeTakeFirst();
            if (!stored) throw idTaken();
            return { recorded: true, donation, refundedBeforehand: refunded };
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
      } catch (error) {
        if (isUniqueViolation(error)) throw idTaken();
        throw error;
      }
    },

    async recordMany(input) {
      if (input.length === 0) return [];
      const records = input.map((record) => {
        const donator = Donator.parse(record.donator);
        const donation = Donation.parse({ ...record.donation, payment_intent_id: donator.paymentIntentId });
        return { donator, donation };
      });
      const paymentIds = records.map((record) => record.donator.paymentIntentId);
      if (new Set(paymentIds).size !== paymentIds.length)
        throw invalid('A batch of donations names each payment once.');
      try {
        return await inTransaction(db, async (trx) => {
          // Every payment's turn, taken in one order (by payment intent) so concurrent batches never deadlock.
          const ordered = [...records].sort((a, b) => (a.donator.paymentIntentId < b.donator.paymentIntentId ? -1 : 1));
          const turns = await trx
            .insertInto('donation_refunds')
            .values(
              ordered.map(({ donator }) => ({
                payment_intent_id: donator.paymentIntentId,
                refunded: 0,
                updated_at: donator.updatedAt,
              })),
            )
            .onConflict((target) =>
              target.column('payment_intent_id').doUpdateSet({
                refunded: sql<number>`donation_refunds.refunded`,
                updated_at: sql<Date>`donation_refunds.updated_at`,
              }),
            )
            .returning(['payment_intent_id', 'refunded'])
            .execute();
          const reported = new Map(turns.map((row) => [row.payment_intent_id, Number(row.refunded)]));
          const inserted = await trx
            .insertInto('donator')
            .values(
              ordered.map(({ donator }) => ({
                id: donator.id,
                campaign_id: donator.campaignId,
                payment_intent_id: donator.paymentIntentId,
                amount: donator.amount,
                created_at: donator.createdAt,
                updated_at: donator.updatedAt,
              })),
            )
            .onConflict((target) => target.doNothing())
            .returning('payment_intent_id')
            .execute();
          const fresh = new Set(inserted.map((row) => row.payment_intent_id));
          const before = paymentIds.filter((id) => !fresh.has(id));
          const earlier = new Map<string, Donation | null>();
          if (before.length > 0) {
            const recordedBefore = await trx
              .selectFrom('donator')
              .select('payment_intent_id')
              .where('payment_intent_id', 'in', before)
              .execute();
            if (recordedBefore.length !== before.length) throw idTaken();
            for (const id of before) earlier.set(id, null);
            const stored = await trx
              .selectFrom('donations')
              .selectAll()
              .where('payment_intent_id', 'in', before)
              .execute();
            for (const row of stored) earlier.set(row.payment_intent_id!, toDonation(row));
          }
          const outcomes = records.map(({ donator, donation: parsed }) => {
            if (!fresh.has(donator.paymentIntentId)) {
              // Payments recorded before donations kept their payment intent have no donation to show.
              const existing = earlier.get(donator.paymentIntentId) ?? parsed;
              return { recorded: false, donation: existing, refundedBeforehand: 0, donator };
            }
            const { donation } = refundedDonation(parsed, reported.get(donator.paymentIntentId) ?? 0);
            return { recorded: true, donation, refundedBeforehand: donation.refunded, donator };
          });
          const recorded = outcomes.filter((outcome) => outcome.recorded);
          if (recorded.length > 0) {
            const stored = await trx
              .insertInto('donations')
              .values(recorded.map((outcome) => donationRow(outcome.donation)))
              .onConflict((target) => target.doNothing())
              .returning('id')
              .execute();
            if (stored.length !== recorded.length) throw idTaken();
            await appendEvents(
              context,
              trx,
              recorded.map(({ donator, donation }) => ({
                type: EventTypes.donationRecorded,
                aggregateType: 'donation',
                aggregateId: donation.id,
                payload: { donator, donation },
              })),
            );
          }
          return outcomes.map(({ recorded, donation, refundedBeforehand }) => ({
            recorded,
            donation,
            refundedBeforehand,
          }));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw idTaken();
        throw error;
      }
    },

    async recordRefund(paymentIntentId, refundedCents, at) {
      const { outcome } = await changeWithEvent(
        context,
        async (trx) => {
          await paymentTurn(trx, paymentIntentId, at, refundedCents);
          const stored = await donationByPaymentIntent(trx, paymentIntentId);
          if (!stored)
            return { outcome: { donation: null, newlyRefunded: 0, becameFullyRefunded: false }, changed: false };
          const { donation, change, feeNewlyRefunded } = refundedDonation(stored, refundedCents);
          if (change.newlyRefunded === 0 && feeNewlyRefunded === 0)
            return { outcome: { donation: stored, newlyRefunded: 0, becameFullyRefunded: false }, changed: false };
          await trx
            .updateTable('donations')
            .set({
              refunded: donation.refunded,
              covered_fee_refunded: donation.covered_fee_refunded,
              organization_share: donation.organization_share,
              ad_budget_share: donation.ad_budget_share,
            })
            .where('id', '=', donation.id)
            .execute();
          return {
            outcome: { donation, newlyRefunded: change.newlyRefunded, becameFullyRefunded: change.becameFullyRefunded },
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
      const row = await db
        .selectFrom('donator')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst();
      return row ? toDonator(row) : null;
    },

    findDonationByPaymentIntent: (paymentIntentId) => donationByPaymentIntent(db, paymentIntentId),

    async findDonationBySession(sessionId) {
      const row = await db
        .selectFrom('donations')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? toDonation(row) : null;
    },

    async listByCampaign(campaignId) {
      const rows = await db
        .selectFrom('donator')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toDonator);
    },

    async listDonationsByUser(userId, since) {
      let query = db.selectFrom('donations').selectAll().where('user_id', '=', userId);
      if (since !== undefined) query = query.where('date', '>=', new Date(since));
      const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').execute();
      return rows.map(toDonation);
    },

    async listDonationsByDonor(donorId, page) {
      let query = db.selectFrom('donations').selectAll().where('donor_id', '=', donorId);
      if (page?.after) query = query.where(afterKey('date', 'id', page.after));
      if (page) query = query.limit(page.limit);
      const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').execute();
      return rows.map(toDonation);
    },

    async listDonationsByEmail(email, page) {
      let query = db.selectFrom('donations').selectAll().where('donor_email', '=', email.trim().toLowerCase());
      if (page?.after) query = query.where(afterKey('date', 'id', page.after));
      if (page) query = query.limit(page.limit);
      const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').execute();
      return rows.map(toDonation);
    },

    async listDonationsByCampaign(campaignId) {
      const rows = await db
        .selectFrom('donations')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toDonation);
    },

    async campaignStats(campaignId) {
      // One aggregate over the campaign's rows of the donations table (its campaign index), no scan in code.
      const row = await db
        .selectFrom('donations')
        .select([
          sql<string>`count(*) filter (where refunded < amount)`.as('count'),
          sql<string>`coalesce(sum(amount - refunded), 0)`.as('total_raised'),
          sql<string>`count(distinct user_id)`.as('total_promoters'),
        ])
        .where('campaign_id', '=', campaignId)
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.count),
        totalRaised: Number(row.total_raised),
        totalPromoters: Number(row.total_promoters),
      };
    },

    async saveCheckout(input) {
      const checkout = DonationCheckout.parse(input);
      await changeWithEvent(
        context,
        async (trx) => {
          const inserted = await trx
            .insertInto('donation_checkouts')
            .values(checkoutRow(checkout))
            .onConflict((target) => target.column('session_id').doNothing())
            .returning('session_id')
            .executeTakeFirst();
          return inserted !== undefined;
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
      );
    },

    async findCheckout(sessionId) {
      const row = await db
        .selectFrom('donation_checkouts')
        .selectAll()
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row ? toCheckout(row) : null;
    },

    async findCheckouts(sessionIds) {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .selectFrom('donation_checkouts')
        .selectAll()
        .where('session_id', 'in', [...new Set(sessionIds)])
        .execute();
      return rows.map(toCheckout);
    },
  };
}

function rawRow(event: DonatorRaw): Insertable<DonatorRawTable> {
  return {
    id: event.id,
    event_id: event.eventId,
    event_type: event.eventType,
    campaign_id: event.campaignId,
    payment_intent_id: event.paymentIntentId,
    amount: event.amount,
    created_at: event.createdAt,
    updated_at: event.updatedAt,
    raw: JSON.stringify(event.raw),
    processed_at: event.processedAt,
    error: event.error,
  };
}

function donationRow(donation: Donation): Insertable<DonationsTable> {
  return {
    id: donation.id,
    campaign_id: donation.campaign_id,
    user_id: donation.user_id,
    amount: donation.amount,
    date: donation.date,
    session_id: donation.session_id,
    payment_intent_id: donation.payment_intent_id,
    donor_id: donation.donor_id,
    donor_name: donation.donor_name,
    donor_email: donation.donor_email,
    message: donation.message,
    donation_percentage: donation.donation_percentage,
    organization_share: donation.organization_share,
    ad_budget_share: donation.ad_budget_share,
    refunded: donation.refunded,
    channel: donation.channel,
    given_on: donation.given_on,
    covered_fee: donation.covered_fee,
    covered_fee_refunded: donation.covered_fee_refunded,
  };
}

function checkoutRow(checkout: DonationCheckout): Insertable<DonationCheckoutsTable> {
  return {
    session_id: checkout.sessionId,
    campaign_id: checkout.campaignId,
    amount: checkout.amount,
    donor_name: checkout.donorName,
    message: checkout.message,
    promoter_id: checkout.promoterId,
    donor_id: checkout.donorId,
    created_at: checkout.createdAt,
    channel: checkout.channel,
    given_on: checkout.givenOn,
    covered_fee: checkout.coveredFee,
  };
}

function toDonator(row: Selectable<DonatorTable>): Donator {
  return Donator.parse({
    id: row.id,
    campaignId: row.campaign_id,
    paymentIntentId: row.payment_intent_id,
    amount: Number(row.amount),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

function toRaw(row: Selectable<DonatorRawTable>): DonatorRaw {
  return DonatorRaw.parse({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    campaignId: row.campaign_id,
    paymentIntentId: row.payment_intent_id,
    amount: Number(row.amount),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    raw: row.raw,
    processedAt: isoOrNull(row.processed_at),
    error: row.error,
  });
}

function toDonation(row: Selectable<DonationsTable>): Donation {
  return Donation.parse({
    id: row.id,
    campaign_id: row.campaign_id,
    user_id: row.user_id,
    amount: Number(row.amount),
    date: iso(row.date),
    session_id: row.session_id,
    payment_intent_id: row.payment_intent_id,
    donor_id: row.donor_id,
    donor_name: row.donor_name,
    donor_email: row.donor_email,
    message: row.message,
    donation_percentage: Number(row.donation_percentage),
    organization_share: Number(row.organization_share),
    ad_budget_share: Number(row.ad_budget_share),
    refunded: Number(row.refunded),
    channel: row.channel,
    given_on: row.given_on,
    covered_fee: Number(row.covered_fee),
    covered_fee_refunded: Number(row.covered_fee_refunded),
  });
}

function toCheckout(row: Selectable<DonationCheckoutsTable>): DonationCheckout {
  return DonationCheckout.parse({
    sessionId: row.session_id,
    campaignId: row.campaign_id,
    amount: Number(row.amount),
    donorName: row.donor_name,
    message: row.message,
    promoterId: row.promoter_id,
    donorId: row.donor_id,
    createdAt: iso(row.created_at),
    channel: row.channel,
    givenOn: row.given_on,
    coveredFee: Number(row.covered_fee),
  });
}

const idTaken = () => conflict('A donation record with this id already exists for another payment.');
