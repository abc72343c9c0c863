import { z } from 'zod';

/**
 * The host part of a stored file address written while the public URL was its default,
 * http://localhost:PORT (or another loopback address): only the server's own computer can load such an
 * address, and a page opened as http://127.0.0.1:PORT, or from another computer, refuses it.
 */
const LOOPBACK_FILES_ORIGIN = /^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?(?=\/files\/)/i;

/**
 * A stored file's address as pages load it: the platform's own files by their same-origin path
 * (`/files/…`); an older address of them on a loopback host is read as that path, any other as it is.
 */
export const sameOriginFileAddress = (address: string): string => address.replace(LOOPBACK_FILES_ORIGIN, '');

/** Where a stored file (a cover, a header image, a logo, an avatar) is loaded from, as the store answered it. */
export const FileAddress = z.string().max(2048).transform(sameOriginFileAddress);

/**
 * A file address in full, for readers that have no page to resolve a path against (e-mails, link previews
 * read by crawlers): a same-origin path is put on the platform's public URL (or a page's address on it).
 * Null for anything that is not a web address.
 */
export function absoluteFileUrl(address: string, publicUrl: string): string | null {
  try {
    const url = new URL(sameOriginFileAddress(address), publicUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
