#!/usr/bin/env node
// Runs every test tier: unit and contract in one vitest run, the API tier once per data store (PGlite,
// the Postgres server at TEST_DATABASE_URL, Firestore on its emulator), then the browser tier.
// Where no Chromium exists the browser tier is skipped, loudly; everything else still runs.
// Firestore suites run on the emulator at FIRESTORE_EMULATOR_HOST; when that is unset and the gcloud CLI
// has its Firestore emulator, one is started for the run. The Firebase Auth emulator (from firebase-tools, a
// dev dependency) is started the same way unless FIREBASE_AUTH_EMULATOR_HOST is set: the identity contract
// suite runs on it, and the identity API tests run once more with IDENTITY=firebase on Firestore.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.tmp/test-reports`;
mkdirSync(reports, { recursive: true });
const extra = process.argv.slice(2);

/**
 * One vitest run of some projects as a tier: its output goes to `<reports>/<name>.log` (tiers run side by
 * side, so their output is shown whole as each ends), its results to `<reports>/<name>.json`.
 */
function vitest(projects, name, env = {}, files = []) {
  const outputFile = `${reports}/${name}.json`;
  const logFile = `${reports}/${name}.log`;
  rmSync(outputFile, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outputFile}`,
    ...files,
    ...extra,
  ];
  const started = Date.now();
  const log = createWriteStream(logFile);
  const child = spawn('npx', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  console.log(`>> ${name}: started (output in ${logFile.replace(root, '')})`);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(`\n${'='.repeat(30)} ${name} (${seconds} s) ${'='.repeat(30)}`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        let passed = 0;
        let failed = 0;
        let skipped = 0;
        let failures = [];
        let slowest = [];
        if (existsSync(outputFile)) {
          const report = JSON.parse(readFileSync(outputFile, 'utf8'));
          passed = report.numPassedTests ?? 0;
          failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
          skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
          failures = failuresOf(report);
          slowest = slowestFiles(report, 3);
        }
        if (status !== 0 && failures.length === 0)
          failures.push(`vitest ended with ${signal ?? `exit code ${status}`}`);
        resolve({ name, ok: status === 0, passed, failed, skipped, seconds, failures, slowest });
      });
    });
  });
}

/** The `count` files of a vitest JSON report that took longest, as `path (N s)`. */
function slowestFiles(report, count) {
  return (report.testResults ?? [])
    .map((file) => ({
      path: String(file.name ?? '').replace(root, ''),
      seconds: Math.round(((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000),
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((file) => `${file.path} (${file.seconds} s)`);
}

/** Each failed test or file of a vitest JSON report: where it is, its name and its error's first line. */
function failuresOf(report) {
  const firstLine = (messages) =>
    String(messages?.[0] ?? '')
      .split('\n')[0]
      .slice(0, 300);
  const out = [];
  for (const file of report.testResults ?? []) {
    const path = String(file.name ?? '').replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) out.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages)}`);
    if (file.status === 'failed' && failedTests.length === 0) out.push(`${path}: ${firstLine([file.message])}`);
  }
  return out;
}

async function startFirestoreEmulator() {
  if (process.env.FIRESTORE_EMULATOR_HOST) return null;
  const probe = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8' });
  const sdkRoot = probe.status === 0 ? probe.stdout.trim() : '';
  if (!sdkRoot || !existsSync(`${sdkRoot}/platform/cloud-firestore-emulator`)) {
    console.log(
      'Firestore contract suites not run: set FIRESTORE_EMULATOR_HOST (see docs/testing.md) to include them.',
    );
    return null;
  }
  const hostPort = '127.0.0.1:8787';
  const emulator = spawn('gcloud', ['emulators', 'firestore', 'start', `--host-port=${hostPort}`], {
    detached: true,
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 60; attempt++) {
    const up = await fetch(`http://${hostPort}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      process.env.FIRESTORE_EMULATOR_HOST = hostPort;
      // Against the emulator there is no cloud metadata server to look for.
      process.env.METADATA_SERVER_DETECTION ??= 'none';
      console.log(`Firestore emulator started at ${hostPort} for the contract suites.`);
      return () => process.kill(-emulator.pid, 'SIGTERM');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-emulator.pid, 'SIGTERM');
  console.log('Firestore emulator did not start in 30 s: Firestore contract suites not run.');
  return null;
}

/**
 * The Firebase Auth emulator from the Firebase CLI (firebase-tools, a dev dependency). It runs offline: no
 * update check, no prompt. Answers how to stop it, or why Firebase Auth suites cannot run here.
 */
async function startAuthEmulator() {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return { stop: null, unavailable: null };
  // The CLI's own script under Node: no executable bit or PATH needed.
  const cli = `${root}node_modules/firebase-tools/lib/bin/firebase.js`;
  const cliEnv = { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' };
  const probe = existsSync(cli)
    ? spawnSync(process.execPath, [cli, '--version'], { stdio: 'ignore', env: cliEnv, timeout: 60_000 })
    : null;
  if (!probe || probe.status !== 0) {
    const unavailable = probe
      ? 'the Firebase CLI (firebase-tools) does not run here'
      : 'no Firebase CLI: run npm ci (firebase-tools) or set FIREBASE_AUTH_EMULATOR_HOST';
    console.log(`Firebase Auth suites not run: ${unavailable}.`);
    return { stop: null, unavailable };
  }
  const hostPort = '127.0.0.1:9099';
  const config = `${reports}/firebase.json`;
  writeFileSync(
    config,
    JSON.stringify({
      // Each test app has a project of its own on the one emulator.
      emulators: { auth: { host: '127.0.0.1', port: 9099 }, ui: { enabled: false }, singleProjectMode: false },
    }),
  );
  // Started in the reports folder, where the CLI writes its firebase-debug.log.
  const emulator = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--config', config, '--project', 'demo-causeway'],
    { cwd: reports, detached: true, stdio: 'ignore', env: cliEnv },
  );
  let exited = false;
  emulator.on('exit', () => (exited = true));
  for (let attempt = 0; attempt < 120; attempt++) {
    const up = await fetch(`http://${hostPort}/`).then(
      () => true,
      () => false,
    );
    if (up) {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = hostPort;
      console.log(`Firebase Auth emulator started at ${hostPort}.`);
      return { stop: () => process.kill(-emulator.pid, 'SIGTERM'), unavailable: null };
    }
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!exited) process.kill(-emulator.pid, 'SIGTERM');
  const unavailable = exited
    ? `the Firebase Auth emulator stopped at start (see ${reports}/firebase-debug.log)`
    : 'the Firebase Auth emulator did not start in 60 s';
  console.log(`Firebase Auth suites not run: ${unavailable}.`);
  return { stop: null, unavailable };
}

/** The API test files about who someone is: sign-in, sessions, password reset, users and invitations. */
const IDENTITY_API_FILES = [
  'apps/api/src/auth.api.test.ts',
  'apps/api/src/session-branding.api.test.ts',
  'apps/api/src/password-reset.api.test.ts',
  'apps/api/src/users.api.test.ts',
  'apps/api/src/registration.api.test.ts',
  'apps/api/src/two-instances.api.test.ts',
];

/** Without TEST_DATABASE_URL, a throwaway Postgres server from testcontainers where Docker runs. */
async function startPostgresContainer() {
  if (process.env.TEST_DATABASE_URL) return null;
  if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
    console.log('No TEST_DATABASE_URL and no Docker engine: the Postgres suites run on PGlite only.');
    return null;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:15').start();
  process.env.TEST_DATABASE_URL = container.getConnectionUri();
  console.log('Postgres server started with testcontainers for the Postgres suites.');
  return () => container.stop();
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What each tier may take on a 2-core machine with the others running beside it, in seconds: about 1.3
 * times what each took in a fresh clone's CI run on a quiet machine (2026-11-28: server 151 s, PGlite
 * 464 s, Postgres 511 s, Firestore 629 s, Firebase identity 50 s, browser 429 s; 11:47 in all). `npm test`
 * prints each tier's time beside its budget so a tier that grows is seen; a tier over its budget is
 * named, not failed.
 */
const BUDGETS = {
  server: 200,
  'api-pglite': 620,
  'api-postgres': 660,
  'api-firestore': 820,
  'api-firestore-firebase': 70,
  e2e: 560,
};

/**
 * How many tiers run side by side (TEST_CONCURRENCY). Most of a tier's time is waiting (for a database
 * server, an emulator, a browser, a timer), so on two cores four tiers at once finish the whole much
 * sooner than one after another; each tier's own test files still run one at a time.
 */
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY ?? 4) || 4);

/** Runs the tiers, at most `limit` at a time, in the order given (the longest first keeps the tail short). */
async function runTiers(tiers, limit) {
  const results = new Array(tiers.length);
  let next = 0;
  const worker = async () => {
    while (next < tiers.length) {
      const index = next++;
      results[index] = await tiers[index].run();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tiers.length) }, worker));
  return results;
}

// The stores' servers, the emulators and the builds start side by side: each mostly waits (on a JVM, a
// container, esbuild's own threads), and one after another they were half a minute before any tier.
const started = Date.now();
const building = (async () => {
  // The web apps: the API tier serves the public pages from them, the browser tier runs them.
  const { buildWeb } = await import('./build-web.mjs');
  await buildWeb({});
  // And the server bundle `npm start` runs, which the crash tests start as a process of its own.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer({});
})();
// Settled here so a failed build is not an unhandled rejection while the emulators start; thrown below.
const built = building.then(
  () => null,
  (error) => error,
);
const [stopPostgres, stopEmulator, authEmulator] = await Promise.all([
  startPostgresContainer(),
  startFirestoreEmulator(),
  startAuthEmulator(),
]);
let results = [];
// The API tier on every data store here: each app of a run on a fresh database or Firestore project.
const apiStores = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? ['postgres'] : []),
  ...(process.env.FIRESTORE_EMULATOR_HOST ? ['firestore'] : []),
];
/** Why the identity API tests did not run on Firestore with Firebase identity, or null when they did. */
let identitySkipped = 'not reached';
try {
  const buildError = await built;
  if (buildError) throw buildError;

  const tiers = [];
  // The browser tier first: it is long and its files run one after another.
  if (existsSync(chromium)) {
    tiers.push({ name: 'e2e', run: () => vitest(['e2e'], 'e2e') });
  } else {
    const bar = '!'.repeat(78);
    console.error(`\n${bar}\n!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`);
    console.error('!! Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.');
    console.error(`${bar}\n`);
  }
  for (const store of [...apiStores].reverse())
    tiers.push({ name: `api-${store}`, run: () => vitest(['api'], `api-${store}`, { TEST_STORE: store }) });
  tiers.push({ name: 'server', run: () => vitest(['unit', 'contract'], 'server') });
  if (!process.env.TEST_DATABASE_URL) console.log('API tier not run on a Postgres server: set TEST_DATABASE_URL.');
  if (!apiStores.includes('firestore')) console.log('API tier not run on Firestore: no Firestore emulator.');
  // The identity API tests once more as the original product ran: Firestore with Firebase Auth.
  identitySkipped = authEmulator.unavailable ?? (apiStores.includes('firestore') ? null : 'no Firestore emulator');
  if (!identitySkipped) {
    tiers.push({
      name: 'api-firestore-firebase',
      run: () =>
        vitest(
          ['api'],
          'api-firestore-firebase',
          { TEST_STORE: 'firestore', TEST_IDENTITY: 'firebase' },
          IDENTITY_API_FILES,
        ),
    });
  }
  console.log(`Running ${tiers.length} tiers, ${concurrency} at a time: ${tiers.map((tier) => tier.name).join(', ')}`);
  results = await runTiers(tiers, concurrency);
} finally {
  stopEmulator?.();
  authEmulator.stop?.();
}

await stopPostgres?.();

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const ok = results.every((r) => r.ok);
const wall = Math.round((Date.now() - started) / 1000);
console.log('');
console.log(`tier                     tests                                time    budget`);
for (const run of [...results].sort((a, b) => a.name.localeCompare(b.name))) {
  const budget = BUDGETS[run.name];
  const counts = `${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped`;
  const over = budget && run.seconds > budget ? `  OVER BUDGET by ${run.seconds - budget} s` : '';
  console.log(
    `${run.name.padEnd(24)} ${counts.padEnd(36)} ${`${run.seconds} s`.padStart(6)} ${`${budget ?? '-'} s`.padStart(7)}${over}`,
  );
}
if (identitySkipped) console.log(`api-firestore-firebase: skipped (${identitySkipped})`);
console.log(`builds, emulators and all tiers (${concurrency} tiers at a time): ${wall} s`);
console.log('slowest files (every file of a tier is in its JSON report):');
for (const run of results) if (run.slowest.length) console.log(`  ${run.name}: ${run.slowest.join(', ')}`);
// What failed, again at the end, where a long run's log is read first.
for (const run of results) {
  for (const failure of run.failures) console.log(`FAILED in ${run.name}: ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
