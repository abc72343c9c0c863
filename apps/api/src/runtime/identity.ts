import { createLocalIdentityProvider } from '@causeway/adapters/identity/local.identity-provider';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { IdentityProvider } from '@causeway/core/ports/identity.port';
import type { DataStore } from '@causeway/core/ports/unit-of-work.port';
import type { Config } from '../config';
import type { FirebaseClients } from './firebase';

export async function identityProvider(
  config: Config,
  dataStore: DataStore,
  clock: Clock,
  ids: IdGenerator,
  firebase: FirebaseClients,
): Promise<IdentityProvider> {
  const sessionTtlMs = config.SESSION_TTL_HOURS * 3600 * 1000;
  if (config.IDENTITY === 'firebase') {
    // firebase-admin finds the Auth emulator in the environment only.
    if (config.FIREBASE_AUTH_EMULATOR_HOST)
      process.env.FIREBASE_AUTH_EMULATOR_HOST ??= config.FIREBASE_AUTH_EMULATOR_HOST;
    const [{ getAuth }, { createFirebaseIdentityProvider }] = await Promise.all([
      import('firebase-admin/auth'),
      import('@causeway/adapters/identity/firebase.identity-provider'),
    ]);
    return createFirebaseIdentityProvider({
      auth: getAuth(await firebase.app()),
      apiKey: config.FIREBASE_API_KEY ?? '',
      sessionTtlMs,
      ...(config.FIREBASE_AUTH_EMULATOR_HOST ? { emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST } : {}),
    });
  }
  return createLocalIdentityProvider({ credentials: dataStore.repositories.credentials, clock, ids, sessionTtlMs });
}
