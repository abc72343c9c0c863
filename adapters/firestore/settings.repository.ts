import { EventTypes } from '@causeway/core/events/domain-event';
import type { SettingsRepository } from '@causeway/core/ports/settings.repository';
import { DEFAULT_DONATION_PERCENTAGE, Settings } from '@causeway/core/settings/settings.entity';
import { changeWithFirestoreEvent, definedOnly, type FirestoreContext, readIn } from './firestore-context';

const SETTINGS_ID = 'global';

/**
 * `settings` collection. The original kept one document; an existing one under another id is read
 * when `global` is missing, so a migrated database is served as it is.
 */
export function createFirestoreSettingsRepository(context: FirestoreContext): SettingsRepository {
  const collection = () => context.firestore.collection('settings');
  const read = async (): Promise<Settings | null> => {
    const own = await readIn(context, collection().doc(SETTINGS_ID));
    const snapshot = own.exists ? own : (await readIn(context, collection().limit(1))).docs[0];
    if (!snapshot?.exists) return null;
    return Settings.parse({ donationPercentage: DEFAULT_DONATION_PERCENTAGE, ...snapshot.data(), id: snapshot.id });
  };
  return {
    get: read,
    async save(patch, at) {
      const existing = await read();
      const settings = Settings.parse({
        donationPercentage: DEFAULT_DONATION_PERCENTAGE,
        ...existing,
        ...definedOnly(patch),
        id: existing?.id ?? SETTINGS_ID,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      });
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          batch.set(collection().doc(settings.id), settings);
          return settings;
        },
        () => ({
          type: EventTypes.settingsSaved,
          aggregateType: 'settings',
          aggregateId: settings.id,
          payload: { settings },
        }),
      );
    },
  };
}
