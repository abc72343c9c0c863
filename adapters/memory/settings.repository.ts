import { EventTypes } from '@causeway/core/events/domain-event';
import type { SettingsRepository } from '@causeway/core/ports/settings.repository';
import { DEFAULT_DONATION_PERCENTAGE, Settings } from '@causeway/core/settings/settings.entity';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

const SETTINGS_ID = 'global';

export function createMemorySettingsRepository(context: MemoryContext): SettingsRepository {
  const table = () => context.state().table<Settings>('settings');
  return {
    async get() {
      const settings = table().get(SETTINGS_ID);
      return settings ? copy(settings) : null;
    },
    save(patch, at) {
      return changeWithMemoryEvent(
        context,
        () => {
          const existing = table().get(SETTINGS_ID);
          const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
          const settings = Settings.parse({
            donationPercentage: DEFAULT_DONATION_PERCENTAGE,
            ...existing,
            ...defined,
            id: SETTINGS_ID,
            createdAt: existing?.createdAt ?? at,
            updatedAt: at,
          });
          table().set(SETTINGS_ID, settings);
          return copy(settings);
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
