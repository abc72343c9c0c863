import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import type { Config } from '../config';

/** The Firebase app of one composition: its clients, made on first use, ended once when it closes. */
export interface FirebaseClients {
  app(): Promise<App>;
  close(): Promise<void>;
}

/**
 * Firebase is loaded only in the modes that use it: it is a large part of start-up time. Each composition
 * has an app (a set of clients) of its own, shared by its data store, live bus, identity and files, so
 * two instances in one process (tests) stay as apart as two processes.
 */
export function firebaseClients(config: Config): FirebaseClients {
  let made: Promise<App> | undefined;
  return {
    app: () =>
      (made ??= (async () => {
        const { cert, initializeApp } = await import('firebase-admin/app');
        const usesEmulators = Boolean(config.FIRESTORE_EMULATOR_HOST || config.FIREBASE_AUTH_EMULATOR_HOST);
        return initializeApp(
          {
            projectId: config.FIREBASE_PROJECT_ID,
            // With GOOGLE_APPLICATION_CREDENTIALS the service account signs; the emulators need none.
            ...(config.GOOGLE_APPLICATION_CREDENTIALS && !usesEmulators
              ? { credential: cert(config.GOOGLE_APPLICATION_CREDENTIALS) }
              : {}),
          },
          `causeway-${config.FIREBASE_PROJECT_ID}-${randomUUID()}`,
        );
      })()),
    async close() {
      const app = made;
      made = undefined;
      if (!app) return;
      const { deleteApp } = await import('firebase-admin/app');
      await deleteApp(await app).catch(() => undefined);
    },
  };
}
