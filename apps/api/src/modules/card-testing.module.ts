import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import {
  CARD_TESTING_LIMITS,
  cardTestingGuard,
  type CardTestingGuard,
} from '@causeway/core/donations/card-testing.guard';
import { checkoutBurstNotice } from '@causeway/core/donations/checkout-burst.notice';
import { TYPES } from '../types';

export const CARD_TESTING_GUARD: ServiceIdentifier<CardTestingGuard> = Symbol.for('causeway.CardTestingGuard');

/**
 * The card-testing defence of donation checkout: its windows in the data store (shared by every
 * instance), the bot check it asks for, and the staff notice of a burst.
 */
export const cardTestingModule = (logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(CARD_TESTING_GUARD)
      .toDynamicValue((context) => {
        const repositories = context.get(TYPES.Repositories);
        const notifications = context.get(TYPES.NotificationService);
        const notice = checkoutBurstNotice({
          users: repositories.users,
          campaigns: repositories.campaigns,
          notify: (input) => notifications.notify(input),
          challengeMinutes: CARD_TESTING_LIMITS.challengeMs / 60_000,
        });
        return cardTestingGuard({
          limits: context.get(TYPES.DataStore).rateLimits,
          botCheck: context.get(TYPES.BotCheck),
          clock: context.get(TYPES.Clock),
          async onBurst(burst) {
            logger.warn(
              { burst },
              'A campaign sees a burst of checkouts or declined cards: donors now pass the bot check',
            );
            // The notice is best effort: a donor's checkout never fails because staff could not be told.
            await notice(burst).catch((error: unknown) =>
              logger.error({ err: error, burst }, 'Staff could not be told of a checkout burst'),
            );
          },
        });
      })
      .inSingletonScope();
  });
