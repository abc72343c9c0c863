import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The platform's root folder (its package.json), found upward from `from`: the same whether the server
 * runs from its sources (apps/api/src) or from its bundle (dist/server).
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'causeway') {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`No causeway package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);
