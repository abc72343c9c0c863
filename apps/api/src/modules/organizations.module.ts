import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { organizationServiceFactory } from '@causeway/core/organizations/organization.service';
import { TYPES } from '../types';

/** Organizations: listed, created, edited, deleted and restored, with their logo and login images. */
export const organizationsModule = (logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.OrganizationService).toDynamicValue((context) => {
      const clock = context.get(TYPES.Clock);
      const ids = context.get(TYPES.Ids);
      return organizationServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        organizations: context.get(TYPES.Repositories).organizations,
        files: context.get(TYPES.FileStore),
        images: context.get(TYPES.ImageInspector),
        clock,
        ids,
        audit: auditTrail({ clock, ids }),
        onCleanupFailure: (path, error) =>
          logger.warn({ err: error, path }, 'A replaced organization image could not be removed; it is no longer used'),
      });
    });
  });
