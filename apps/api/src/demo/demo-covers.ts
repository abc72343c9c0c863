import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoreDemoCover } from '@causeway/core/demo/demo-covers';
import type { FileStore } from '@causeway/core/ports/file-store.port';
import { REPO_ROOT } from '../repo-root';

/** The demo campaigns' cover images (JPEG, 1200 × 630), rendered once from the SVG designs beside them. */
export const DEMO_COVERS_DIR = join(REPO_ROOT, 'apps', 'api', 'src', 'demo', 'covers');

/**
 * Stores a demo campaign's cover where a campaign's own files go, through the app's file store (the
 * local disk or a bucket), so Discover, the public page and its link preview serve it like any upload.
 */
export function demoCoverStore(
  files: Pick<FileStore, 'put'>,
  warn: (message: string, error: unknown) => void,
  directory = DEMO_COVERS_DIR,
): StoreDemoCover {
  return async (campaignId, design) => {
    try {
      const content = await readFile(join(directory, `${design}.jpg`));
      const stored = await files.put(`campaigns/${campaignId}-cover.jpg`, new Uint8Array(content), 'image/jpeg');
      return stored.url;
    } catch (error) {
      // The demo goes on without this cover: the page shows its placeholder.
      warn(`Demo: the cover ${design} could not be stored`, error);
      return null;
    }
  };
}
