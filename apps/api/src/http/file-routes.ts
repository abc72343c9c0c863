import { Router } from 'express';
import type { FileStore } from '@causeway/core/ports/file-store.port';
import { DomainError, notFound } from '@causeway/core/shared/errors';

/** Types a browser may show in place; anything else stored is offered as a download. */
const SHOWN_IN_PLACE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'video/mp4',
  'video/webm',
  'text/plain',
  'text/csv',
  'application/json',
]);

/**
 * Nothing under /files may run code or load anything from elsewhere, even an SVG opened on its own
 * (as an <img> it could not anyway); `sandbox` gives it an opaque origin, away from the session.
 */
const FILE_POLICY = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Serves the file store read-only at /files/<path>, where the store's URLs point. Only stored files
 * answer: no folder listings, no paths outside the store, no hidden files. The type is the one
 * recorded when the file was stored.
 */
export function fileRoutes(files: Pick<FileStore, 'get'>): Router {
  const router = Router();
  router.get('/files/*path', async (req, res) => {
    const segments = (req.params as { path: string[] }).path;
    let file: Awaited<ReturnType<FileStore['get']>>;
    try {
      file = await files.get(segments.join('/'));
    } catch (error) {
      // A path the store refuses (leaving its root, hidden, malformed) is simply not a file here.
      if (error instanceof DomainError && error.code === 'invalid') file = null;
      else throw error;
    }
    if (!file) throw notFound('No such file.');
    const type = file.contentType.split(';')[0]!.trim().toLowerCase();
    // attachment() types the response by the file name: the recorded type is set after it.
    if (!SHOWN_IN_PLACE.has(type)) res.attachment(segments.at(-1) ?? 'file');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', FILE_POLICY);
    // Logos and campaign images are public and are shown by other sites too (e-mail clients, the DSP).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // Paths are reused when an image is replaced: browsers check back (cheaply, with the ETag).
    res.setHeader('Cache-Control', 'no-cache');
    res.send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
  });
  return router;
}
