// Bundles the API server (apps/api/src/main.ts with the core and adapters it uses; packages stay in
// node_modules) into dist/server with esbuild, so `npm start` loads plain JavaScript at once instead of
// compiling TypeScript on every start. Skipped when its sources have not changed since the last build.
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashOfInputs } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(root, 'dist', 'server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'main.mjs');
const hashFile = path.join(SERVER_DIR, '.build-hash');
const inputs = ['apps/api/src', 'core', 'adapters', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

export async function buildServer({ force = false, log = console.log } = {}) {
  const hash = await hashOfInputs(inputs);
  const built = await readFile(hashFile, 'utf8').catch(() => null);
  if (!force && built === hash && existsSync(SERVER_ENTRY)) {
    log('server: up to date, skipped');
    return;
  }
  const started = performance.now();
  const { build } = await import('esbuild');
  await rm(SERVER_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'apps/api/src/main.ts' },
    outdir: SERVER_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Adapters loaded only in some modes (Firestore, Firebase) stay in chunks of their own.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  await writeFile(hashFile, hash);
  log(`server: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildServer({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
