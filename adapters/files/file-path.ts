import { invalid } from '@causeway/core/shared/errors';

const MAX_PATH_LENGTH = 1024;

/**
 * Refuses a path that could leave a store's root or be read two ways: absolute, a drive letter,
 * backslashes, NUL, empty segments, and segments starting with "." (which covers "." and "..", and
 * keeps a store's own hidden metadata out of reach).
 */
export function checkFilePath(path: string): string {
  const refuse = (why: string) =>
    invalid(`The file path "${path.replace(/\0/g, '\\0')}" is not allowed: ${why}.`, { path: why });
  if (typeof path !== 'string' || path.length === 0) throw refuse('it is empty');
  if (path.length > MAX_PATH_LENGTH) throw refuse('it is too long');
  if (path.includes('\0')) throw refuse('it contains a NUL character');
  if (path.includes('\\')) throw refuse('it contains a backslash');
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) throw refuse('it is absolute');
  for (const segment of path.split('/')) {
    if (segment === '') throw refuse('it has an empty segment');
    if (segment.startsWith('.')) throw refuse('a segment starts with "."');
  }
  return path;
}

/** baseUrl + "/" + the path with each segment percent-encoded. */
export function fileUrl(baseUrl: string, path: string): string {
  const encoded = checkFilePath(path).split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/${encoded}`;
}

/**
 * The stored path a URL of `fileUrl(baseUrl, …)` points to, for the base or any of `formerBaseUrls` (where
 * the store's files were served before), or null for an address elsewhere or a path no store would hold.
 */
export function pathOfFileUrl(baseUrl: string, url: string, formerBaseUrls: readonly string[] = []): string | null {
  for (const candidate of [baseUrl, ...formerBaseUrls]) {
    const base = `${candidate.replace(/\/+$/, '')}/`;
    if (!url.startsWith(base)) continue;
    try {
      const path = url.slice(base.length).split('/').map(decodeURIComponent).join('/');
      return checkFilePath(path);
    } catch {
      return null;
    }
  }
  return null;
}
