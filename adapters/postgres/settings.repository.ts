import type { Selectable } from 'kysely';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { SettingsRepository } from '@causeway/core/ports/settings.repository';
import { Settings } from '@causeway/core/settings/settings.entity';
import type { SettingsTable } from './tables/foundation.tables';
import { changeWithEvent, iso, type PgContext } from './transaction';
import { DEFAULT_DONATION_PERCENTAGE } from '@causeway/core/settings/settings.entity';
import { DEFAULT_CARD_FEE } from '@causeway/core/donations/card-fee.rules';

/** The one settings row has a fixed id, as the original's single settings document did. */
export const SETTINGS_ID = 'global';

export function createPostgresSettingsRepository(context: PgContext): SettingsRepository {
  const { db } = context;
  return {
    async get() {
      const row = await db.selectFrom('settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirst();
      return row ? toSettings(row) : null;
    },
    save(patch, at) {
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('settings')
            .values({
              id: SETTINGS_ID,
              donation_percentage: patch.donationPercentage ?? DEFAULT_DONATION_PERCENTAGE,
              terms_and_conditions: patch.termsAndConditions ?? null,
              terms_and_conditions_link: patch.termsAndConditionsLink ?? null,
              payment_disclaimer: patch.paymentDisclaimer ?? null,
              card_fee_percent: patch.cardFeePercent ?? DEFAULT_CARD_FEE.percent,
              card_fee_fixed: patch.cardFeeFixed ?? DEFAULT_CARD_FEE.fixedCents,
              created_at: at,
              updated_at: at,
            })
            .onConflict((conflict) =>
              conflict.column('id').doUpdateSet((eb) => ({
                donation_percentage:
                  patch.donationPercentage === undefined
                    ? eb.ref('settings.donation_percentage')
                    : patch.donationPercentage,
                terms_and_conditions:
                  patch.termsAndConditions === undefined
                    ? eb.ref('settings.terms_and_conditions')
                    : patch.termsAndConditions,
                terms_and_conditions_link:
                  patch.termsAndConditionsLink === undefined
                    ? eb.ref('settings.terms_and_conditions_link')
                    : patch.termsAndConditionsLink,
                payment_disclaimer:
                  patch.paymentDisclaimer === undefined
                    ? eb.ref('settings.payment_disclaimer')
                    : patch.paymentDisclaimer,
                card_fee_percent:
                  patch.cardFeePercent === undefined ? eb.ref('settings.card_fee_percent') : patch.cardFeePercent,
                card_fee_fixed:
                  patch.cardFeeFixed === undefined ? eb.ref('settings.card_fee_fixed') : patch.cardFeeFixed,
                updated_at: at,
              })),
            )
            .returningAll()
            .executeTakeFirstOrThrow();
          return toSettings(row);
        },
        (settings) => ({
          type: EventTypes.settingsSaved,
          aggregateType: 'settings',
          aggregateId: settings.id,
          payload: { settings },
        }),
      );
    },
  };
}

function toSettings(row: Selectable<SettingsTable>): Settings {
  return Settings.parse({
    id: row.id,
    donationPercentage: Number(row.donation_percentage),
    termsAndConditions: row.terms_and_conditions,
    termsAndConditionsLink: row.terms_and_conditions_link,
    paymentDisclaimer: row.payment_disclaimer,
    cardFeePercent: Number(row.card_fee_percent),
    cardFeeFixed: Number(row.card_fee_fixed),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
