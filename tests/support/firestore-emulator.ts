import { initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

const apps = new Map<string, App>();

/** A Firestore client on the emulator at FIRESTORE_EMULATOR_HOST, one project per suite. */
export function createEmulatorFirestore(projectId: string): Firestore {
  let app = apps.get(projectId);
  if (!app) {
    app = initializeApp({ projectId }, projectId);
    apps.set(projectId, app);
  }
  return getFirestore(app);
}

/** Deletes every document of the project through the emulator's own endpoint. */
export async function clearEmulator(projectId: string): Promise<void> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST is not set');
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`Could not clear the Firestore emulator: ${response.status}`);
}
