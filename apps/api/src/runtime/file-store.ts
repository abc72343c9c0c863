import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { createLocalDiskFileStore } from '@causeway/adapters/files/local-disk.file-store';
import type { FileStore } from '@causeway/core/ports/file-store.port';
import type { Config } from '../config';
import type { FirebaseClients } from './firebase';

/**
 * Uploaded files: in a Cloud Storage bucket when FIREBASE_STORAGE_BUCKET is set (firebase mode), else on
 * disk under DATA_DIR. Either way browsers fetch them through the app's /files/... route, by same-origin
 * paths (or from FILES_PUBLIC_URL).
 */
export async function openFileStore(config: Config, logger: Logger, firebase: FirebaseClients): Promise<FileStore> {
  const addresses = { baseUrl: config.filesUrl, formerBaseUrls: config.formerFilesUrls };
  if (!config.FIREBASE_STORAGE_BUCKET) {
    return createLocalDiskFileStore({ root: join(resolve(config.DATA_DIR), 'files'), ...addresses });
  }
  if (config.FIREBASE_STORAGE_EMULATOR_HOST)
    process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= config.FIREBASE_STORAGE_EMULATOR_HOST;
  const [{ getStorage }, { createCloudStorageFileStore }] = await Promise.all([
    import('firebase-admin/storage'),
    import('@causeway/adapters/files/cloud-storage.file-store'),
  ]);
  logger.info({ bucket: config.FIREBASE_STORAGE_BUCKET }, 'Files: Cloud Storage');
  const bucket = getStorage(await firebase.app()).bucket(config.FIREBASE_STORAGE_BUCKET);
  return createCloudStorageFileStore({ bucket, ...addresses });
}
