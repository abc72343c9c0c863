import { join, resolve } from 'node:path';
import type { App } from 'firebase-admin/app';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import { authServiceFactory } from '../../../core/auth/auth.service';
import { demoSeedServiceFactory } from '../../../core/demo/demo-seed.service';
import type { Clock } from '../../../core/ports/clock.port';
import type { IdGenerator } from '../../../core/ports/id-generator.port';
import type { IdentityProvider } from '../../../core/ports/identity.port';
import type { DataStore } from '../../../core/ports/unit-of-work.port';
import { createProofOfWorkBotCheck } from '../../../adapters/botcheck/proof-of-work.bot-check';
import { createLocalDiskFileStore } from '../../../adapters/files/local-disk.file-store';
import { createLocalIdentityProvider } from '../../../adapters/identity/local.identity-provider';
import { createMemoryAdPlatform } from '../../../adapters/memory/ad-platform.fake';
import { createInProcessEventBus } from '../../../adapters/memory/event-bus.fake';
import { createMemoryMailer } from '../../../adapters/memory/mailer.fake';
import { createMemoryPaymentGateway } from '../../../adapters/memory/payment-gateway.fake';
import { openPostgres } from '../../../adapters/postgres/connection';
import { migrate } from '../../../adapters/postgres/migrator';
import { createPostgresDataStore } from '../../../adapters/postgres/postgres.data-store';
import { randomIds } from '../../../adapters/system/random-ids';
import { systemClock } from '../../../adapters/system/system-clock';
import type { Config } from './config';
import { TYPES } from './types';

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '../../../migrations');

/** What a test may replace: the clock and ids, to control time and names. */
export interface ContainerOverrides {
  clock?: Clock;
  ids?: IdGenerator;
}

export interface Composition {
  container: Container;
  close(): Promise<void>;
}

/** Firebase is loaded only in the modes that use it: it is a large part of start-up time. */
async function firebaseApp(config: Config): Promise<App> {
  const { cert, getApps, initializeApp } = await import('firebase-admin/app');
  const name = `causeway-${config.FIREBASE_PROJECT_ID}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  const usesEmulators = Boolean(config.FIRESTORE_EMULATOR_HOST || config.FIREBASE_AUTH_EMULATOR_HOST);
  return initializeApp(
    {
      projectId: config.FIREBASE_PROJECT_ID,
      // With GOOGLE_APPLICATION_CREDENTIALS the service account signs; the emulators need none.
      ...(config.GOOGLE_APPLICATION_CREDENTIALS && !usesEmulators
        ? { credential: cert(config.GOOGLE_APPLICATION_CREDENTIALS) }
        : {}),
    },
    name,
  );
}

async function deleteFirebaseApp(config: Config): Promise<void> {
  if (config.DATA_STORE !== 'firestore' && config.IDENTITY !== 'firebase') return;
  const { deleteApp, getApps } = await import('firebase-admin/app');
  const app = getApps().find((candidate) => candidate.name === `causeway-${config.FIREBASE_PROJECT_ID}`);
  // A later start in the same process (tests, restarts) must get fresh clients, not terminated ones.
  if (app) await deleteApp(app).catch(() => undefined);
}

async function openDataStore(config: Config, logger: Logger, clock: Clock, ids: IdGenerator): Promise<DataStore> {
  if (config.DATA_STORE === 'firestore') {
    logger.info({ projectId: config.FIREBASE_PROJECT_ID }, 'Data store: Firestore');
    const [{ getFirestore }, { createFirestoreDataStore }] = await Promise.all([
      import('firebase-admin/firestore'),
      import('../../../adapters/firestore/firestore.data-store'),
    ]);
    return createFirestoreDataStore(getFirestore(await firebaseApp(config)), { clock, ids });
  }
  const connection = config.DATABASE_URL
    ? await openPostgres({ kind: 'server', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openPostgres({ kind: 'embedded', dataDir: resolve(config.DATA_DIR, 'pglite') });
  const applied = await migrate(connection, MIGRATIONS_DIR);
  logger.info(
    { store: connection.kind === 'server' ? 'postgres' : 'pglite', migrationsApplied: applied },
    connection.kind === 'server' ? 'Data store: Postgres server' : `Data store: embedded PGlite in ${config.DATA_DIR}`,
  );
  return createPostgresDataStore(connection, { clock, ids });
}

async function identityProvider(
  config: Config,
  dataStore: DataStore,
  clock: Clock,
  ids: IdGenerator,
): Promise<IdentityProvider> {
  const sessionTtlMs = config.SESSION_TTL_HOURS * 3600 * 1000;
  if (config.IDENTITY === 'firebase') {
    const [{ getAuth }, { createFirebaseIdentityProvider }] = await Promise.all([
      import('firebase-admin/auth'),
      import('../../../adapters/identity/firebase.identity-provider'),
    ]);
    return createFirebaseIdentityProvider({
      auth: getAuth(await firebaseApp(config)),
      apiKey: config.FIREBASE_API_KEY ?? '',
      sessionTtlMs,
      ...(config.FIREBASE_AUTH_EMULATOR_HOST ? { emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST } : {}),
    });
  }
  return createLocalIdentityProvider({ credentials: dataStore.repositories.credentials, clock, ids, sessionTtlMs });
}

/**
 * The composition root: the one place that knows which adapter serves which port.
 * Opens the data store (migrating Postgres), then binds every port and use case.
 */
export async function compose(
  config: Config,
  logger: Logger,
  overrides: ContainerOverrides = {},
): Promise<Composition> {
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  const dataStore = await openDataStore(config, logger, clock, ids);
  const eventBus = createInProcessEventBus();
  const mailer = createMemoryMailer(clock);

  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TYPES.Config).toConstantValue(config);
  container.bind(TYPES.Logger).toConstantValue(logger);
  container.bind(TYPES.Clock).toConstantValue(clock);
  container.bind(TYPES.Ids).toConstantValue(ids);
  container.bind(TYPES.DataStore).toConstantValue(dataStore);
  container.bind(TYPES.Repositories).toConstantValue(dataStore.repositories);
  container.bind(TYPES.UnitOfWork).toConstantValue(dataStore.unitOfWork);
  container.bind(TYPES.Identity).toConstantValue(await identityProvider(config, dataStore, clock, ids));
  container.bind(TYPES.EventBus).toConstantValue(eventBus);
  // Mail is kept in the dev mailbox until an SMTP transport is configured.
  container.bind(TYPES.Mailer).toConstantValue(mailer);
  if (!config.production) container.bind(TYPES.Mailbox).toConstantValue(mailer);
  container
    .bind(TYPES.FileStore)
    .toConstantValue(
      createLocalDiskFileStore({ root: join(resolve(config.DATA_DIR), 'files'), baseUrl: `${config.publicUrl}/files` }),
    );
  container
    .bind(TYPES.BotCheck)
    .toConstantValue(
      createProofOfWorkBotCheck({ secret: ids.newSecret(), difficulty: 16, clock, ttlMs: 10 * 60 * 1000 }),
    );
  container.bind(TYPES.AdPlatform).toConstantValue(createMemoryAdPlatform());
  container
    .bind(TYPES.PaymentGateway)
    .toConstantValue(createMemoryPaymentGateway({ webhookSecret: ids.newSecret(), clock, baseUrl: config.publicUrl }));

  container.bind(TYPES.AuthService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return authServiceFactory({
      identity: context.get(TYPES.Identity),
      users: repositories.users,
      organizations: repositories.organizations,
      clock: context.get(TYPES.Clock),
    });
  });
  container.bind(TYPES.DemoSeedService).toDynamicValue((context) => {
    const repositories = context.get(TYPES.Repositories);
    return demoSeedServiceFactory({
      users: repositories.users,
      organizations: repositories.organizations,
      settings: repositories.settings,
      identity: context.get(TYPES.Identity),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
    });
  });

  return {
    container,
    async close() {
      await eventBus.close();
      await dataStore.close();
      await deleteFirebaseApp(config);
    },
  };
}
