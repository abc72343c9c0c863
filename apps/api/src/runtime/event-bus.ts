import type { Logger } from 'pino';
import { createInProcessEventBus } from '@causeway/adapters/memory/event-bus.fake';
import { createPgNotifyEventBus } from '@causeway/adapters/postgres/pg-notify.event-bus';
import type { EventBus } from '@causeway/core/ports/event-bus.port';
import type { Config } from '../config';
import type { FirebaseClients } from './firebase';

/**
 * Live messages reach every instance: through the Postgres server when there is one, through Firestore
 * in Firestore mode (several instances may share either), in process on embedded PGlite (one process).
 */
export async function openEventBus(config: Config, logger: Logger, firebase: FirebaseClients): Promise<EventBus> {
  const onHandlerError = (error: unknown, message: { topic: string }) =>
    logger.error({ err: error, topic: message.topic }, 'A live message handler failed');
  if (config.DATA_STORE === 'postgres' && config.DATABASE_URL) {
    return createPgNotifyEventBus({
      connectionString: config.DATABASE_URL,
      onHandlerError,
      onConnectionLost: (error, retryInMs) =>
        logger.warn({ err: error, retryInMs }, 'Live notifications lost their Postgres connection; reconnecting'),
      onReconnected: () => logger.info('Live notifications reconnected to Postgres'),
      onMalformed: (payload) => logger.warn({ payload: payload.slice(0, 200) }, 'Ignored a malformed live message'),
    });
  }
  if (config.DATA_STORE === 'firestore') {
    const [{ getFirestore }, { createFirestoreEventBus }] = await Promise.all([
      import('firebase-admin/firestore'),
      import('@causeway/adapters/firestore/firestore.event-bus'),
    ]);
    return createFirestoreEventBus({
      firestore: getFirestore(await firebase.app()),
      onHandlerError,
      onListenError: (error, retryInMs) =>
        logger.warn({ err: error, retryInMs }, 'Live notifications lost their Firestore listener; listening again'),
    });
  }
  return createInProcessEventBus({ onHandlerError });
}
