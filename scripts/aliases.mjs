// The import names of the code base's layers (`@causeway/core/...`, `@causeway/adapters/...`), read from
// tsconfig.json's `paths` so that tsc, tsx, esbuild (which read tsconfig.json themselves), vitest and vite
// resolve them the same way from one list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));

/** The prefix every layer's import name starts with: imports that start with it are the code base's own. */
export const OWN_PREFIX = '@causeway/';

/** Vite's and vitest's `resolve.alias`: each `@causeway/<layer>` to its folder. */
export const layerAliases = Object.entries(compilerOptions.paths).map(([name, [target]]) => ({
  find: name.replace(/\/\*$/, ''),
  replacement: path.join(root, target.replace(/\/\*$/, '')),
}));
