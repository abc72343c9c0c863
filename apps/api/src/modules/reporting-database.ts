import { resolve } from 'node:path';
import type { ServiceIdentifier } from 'inversify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { openPostgres, type PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import type { ReportingDatabase } from '@causeway/adapters/postgres/reporting/reporting.tables';
import type { Config } from '../config';
import { REPO_ROOT } from '../repo-root';

export const REPORTING_MIGRATIONS_DIR = resolve(REPO_ROOT, 'migrations/reporting');

/** The reporting mirror's database, open and migrated. */
export interface ReportingConnection {
  db: Kysely<ReportingDatabase>;
  /**
   * `same-database`: schema `reporting` of the operational Postgres (embedded or server);
   * `own-database`: the Postgres server at REPORTING_DATABASE_URL; `embedded`: a PGlite of its own
   * under DATA_DIR/reporting (beside a Firestore store).
   */
  location: 'same-database' | 'own-database' | 'embedded';
  /** On a Postgres server: `COPY (…) TO STDOUT` as it arrives (downloads written by the database). */
  copyOut?: (statement: string) => AsyncIterable<Buffer>;
  close(): Promise<void>;
}

export const REPORTING_DATABASE: ServiceIdentifier<ReportingConnection> = Symbol.for('causeway.ReportingDatabase');

// Not the operational migrations' lock: the mirror migrates after them, possibly on the same server.
const REPORTING_MIGRATION_LOCK_KEY = 7_301_995;

/**
 * Where the mirror lives: with a Postgres store, the same database (schema `reporting`) unless
 * REPORTING_DATABASE_URL names another (a replica for analysts); with Firestore, the Postgres at
 * REPORTING_DATABASE_URL, else an embedded PGlite under DATA_DIR/reporting.
 */
export async function openReportingDatabase(
  config: Config,
  logger: Logger,
  operational: PostgresConnection | null,
): Promise<ReportingConnection> {
  let connection: PostgresConnection;
  let location: ReportingConnection['location'];
  if (config.REPORTING_DATABASE_URL) {
    connection = await openPostgres({
      kind: 'server',
      url: config.REPORTING_DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
    });
    location = 'own-database';
  } else if (operational) {
    connection = operational;
    location = 'same-database';
  } else {
    connection = await openPostgres({ kind: 'embedded', dataDir: resolve(config.DATA_DIR, 'reporting') });
    location = 'embedded';
  }
  try {
    const applied = await migrate(connection, REPORTING_MIGRATIONS_DIR, {
      table: 'reporting_migrations',
      lockKey: REPORTING_MIGRATION_LOCK_KEY,
    });
    logger.info({ location, migrationsApplied: applied }, 'Reporting mirror ready');
  } catch (error) {
    if (connection !== operational) await connection.close();
    throw error;
  }
  return {
    db: connection.db as unknown as Kysely<ReportingDatabase>,
    location,
    ...(connection.copyOut ? { copyOut: connection.copyOut.bind(connection) } : {}),
    // The operational connection is closed with its store.
    close: () => (connection === operational ? Promise.resolve() : connection.close()),
  };
}
