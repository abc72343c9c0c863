import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@causeway/api/config';
import { startServer, type RunningServer } from '@causeway/api/server';
import type { ContainerOverrides } from '@causeway/api/container';
import type { Logger } from 'pino';
import { freePort } from './free-port';
import { freshServerDatabase, testStoreName } from './test-stores';
import { seedPgliteDir } from './pglite-template';

export const TEST_DEMO_PASSWORD = 'demo-password-2026';

export interface TestApp {
  url: string;
  demoPassword: string;
  /** The Postgres server database it runs on; empty on PGlite and Firestore. */
  databaseUrl: string;
  /** The store the app runs on (TEST_STORE): 'pglite', 'postgres' (TEST_DATABASE_URL) or 'firestore'. */
  store: TestStoreName;
  /** The Firestore emulator project it runs on; empty on the Postgres stores. */
  firestoreProjectId: string;
  /** The identity service it runs with (TEST_IDENTITY): 'local', or 'firebase' on the Auth emulator. */
  identity: TestIdentityName;
  /** The Auth emulator project its accounts are in (the Firestore project on Firestore); empty with local identity. */
  authProjectId: string;
  /** The reporting mirror's own Postgres server database (Firestore with TEST_DATABASE_URL); else empty. */
  reportingDatabaseUrl: string;
  server: RunningServer;
  /** Stops the server and starts it again on the same data, as a second `npm start` would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export type TestStoreName = ReturnType<typeof testStoreName>;
export type TestIdentityName = ReturnType<typeof testIdentityName>;

/**
 * The identity service the API tier starts the app with: TEST_IDENTITY=firebase is Firebase Auth on the
 * Auth emulator at FIREBASE_AUTH_EMULATOR_HOST; unset or TEST_IDENTITY=local, the platform's own.
 */
export function testIdentityName(env: NodeJS.ProcessEnv = process.env): 'local' | 'firebase' {
  const named = env.TEST_IDENTITY?.trim();
  if (!named || named === 'local') return 'local';
  if (named !== 'firebase') throw new Error(`TEST_IDENTITY must be local or firebase, not ${named}.`);
  if (!env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('TEST_IDENTITY=firebase needs FIREBASE_AUTH_EMULATOR_HOST.');
  return 'firebase';
}

/** Deletes every account of the project on the Auth emulator at FIREBASE_AUTH_EMULATOR_HOST. */
async function clearAuthEmulator(projectId: string): Promise<void> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set');
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear the Auth emulator: ${response.status}`);
}

/**
 * The whole platform on a free port, as `npm start` runs it, on the store TEST_STORE names: with
 * TEST_STORE=firestore on a fresh project of the Firestore emulator at FIRESTORE_EMULATOR_HOST; otherwise
 * on a fresh database of the Postgres server at TEST_DATABASE_URL when set, else on PGlite in a temporary
 * folder. With TEST_IDENTITY=firebase, its accounts are in a fresh project of the Auth emulator (its
 * Firestore project on Firestore). Demo data is seeded.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: ContainerOverrides;
    /** The app's logger (by default one that writes nothing: LOG_LEVEL is silent). */
    logger?: Logger;
    /**
     * Another instance on this app's Postgres server database or Firestore project, as several instances
     * share one in production; the data stays the first app's (closing this one does not drop it).
     */
    sharingDatabaseOf?: TestApp;
    /** The store to run on instead of the one TEST_STORE names. */
    store?: TestStoreName;
  } = {},
): Promise<TestApp> {
  // In memory where the machine offers a tmpfs: an app's embedded database is some 30 MB of files.
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'causeway-test-'));
  const store = options.store ?? testStoreName();
  const shared = options.sharingDatabaseOf;
  if (shared && !shared.databaseUrl && !shared.firestoreProjectId)
    throw new Error('A second instance can only share a Postgres server database or a Firestore project.');
  const serverUrl = store === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const database = serverUrl && !shared ? await freshServerDatabase(serverUrl) : null;
  // The helper opened a connection to create the database; the app opens its own.
  if (database) await database.connection.close();
  const databaseUrl = shared?.databaseUrl ?? (database ? database.url : '');
  const firestoreProjectId =
    shared?.firestoreProjectId ?? (store === 'firestore' ? `causeway-${randomBytes(6).toString('hex')}` : '');
  // Beside Firestore the reporting mirror is a PGlite of its own, whose start is most of the app's; with
  // a Postgres server at hand it gets a fresh database there instead (REPORTING_DATABASE_URL).
  const reporting =
    firestoreProjectId && !shared && process.env.TEST_DATABASE_URL
      ? await freshServerDatabase(process.env.TEST_DATABASE_URL)
      : null;
  if (reporting) await reporting.connection.close();
  const reportingUrl = shared?.reportingDatabaseUrl ?? reporting?.url ?? '';
  // An embedded database starts from the migrated template rather than an empty cluster.
  if (store === 'pglite' && !shared) await seedPgliteDir(join(dataDir, 'pglite'));
  const firestoreEnv: Record<string, string> = firestoreProjectId
    ? {
        DATA_STORE: 'firestore',
        FIREBASE_PROJECT_ID: firestoreProjectId,
        FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST ?? '',
        ...(reportingUrl ? { REPORTING_DATABASE_URL: reportingUrl } : {}),
      }
    : {};
  const identity = testIdentityName();
  const authProjectId =
    identity === 'firebase'
      ? (shared?.authProjectId ?? (firestoreProjectId || `causeway-${randomBytes(6).toString('hex')}`))
      : '';
  const identityEnv: Record<string, string> = authProjectId
    ? {
        IDENTITY: 'firebase',
        FIREBASE_PROJECT_ID: authProjectId,
        // Any key does on the emulator.
        FIREBASE_API_KEY: 'emulator-key',
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
      }
    : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    // A port known before listening, so the addresses the app writes (mail links, campaign pages) work.
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    // Every sign-in solves a proof of work; a light one keeps the tests quick (the rule is the same).
    BOT_CHECK_DIFFICULTY: '8',
    // Tests count their own payments and notifications from zero; the test of demo donations turns them on.
    SEED_DEMO_DONATIONS: 'false',
    SEED_DEMO_HISTORY: 'false',
    // Tests read a page and the live list right after a gift; the caches' own rules have tests of their own.
    CAMPAIGN_PAGE_CACHE_MS: '0',
    CAMPAIGN_LIST_CACHE_MS: '0',
    ...firestoreEnv,
    ...identityEnv,
    ...options.env,
  });
  const app: TestApp = {
    url: '',
    demoPassword: TEST_DEMO_PASSWORD,
    databaseUrl,
    store,
    firestoreProjectId,
    identity,
    authProjectId,
    reportingDatabaseUrl: reportingUrl,
    server: await startServer(config, {
      overrides: options.overrides,
      ...(options.logger ? { logger: options.logger } : {}),
    }),
    async restart() {
      await app.server.close();
      app.server = await startServer(config, {
        overrides: options.overrides,
        ...(options.logger ? { logger: options.logger } : {}),
      });
      app.url = app.server.url;
    },
    async close() {
      await app.server.close();
      await database?.drop();
      await reporting?.drop();
      if (firestoreProjectId && !shared) {
        const { clearEmulator } = await import('./firestore-emulator');
        await clearEmulator(firestoreProjectId).catch(() => undefined);
      }
      if (authProjectId && !shared) await clearAuthEmulator(authProjectId).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  app.url = app.server.url;
  return app;
}
