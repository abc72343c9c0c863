// Bundles the API server (apps/api/src/main.ts with the core and adapters it uses; packages stay in
// node_modules) into dist/server with esbuild, so `npm start` loads plain JavaScript at once instead of
// compiling TypeScript on every start. Skipped when its sources have not changed since the last build.
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OWN_PREFIX } from './aliases.mjs';
import { hashOfInputs } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(root, 'dist', 'server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'main.mjs');
const inputs = [
  'apps/api/src',
  'core',
  'adapters',
  'shells',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-server.mjs',
];

/**
 * Whether the built-in DSP and Stripe sandboxes go into the bundle: always outside production; in a
 * production build only when SANDBOXES=true asks for them (a demo stack). Without them esbuild drops
 * their code altogether (see SANDBOX_MODULES in apps/api/src/runtime/sandboxes.ts).
 */
export function bundlesSandboxes(env = process.env) {
  return env.NODE_ENV !== 'production' || ['true', '1', 'yes'].includes(env.SANDBOXES ?? '');
}

/**
 * Packages bundled into the server instead of loaded from node_modules: React and what renders with it
 * (the public campaign page is rendered on the server). Bundled, their production build is chosen at
 * build time, so `npm start` renders with it whatever NODE_ENV says (React's development build renders a
 * page about 2.5 times slower). Every other package stays in node_modules.
 */
const BUNDLED_PACKAGES = new Set(['react', 'react-dom', 'scheduler', 'lucide-react']);

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Leaves every package but BUNDLED_PACKAGES to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    // The code base's own layers (`@causeway/...`) are bundled: esbuild resolves them by tsconfig.json's paths.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith(OWN_PREFIX) || BUNDLED_PACKAGES.has(packageOf(args.path))
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function buildServer({ force = false, log = console.log, env = process.env, outdir = SERVER_DIR } = {}) {
  const sandboxes = bundlesSandboxes(env);
  const hash = `${await hashOfInputs(inputs)}${sandboxes ? '' : ':without-sandboxes'}`;
  const hashFile = path.join(outdir, '.build-hash');
  const built = await readFile(hashFile, 'utf8').catch(() => null);
  if (!force && built === hash && existsSync(path.join(outdir, 'main.mjs'))) {
    log('server: up to date, skipped');
    return;
  }
  const started = performance.now();
  const { build } = await import('esbuild');
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The embedded database's thread is a file of its own, beside the chunk that starts it.
    entryPoints: { main: 'apps/api/src/main.ts', 'pglite.worker': 'adapters/postgres/pglite.worker.mjs' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Adapters loaded only in some modes (Firestore, Firebase) stay in chunks of their own.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages],
    // Drops the development builds of the bundled packages (their branches on NODE_ENV).
    minifySyntax: true,
    // The bundled packages are CommonJS and require Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
    define: {
      // Only the bundled packages read it; the app's own settings read NODE_ENV from the environment.
      'process.env.NODE_ENV': JSON.stringify('production'),
      ...(sandboxes ? {} : { 'process.env.CAUSEWAY_SANDBOXES_BUNDLED': JSON.stringify('false') }),
    },
  });
  await writeFile(hashFile, hash);
  log(
    `server: built in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      (sandboxes ? '' : ' (production, without the built-in sandboxes)'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildServer({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
