import type { Storage } from 'firebase-admin/storage';
import type { FileStore } from '@causeway/core/ports/file-store.port';
import { conflict } from '@causeway/core/shared/errors';
import { checkFilePath, fileUrl, pathOfFileUrl } from './file-path';

type Bucket = ReturnType<Storage['bucket']>;

/** A Cloud Storage "not found", whichever client call answered it. */
const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 404;

/**
 * Files in a Cloud Storage bucket (the firebase mode's store, SPEC §1: "files are kept in a cloud file
 * store"), under the same path rules as every store. Objects stay private: browsers fetch them through
 * the app's `/files/...` route (`baseUrl`), as with the local disk, so a link never depends on the
 * bucket's access settings.
 */
export function createCloudStorageFileStore(options: {
  bucket: Bucket;
  baseUrl: string;
  /** Where its files were served before: addresses under these are still read as the store's (`pathOf`). */
  formerBaseUrls?: readonly string[];
}): FileStore {
  const { bucket, baseUrl, formerBaseUrls } = options;

  /** A bucket has no folders: a path is refused when it is an existing file's folder, or under a file. */
  const checkNoClash = async (path: string) => {
    const segments = path.split('/');
    for (let end = 1; end < segments.length; end++) {
      const parent = segments.slice(0, end).join('/');
      const [parentExists] = await bucket.file(parent).exists();
      if (parentExists) throw conflict(`The file path "${path}" clashes with the stored file "${parent}".`);
    }
    const [children] = await bucket.getFiles({ prefix: `${path}/`, maxResults: 1, autoPaginate: false });
    if (children.length > 0) {
      throw conflict(`The file path "${path}" clashes with the stored file "${children[0]!.name}".`);
    }
  };

  return {
    async put(path, content, contentType) {
      checkFilePath(path);
      await checkNoClash(path);
      await bucket.file(path).save(Buffer.from(content), { contentType, resumable: false });
      return { path, contentType, size: content.byteLength, url: fileUrl(baseUrl, path) };
    },

    async get(path) {
      const file = bucket.file(checkFilePath(path));
      try {
        const [[metadata], [content]] = await Promise.all([file.getMetadata(), file.download()]);
        return {
          content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength),
          contentType: metadata.contentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(path) {
      const [exists] = await bucket.file(checkFilePath(path)).exists();
      return exists;
    },

    async delete(path) {
      await bucket.file(checkFilePath(path)).delete({ ignoreNotFound: true });
    },

    url(path) {
      return fileUrl(baseUrl, path);
    },

    pathOf(url) {
      return pathOfFileUrl(baseUrl, url, formerBaseUrls);
    },
  };
}
