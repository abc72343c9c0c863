import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { openPostgres, type PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import { createPostgresDataStore } from '@causeway/adapters/postgres/postgres.data-store';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { DataStore } from '@causeway/core/ports/unit-of-work.port';
import type { Config } from '../config';
import { REPO_ROOT } from '../repo-root';
import type { FirebaseClients } from './firebase';

export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'migrations');

/** The data store, and its Postgres connection when it has one (the reporting mirror may share it). */
export async function openDataStore(
  config: Config,
  logger: Logger,
  clock: Clock,
  ids: IdGenerator,
  firebase: FirebaseClients,
): Promise<{ dataStore: DataStore; connection: PostgresConnection | null }> {
  if (config.DATA_STORE === 'firestore') {
    logger.info({ projectId: config.FIREBASE_PROJECT_ID }, 'Data store: Firestore');
    const [{ getFirestore }, { createFirestoreDataStore }] = await Promise.all([
      import('firebase-admin/firestore'),
      import('@causeway/adapters/firestore/firestore.data-store'),
    ]);
    return {
      dataStore: createFirestoreDataStore(getFirestore(await firebase.app()), { clock, ids }),
      connection: null,
    };
  }
  const connection = config.DATABASE_URL
    ? await openPostgres({ kind: 'server', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openPostgres({ kind: 'embedded', dataDir: resolve(config.DATA_DIR, 'pglite') });
  const applied = await migrate(connection, MIGRATIONS_DIR);
  logger.info(
    { store: connection.kind === 'server' ? 'postgres' : 'pglite', migrationsApplied: applied },
    connection.kind === 'server' ? 'Data store: Postgres server' : `Data store: embedded PGlite in ${config.DATA_DIR}`,
  );
  return { dataStore: createPostgresDataStore(connection, { clock, ids }), connection };
}
