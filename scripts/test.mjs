#!/usr/bin/env node
// Runs every test tier: unit, contract and API in one vitest run, then the browser tier.
// Where no Chromium exists the browser tier is skipped, loudly; everything else still runs.
// Firestore contract suites run on the emulator at FIRESTORE_EMULATOR_HOST; when that is unset and the
// gcloud CLI has its Firestore emulator, one is started for the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.tmp/test-reports`;
mkdirSync(reports, { recursive: true });
const extra = process.argv.slice(2);

function vitest(projects, name) {
  const outputFile = `${reports}/${name}.json`;
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outputFile}`,
    ...extra,
  ];
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
  let passed = 0;
  let failed = 0;
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests ?? 0;
    failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  }
  return { ok: result.status === 0, passed, failed };
}

async function startFirestoreEmulator() {
  if (process.env.FIRESTORE_EMULATOR_HOST) return null;
  const probe = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8' });
  const sdkRoot = probe.status === 0 ? probe.stdout.trim() : '';
  if (!sdkRoot || !existsSync(`${sdkRoot}/platform/cloud-firestore-emulator`)) {
    console.log('Firestore contract suites not run: set FIRESTORE_EMULATOR_HOST (see README) to include them.');
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
const stopPostgres = await startPostgresContainer();
const stopEmulator = await startFirestoreEmulator();
const results = [];
try {
  results.push(vitest(['unit', 'contract', 'api'], 'server'));
} finally {
  stopEmulator?.();
}

if (existsSync(chromium)) {
  const { buildWeb } = await import('./build-web.mjs');
  await buildWeb({});
  results.push(vitest(['e2e'], 'e2e'));
} else {
  const bar = '!'.repeat(78);
  console.error(`\n${bar}\n!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`);
  console.error('!! Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.');
  console.error(`${bar}\n`);
}

await stopPostgres?.();

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const ok = results.every((r) => r.ok);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
