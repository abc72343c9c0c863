import { ContainerModule } from 'inversify';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { settingsServiceFactory } from '@causeway/core/settings/settings.service';
import { TYPES } from '../types';

/** The platform's settings (such as the donation percentage). */
export const settingsModule = new ContainerModule(({ bind }) => {
  bind(TYPES.SettingsService).toDynamicValue((context) => {
    const clock = context.get(TYPES.Clock);
    return settingsServiceFactory({
      unitOfWork: context.get(TYPES.UnitOfWork),
      settings: context.get(TYPES.Repositories).settings,
      clock,
      audit: auditTrail({ clock, ids: context.get(TYPES.Ids) }),
    });
  });
});
