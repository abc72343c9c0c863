import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../apps/api/src/config';
import { startServer, type RunningServer } from '../../apps/api/src/server';
import type { ContainerOverrides } from '../../apps/api/src/container';
import type { Logger } from 'pino';
import { freePort } from './free-port';
import { freshServerDatabase } from './test-stores';

export const TEST_DEMO_PASSWORD = 'demo-password-2026';

export interface TestApp {
  url: string;
  demoPassword: string;
  /** The Postgres server database it runs on; empty on PGlite. */
  databaseUrl: string;
  server: RunningServer;
  /** Stops the server and starts it again on the same data, as a second `npm start` would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole platform on a free port, as `npm start` runs it: on a fresh database of the Postgres
 * server at TEST_DATABASE_URL when set, else on PGlite in a temporary folder. Demo data is seeded.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: ContainerOverrides;
    /** The app's logger (by default one that writes nothing: LOG_LEVEL is silent). */
    logger?: Logger;
    /**
     * Another instance on this app's Postgres server database, as several instances share one in
     * production; the database stays the first app's (closing this one does not drop it).
     */
    sharingDatabaseOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'causeway-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (options.sharingDatabaseOf && !options.sharingDatabaseOf.databaseUrl)
    throw new Error('A second instance can only share a Postgres server database (set TEST_DATABASE_URL).');
  const database = serverUrl && !options.sharingDatabaseOf ? await freshServerDatabase(serverUrl) : null;
  // The helper opened a connection to create the database; the app opens its own.
  if (database) await database.connection.close();
  const databaseUrl = options.sharingDatabaseOf?.databaseUrl ?? (database ? database.url : '');
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
    ...options.env,
  });
  const app: TestApp = {
    url: '',
    demoPassword: TEST_DEMO_PASSWORD,
    databaseUrl,
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  app.url = app.server.url;
  return app;
}
