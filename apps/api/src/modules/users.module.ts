import { ContainerModule } from 'inversify';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { userServiceFactory } from '@causeway/core/users/user.service';
import { TYPES } from '../types';

/** Users and their profiles: admins list, edit and delete them; everyone edits their own profile and picture. */
export const usersModule = new ContainerModule(({ bind }) => {
  bind(TYPES.UserService).toDynamicValue((context) => {
    const clock = context.get(TYPES.Clock);
    return userServiceFactory({
      unitOfWork: context.get(TYPES.UnitOfWork),
      users: context.get(TYPES.Repositories).users,
      identity: context.get(TYPES.Identity),
      fileStore: context.get(TYPES.FileStore),
      images: context.get(TYPES.ImageInspector),
      clock,
      audit: auditTrail({ clock, ids: context.get(TYPES.Ids) }),
    });
  });
});
