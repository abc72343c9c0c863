import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import type { DataStore } from '@causeway/core/ports/unit-of-work.port';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { openPostgres, type PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import { openTemplatePglite } from './pglite-template';
import { createPostgresDataStore } from '@causeway/adapters/postgres/postgres.data-store';
import { randomIds } from '@causeway/adapters/system/random-ids';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * The store the API tier starts the app on: TEST_STORE=firestore (on the emulator at
 * FIRESTORE_EMULATOR_HOST), TEST_STORE=postgres (the server at TEST_DATABASE_URL) or TEST_STORE=pglite.
 * Unset, it is the Postgres server when TEST_DATABASE_URL is set, else PGlite.
 */
export function testStoreName(env: NodeJS.ProcessEnv = process.env): 'pglite' | 'postgres' | 'firestore' {
  const named = env.TEST_STORE?.trim();
  if (named === 'firestore') {
    if (!env.FIRESTORE_EMULATOR_HOST) throw new Error('TEST_STORE=firestore needs FIRESTORE_EMULATOR_HOST.');
    return 'firestore';
  }
  if (named === 'postgres') {
    if (!env.TEST_DATABASE_URL) throw new Error('TEST_STORE=postgres needs TEST_DATABASE_URL.');
    return 'postgres';
  }
  if (named === 'pglite') return 'pglite';
  if (named) throw new Error(`TEST_STORE must be pglite, postgres or firestore, not ${named}.`);
  return env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/** A data store under test, with a clock the test controls. */
export interface TestStore {
  store: DataStore;
  clock: ManualClock;
  /** Empties every table, for a clean slate per test. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreFactory {
  name: string;
  open(): Promise<TestStore>;
}

/**
 * Empties every table and restarts its sequences. Rows are deleted rather than truncated: on a Postgres
 * server TRUNCATE of some thirty tables takes about a second (new files for each), DELETE of a test's
 * few rows a few milliseconds. Foreign keys are not checked meanwhile (every table is emptied).
 */
export async function truncateAll(connection: PostgresConnection): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public'
      and tablename not in ('schema_migrations', 'reporting_migrations')`.execute(connection.db);
  if (tables.rows.length === 0) return;
  const sequences = await sql<{ name: string }>`
    select sequencename as name from pg_sequences where schemaname = 'public'`.execute(connection.db);
  await connection.execScript(
    [
      'set session_replication_role = replica;',
      ...tables.rows.map((row) => `delete from "${row.tablename}";`),
      ...sequences.rows.map((row) => `alter sequence "${row.name}" restart;`),
      'set session_replication_role = default;',
    ].join('\n'),
  );
}

function postgresFactory(
  name: string,
  openConnection: () => Promise<{ connection: PostgresConnection; drop?: () => Promise<void> }>,
): StoreFactory {
  return {
    name,
    async open() {
      const { connection, drop } = await openConnection();
      await migrate(connection, MIGRATIONS_DIR);
      const clock = new ManualClock();
      const store = createPostgresDataStore(connection, { clock, ids: randomIds });
      return {
        store,
        clock,
        reset: () => truncateAll(connection),
        async close() {
          await connection.close();
          await drop?.();
        },
      };
    },
  };
}

/** A fresh database on the server of TEST_DATABASE_URL, dropped when closed. */
export async function freshServerDatabase(baseUrl: string) {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const connection = await openPostgres({ kind: 'server', url: url.toString(), poolSize: 4 });
  return {
    connection,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Every data store the contract suites run on, here and now. */
export function storeFactories(): StoreFactory[] {
  const factories: StoreFactory[] = [
    {
      name: 'memory',
      async open() {
        const clock = new ManualClock();
        const ids = new SequentialIds();
        let store = createMemoryDataStore({ clock, ids });
        const holder: TestStore = {
          get store() {
            return store;
          },
          clock,
          async reset() {
            store = createMemoryDataStore({ clock, ids });
          },
          close: async () => undefined,
        };
        return holder;
      },
    },
    postgresFactory('pglite', async () => ({ connection: await openTemplatePglite() })),
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) factories.push(postgresFactory('postgres', () => freshServerDatabase(serverUrl)));
  if (process.env.FIRESTORE_EMULATOR_HOST) factories.push(firestoreFactory());
  return factories;
}

function firestoreFactory(): StoreFactory {
  return {
    name: 'firestore',
    async open() {
      const { createEmulatorFirestore, clearEmulator } = await import('./firestore-emulator');
      const projectId = `test-${randomBytes(4).toString('hex')}`;
      const firestore = createEmulatorFirestore(projectId);
      const { createFirestoreDataStore } = await import('@causeway/adapters/firestore/firestore.data-store');
      const clock = new ManualClock();
      const store = createFirestoreDataStore(firestore, { clock, ids: randomIds });
      return {
        store,
        clock,
        reset: () => clearEmulator(projectId),
        close: () => store.close(),
      };
    },
  };
}
