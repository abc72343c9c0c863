import type { AuditTrail } from '../audit/audit-trail';
import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import { settingsPatchOf, type SettingsResponse, type UpdateSettingsBody } from '../contracts/people.contract';
import type { Clock } from '../ports/clock.port';
import type { SettingsRepository } from '../ports/settings.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import { DEFAULT_DONATION_PERCENTAGE, type Settings } from './settings.entity';
import { DEFAULT_CARD_FEE, type CardFeeRule } from '../donations/card-fee.rules';
import type { z } from 'zod';

export type SettingsServiceDeps = {
  unitOfWork: UnitOfWork;
  settings: Pick<SettingsRepository, 'get'>;
  clock: Clock;
  audit: Pick<AuditTrail, 'record'>;
};

export type SettingsService = ReturnType<typeof settingsServiceFactory>;

export type SettingsAnswer = z.infer<typeof SettingsResponse>;

/** What the platform runs on before anyone saved settings (SPEC §9: a donation percentage of 80). */
export const DEFAULT_SETTINGS: SettingsAnswer['settings'] = {
  donationPercentage: DEFAULT_DONATION_PERCENTAGE,
  termsAndConditions: null,
  termsAndConditionsLink: null,
  paymentDisclaimer: null,
  cardFeePercent: DEFAULT_CARD_FEE.percent,
  cardFeeFixed: DEFAULT_CARD_FEE.fixedCents,
  createdAt: null,
  updatedAt: null,
};

const answerOf = (settings: Settings | null): SettingsAnswer => {
  if (!settings) return { settings: { ...DEFAULT_SETTINGS }, saved: false };
  const { id: _id, ...fields } = settings;
  return { settings: fields, saved: true };
};

/** The card fee rule in force: the saved settings', else the default. */
export const cardFeeRuleOf = (settings: Pick<Settings, 'cardFeePercent' | 'cardFeeFixed'> | null): CardFeeRule =>
  settings ? { percent: settings.cardFeePercent, fixedCents: settings.cardFeeFixed } : { ...DEFAULT_CARD_FEE };

export function settingsServiceFactory({ unitOfWork, settings, clock, audit }: SettingsServiceDeps) {
  return {
    /** The saved settings, or the defaults with `saved: false`: reading before any were saved is normal. */
    async get(actor: Actor): Promise<SettingsAnswer> {
      authorize(actor, 'settings.read');
      return answerOf(await settings.get());
    },

    /** Saves the supplied fields (creating the settings on first save). */
    async update(actor: Actor, body: UpdateSettingsBody): Promise<SettingsAnswer> {
      authorize(actor, 'settings.update');
      const patch = settingsPatchOf(body);
      return unitOfWork.run(async (repositories) => {
        const before = answerOf(await repositories.settings.get());
        const saved = await repositories.settings.save(patch, clock.now().toISOString());
        const changed = Object.entries(patch)
          .filter(
            ([field, value]) => value !== undefined && before.settings[field as keyof typeof before.settings] !== value,
          )
          .map(([field]) => field);
        const what = changed.length === 0 ? 'nothing changed' : `changed ${changed.join(', ')}`;
        await audit.record(repositories.auditLogs, actor, {
          document: 'settings',
          event: 'update',
          action: before.saved ? `Updated the settings (${what})` : `Saved the settings for the first time (${what})`,
          triggerId: saved.id,
          triggerName: 'Settings',
        });
        return answerOf(saved);
      });
    },
  };
}
