import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { notificationServiceFactory } from '@causeway/core/notifications/notification.service';
import { TYPES } from '../types';

/** In-app notifications: stored, and pushed live to the open sessions over the event bus. */
export const notificationsModule = (logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.NotificationService).toDynamicValue((context) =>
      notificationServiceFactory({
        notifications: context.get(TYPES.Repositories).notifications,
        eventBus: context.get(TYPES.EventBus),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        // SPEC §8: a failed real-time notification is only logged.
        onDeliveryFailure: (error, failure) =>
          logger.warn(
            { err: error, ...failure },
            failure.fellBack
              ? 'A live notification was too large or refused; told the sessions to refresh instead'
              : 'A live notification could not be delivered',
          ),
      }),
    );
  });
