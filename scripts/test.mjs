#!/usr/bin/env node
// Runs every test tier: unit, contract and API in one vitest run, then the browser tier.
// Where no Chromium exists the browser tier is skipped, loudly; everything else still runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.tmp/test-reports`;
mkdirSync(reports, { recursive: true });
const extra = process.argv.slice(2);

function vitest(projects, name) {
  const outputFile = `${reports}/${name}.json`;
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`, ...extra];
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

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [vitest(['unit', 'contract', 'api'], 'server')];

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

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const ok = results.every((r) => r.ok);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
