import type { Settings, SettingsPatch } from '../settings/settings.entity';

export interface SettingsRepository {
  /** The one settings record, or null before any were saved. */
  get(): Promise<Settings | null>;
  /** Creates the record on first save (createdAt = at), later applies the supplied fields; updatedAt = at. */
  save(patch: SettingsPatch, at: string): Promise<Settings>;
}
