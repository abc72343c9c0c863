// Builds the web shell and its remotes with vite, skipping an app whose sources have not changed since its last build.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Remotes first: the shell is last so a failed remote stops the build before the page that loads it. */
export const webApps = [
  { name: 'campaigner', dir: 'apps/campaigner' },
  { name: 'donor', dir: 'apps/donor' },
  { name: 'admin', dir: 'apps/admin' },
  { name: 'reporting', dir: 'apps/reporting' },
  { name: 'web', dir: 'shells/web' },
];

/** Code every front end builds from besides its own folder: all of core, whose contracts and pure rules they import. */
const commonInputs = ['shells/shared', 'core', 'package-lock.json', 'tsconfig.json', 'scripts/aliases.mjs'];
const hashFile = '.build-hash';
const skippedDirs = new Set(['dist', 'node_modules', '.vite']);

async function listFiles(target) {
  if (!existsSync(target)) return [];
  const entries = await readdir(target, { withFileTypes: true, recursive: true }).catch(() => null);
  if (entries === null) return [target];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(target, file)
          .split(path.sep)
          .some((part) => skippedDirs.has(part)),
    )
    .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'));
}

/** A hash of everything that shapes an app's build: its sources and vite config, shared code, the lockfile. */
export function sourceHash(app) {
  return hashOfInputs([app.dir, ...commonInputs, 'scripts/build-web.mjs']);
}

/** The hash of one folder or file, kept for the life of the process (one start checks five apps sharing core). */
const inputHashes = new Map();

function hashOfInput(input) {
  let hashed = inputHashes.get(input);
  if (!hashed) {
    hashed = (async () => {
      const hash = createHash('sha256');
      const files = (await listFiles(path.join(root, input))).sort();
      const contents = await Promise.all(files.map((file) => readFile(file)));
      files.forEach((file, index) => {
        hash.update(path.relative(root, file));
        hash.update('\0');
        hash.update(contents[index]);
        hash.update('\0');
      });
      return hash.digest('hex');
    })();
    inputHashes.set(input, hashed);
  }
  return hashed;
}

/** A hash of the files (tests aside) in these folders and files of the repository, their paths included. */
export async function hashOfInputs(inputs) {
  const hash = createHash('sha256');
  for (const digest of await Promise.all(inputs.map(hashOfInput))) hash.update(digest);
  return hash.digest('hex');
}

async function builtHash(app) {
  return readFile(path.join(root, app.dir, 'dist', hashFile), 'utf8').catch(() => null);
}

/** Builds one app with vite's JS API; runs in its own process (see buildInChildProcess). */
async function buildApp(appRoot) {
  const { build } = await import('vite');
  await build({ root: appRoot, configFile: path.join(appRoot, 'vite.config.ts'), logLevel: 'warn' });
  await precompress(path.join(appRoot, 'dist'));
}

/** Text assets worth compressing; fonts (woff2) and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a build, at the highest
 * levels (done once per build, not per request); the server picks one by the request's Accept-Encoding.
 */
export async function precompress(dist) {
  const entries = await readdir(dist, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/**
 * Each build gets a fresh process: the federation plugin keeps module-level state between builds, resolves
 * some paths against the working directory, and switches itself off under a test runner's environment.
 */
function buildInChildProcess(appRoot) {
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const key of Object.keys(env)) if (key === 'VITEST' || key.startsWith('VITEST_')) delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--app', appRoot], {
      cwd: appRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building ${path.relative(root, appRoot)} failed:\n${output}`)),
    );
  });
}

/** Builds run side by side, as many as the machine has cores (each is a separate process). */
const BUILD_CONCURRENCY = Math.max(1, Math.min(webApps.length, availableParallelism()));

export async function buildWeb({ force = false, log = console.log } = {}) {
  const started = performance.now();
  const pending = [];
  for (const app of webApps) {
    const hash = await sourceHash(app);
    if (!force && (await builtHash(app)) === hash) log(`web: ${app.name} up to date, skipped`);
    else pending.push({ app, hash });
  }
  if (pending.length === 0) return;
  log(`web: building ${pending.map(({ app }) => app.name).join(', ')} (${BUILD_CONCURRENCY} at a time)...`);
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const appStarted = performance.now();
      const appRoot = path.join(root, next.app.dir);
      await buildInChildProcess(appRoot);
      await writeFile(path.join(appRoot, 'dist', hashFile), next.hash);
      log(`web: ${next.app.name} built in ${((performance.now() - appStarted) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: BUILD_CONCURRENCY }, worker));
  log(`web: ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const appIndex = process.argv.indexOf('--app');
  const run =
    appIndex > 0 ? buildApp(process.argv[appIndex + 1]) : buildWeb({ force: process.argv.includes('--force') });
  run.catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
