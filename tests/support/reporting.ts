import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import type { PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import { createPostgresDataStore } from '@causeway/adapters/postgres/postgres.data-store';
import { createPostgresReportingMirror, MIRROR_TABLES } from '@causeway/adapters/postgres/reporting/reporting.mirror';
import { createPostgresReportingSource } from '@causeway/adapters/postgres/reporting/reporting.source';
import type { ReportingDatabase } from '@causeway/adapters/postgres/reporting/reporting.tables';
import { randomIds } from '@causeway/adapters/system/random-ids';
import type { ReportingMirror, ReportingSource } from '@causeway/core/ports/reporting.port';
import type { DataStore } from '@causeway/core/ports/unit-of-work.port';
import { REPORTING_API, type ReportingStatusResponse } from '@causeway/core/contracts/reporting.contract';
import { callApi } from './api-client';
import { freshServerDatabase, MIGRATIONS_DIR, truncateAll } from './test-stores';
import { openTemplatePglite } from './pglite-template';

export const REPORTING_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/reporting', import.meta.url));

/** An operational store and the reporting mirror fed from it. */
export interface MirrorSubject {
  name: string;
  store: DataStore;
  source: ReportingSource;
  mirror: ReportingMirror;
  mirrorDb: Kysely<ReportingDatabase>;
  clock: ManualClock;
  /** Empties the store and the mirror. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

interface MirrorFactory {
  name: string;
  open(): Promise<MirrorSubject>;
}

export async function migrateMirror(connection: PostgresConnection): Promise<void> {
  await migrate(connection, REPORTING_MIGRATIONS_DIR, { table: 'reporting_migrations', lockKey: 7_301_995 });
}

/** Empties every mirror table and the projector's state. */
export async function resetMirror(db: Kysely<ReportingDatabase>): Promise<void> {
  // DELETE, not TRUNCATE: a test's few rows go in milliseconds, where TRUNCATE takes about a second on a server.
  for (const table of [...MIRROR_TABLES, 'applied_events']) await sql.raw(`delete from reporting.${table}`).execute(db);
  await db
    .updateTable('reporting.projector_state')
    .set({
      last_event_id: null,
      last_position: null,
      last_event_at: null,
      last_applied_at: null,
      events_applied: 0,
      last_rebuild_at: null,
      lease_holder: null,
      lease_token: null,
      lease_until: null,
    })
    .execute();
}

function samePostgres(
  name: string,
  open: () => Promise<{ connection: PostgresConnection; drop?: () => Promise<void> }>,
) {
  return {
    name,
    async open(): Promise<MirrorSubject> {
      const { connection, drop } = await open();
      await migrate(connection, MIGRATIONS_DIR);
      await migrateMirror(connection);
      const clock = new ManualClock();
      const mirrorDb = connection.db as unknown as Kysely<ReportingDatabase>;
      return {
        name,
        store: createPostgresDataStore(connection, { clock, ids: randomIds }),
        source: createPostgresReportingSource(connection.db),
        mirror: createPostgresReportingMirror(mirrorDb),
        mirrorDb,
        clock,
        async reset() {
          await truncateAll(connection);
          await resetMirror(mirrorDb);
        },
        async close() {
          await connection.close();
          await drop?.();
        },
      };
    },
  };
}

function firestoreFeedingPglite(): MirrorFactory {
  return {
    name: 'firestore → pglite',
    async open() {
      const { createEmulatorFirestore, clearEmulator } = await import('./firestore-emulator');
      const { createFirestoreDataStore } = await import('@causeway/adapters/firestore/firestore.data-store');
      const { createFirestoreReportingSource } = await import('@causeway/adapters/firestore/reporting.source');
      const projectId = `test-${randomBytes(4).toString('hex')}`;
      const firestore = createEmulatorFirestore(projectId);
      const clock = new ManualClock();
      const store = createFirestoreDataStore(firestore, { clock, ids: randomIds });
      const connection = await openTemplatePglite();
      await migrateMirror(connection);
      const mirrorDb = connection.db as unknown as Kysely<ReportingDatabase>;
      return {
        name: 'firestore',
        store,
        source: createFirestoreReportingSource(firestore),
        mirror: createPostgresReportingMirror(mirrorDb),
        mirrorDb,
        clock,
        async reset() {
          await clearEmulator(projectId);
          await resetMirror(mirrorDb);
        },
        async close() {
          await store.close();
          await connection.close();
        },
      };
    },
  };
}

/** PGlite always, the Postgres server with TEST_DATABASE_URL, Firestore feeding a PGlite mirror with the emulator. */
export function mirrorFactories(options: { firestore?: boolean } = {}): MirrorFactory[] {
  const factories: MirrorFactory[] = [samePostgres('pglite', async () => ({ connection: await openTemplatePglite() }))];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) factories.push(samePostgres('postgres', () => freshServerDatabase(serverUrl)));
  if (options.firestore !== false && process.env.FIRESTORE_EMULATOR_HOST) factories.push(firestoreFeedingPglite());
  return factories;
}

/** A suite run on every store feeding the mirror here and now; each test starts empty. */
export function describeMirror(
  name: string,
  body: (subject: () => MirrorSubject) => void,
  options: { firestore?: boolean } = {},
): void {
  describe.each(mirrorFactories(options))(`${name} on $name`, (factory) => {
    let current: MirrorSubject | undefined;
    beforeAll(async () => {
      current = await factory.open();
    }, 60_000);
    beforeEach(async () => {
      await current?.reset();
    });
    afterAll(async () => {
      await current?.close();
    });
    body(() => {
      if (!current) throw new Error(`${factory.name} did not open`);
      return current;
    });
  });
}

/** Every row of every mirror table, in a stable order, for comparing two mirrors. */
export async function mirrorSnapshot(db: Kysely<ReportingDatabase>): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of MIRROR_TABLES) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(`reporting.${table}`)}`.execute(db);
    snapshot[table] = result.rows
      .map((row) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return snapshot;
}

/** The reporting mirror's status over the API (platform staff's view). */
export async function mirrorStatus(app: { url: string }, cookie: string): Promise<ReportingStatusResponse> {
  const response = await callApi<ReportingStatusResponse>(app, 'GET', REPORTING_API.status, { cookie });
  expect(response.status).toBe(200);
  return response.body;
}

/** Polls until the mirror has applied everything written so far. */
export async function mirrorCaughtUp(
  app: { url: string },
  cookie: string,
  timeoutMs: number,
): Promise<ReportingStatusResponse> {
  const started = Date.now();
  for (;;) {
    const current = await mirrorStatus(app, cookie);
    if (current.backlog === 0) return current;
    if (Date.now() - started > timeoutMs) throw new Error(`The mirror is ${current.backlog} events behind`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
