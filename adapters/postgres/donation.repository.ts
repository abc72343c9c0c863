import type { Selectable } from 'kysely';
import { Donation, Donator, DonatorRaw } from '../../core/donations/donation.entity';
import { EventTypes } from '../../core/events/domain-event';
import { conflict } from '../../core/shared/errors';
import type { DonationRepository } from '../../core/ports/donation.repository';
import type { DonationsTable, DonatorTable } from './tables/money.tables';
import { changeWithEvent, iso, isUniqueViolation, type PgContext } from './transaction';

export function createPostgresDonationRepository(context: PgContext): DonationRepository {
  const { db } = context;
  return {
    async recordOnce(record) {
      const donator = Donator.parse(record.donator);
      const donatorRaw = DonatorRaw.parse(record.donatorRaw);
      const donation = Donation.parse(record.donation);
      try {
        return await changeWithEvent(
          context,
          async (trx) => {
            // Every unique index arbitrates, the primary key included: the same record fired twice at
            // once must meet "do nothing" (the later one waits for the first to commit), never an error.
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
              const existing = await trx
                .selectFrom('donator')
                .select('id')
                .where('payment_intent_id', '=', donator.paymentIntentId)
                .executeTakeFirst();
              if (!existing) throw idTaken();
              return { recorded: false };
            }
            await trx
              .insertInto('donator_raw')
              .values({
                id: donatorRaw.id,
                campaign_id: donatorRaw.campaignId,
                payment_intent_id: donatorRaw.paymentIntentId,
                amount: donatorRaw.amount,
                created_at: donatorRaw.createdAt,
                updated_at: donatorRaw.updatedAt,
                raw: JSON.stringify(donatorRaw.raw),
              })
              .execute();
            await trx
              .insertInto('donations')
              .values({
                id: donation.id,
                campaign_id: donation.campaign_id,
                user_id: donation.user_id,
                amount: donation.amount,
                date: donation.date,
                session_id: donation.session_id,
              })
              .execute();
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
      } catch (error) {
        if (isUniqueViolation(error)) throw idTaken();
        throw error;
      }
    },
    async findByPaymentIntent(paymentIntentId) {
      const row = await db
        .selectFrom('donator')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst();
      return row ? toDonator(row) : null;
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

function toDonation(row: Selectable<DonationsTable>): Donation {
  return Donation.parse({
    id: row.id,
    campaign_id: row.campaign_id,
    user_id: row.user_id,
    amount: Number(row.amount),
    date: iso(row.date),
    session_id: row.session_id,
  });
}

const idTaken = () => conflict('A donation record with this id already exists for another payment.');
