import type { FileStore } from '@causeway/core/ports/file-store.port';
import { conflict } from '@causeway/core/shared/errors';
import { checkFilePath, fileUrl, pathOfFileUrl } from '../files/file-path';

/** Files kept in memory, under the same path rules as every store. */
export function createMemoryFileStore(
  baseUrl: string,
  options: { formerBaseUrls?: readonly string[] } = {},
): FileStore {
  const files = new Map<string, { content: Uint8Array; contentType: string }>();

  return {
    async put(path, content, contentType) {
      checkFilePath(path);
      // As on a disk, a path cannot be both a file and a folder.
      for (const existing of files.keys()) {
        if (existing.startsWith(`${path}/`) || path.startsWith(`${existing}/`)) {
          throw conflict(`The file path "${path}" clashes with the stored file "${existing}".`);
        }
      }
      files.set(path, { content: new Uint8Array(content), contentType });
      return { path, contentType, size: content.byteLength, url: fileUrl(baseUrl, path) };
    },

    async get(path) {
      const file = files.get(checkFilePath(path));
      return file ? { content: new Uint8Array(file.content), contentType: file.contentType } : null;
    },

    async exists(path) {
      return files.has(checkFilePath(path));
    },

    async delete(path) {
      files.delete(checkFilePath(path));
    },

    url(path) {
      return fileUrl(baseUrl, path);
    },

    pathOf(url) {
      return pathOfFileUrl(baseUrl, url, options.formerBaseUrls);
    },
  };
}
