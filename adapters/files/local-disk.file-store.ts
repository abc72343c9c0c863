import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { FileStore } from '@causeway/core/ports/file-store.port';
import { conflict } from '@causeway/core/shared/errors';
import { checkFilePath, fileUrl, pathOfFileUrl } from './file-path';

export interface LocalDiskFileStoreOptions {
  /** The folder that holds the files; created when missing. */
  root: string;
  /** Where the root is served over HTTP. */
  baseUrl: string;
  /** Where it was served before: addresses under these are still read as the store's (`pathOf`). */
  formerBaseUrls?: readonly string[];
}

/**
 * Each file's content type is kept in a sidecar under `<root>/.content-types/` (a hidden folder,
 * unreachable through the store and not served by static file servers), so it round-trips exactly;
 * a file without a sidecar is typed by its extension.
 */
const SIDECAR_FOLDER = '.content-types';

const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain',
  csv: 'text/csv',
};

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '');

export function createLocalDiskFileStore(options: LocalDiskFileStoreOptions): FileStore {
  const root = resolve(options.root);

  /** The absolute location of a checked path, which stays inside the root. */
  function locate(path: string, folder = root): string {
    const location = resolve(folder, checkFilePath(path));
    if (!location.startsWith(folder + sep)) throw new Error(`Path ${path} resolved outside the store.`);
    return location;
  }
  const sidecarOf = (path: string) => locate(path, join(root, SIDECAR_FOLDER));

  /** Writes next to the target and renames, so a reader never sees half a file. */
  async function writeAtomically(location: string, content: Uint8Array | string): Promise<void> {
    await mkdir(dirname(location), { recursive: true });
    const temporary = join(dirname(location), `.${basename(location)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, content);
      await rename(temporary, location);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async put(path, content, contentType) {
      const location = locate(path);
      try {
        await writeAtomically(sidecarOf(path), contentType);
        await writeAtomically(location, content);
      } catch (error) {
        if (['EEXIST', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '')) {
          throw conflict(`The file path "${path}" clashes with a stored file or folder.`);
        }
        throw error;
      }
      return { path, contentType, size: content.byteLength, url: fileUrl(options.baseUrl, path) };
    },

    async get(path) {
      const location = locate(path);
      let content: Buffer;
      try {
        content = await readFile(location);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const contentType = await readFile(sidecarOf(path), 'utf8').catch((error: unknown) => {
        if (isMissing(error))
          return TYPES_BY_EXTENSION[path.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
        throw error;
      });
      return { content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength), contentType };
    },

    async exists(path) {
      const location = locate(path);
      try {
        return (await stat(location)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(path) {
      for (const location of [locate(path), sidecarOf(path)]) {
        try {
          await unlink(location);
        } catch (error) {
          // A folder at the path is not a file of the store: nothing to delete.
          if (!isMissing(error) && errorCode(error) !== 'EPERM') throw error;
        }
      }
    },

    url(path) {
      return fileUrl(options.baseUrl, path);
    },

    pathOf(url) {
      return pathOfFileUrl(options.baseUrl, url, options.formerBaseUrls);
    },
  };
}
