import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPORTING_API, type CampaignReportListResponse } from '@causeway/core/contracts/reporting.contract';
import { DEMO_HISTORY_CAMPAIGNS } from '@causeway/core/demo/demo-history.seed';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { freePort } from '@causeway/tests/support/free-port';

const ROOT = join(import.meta.dirname, '../..');
const PASSWORD = 'start-test-password-1';

/** `npm start` as a user runs it: `node scripts/start.mjs` in the project, its output kept. */
function npmStart(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  // The app under a test runner would think it is a test; a user's shell has none of these.
  for (const key of Object.keys(childEnv)) if (key === 'VITEST' || key.startsWith('VITEST_')) delete childEnv[key];
  delete childEnv.NODE_ENV;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env: childEnv, stdio: 'pipe' });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitFor(output: () => string, text: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (!output().includes(text)) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`npm start did not say "${text}":\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'causeway-start-'));
const running: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map(stop));
  rmSync(dataDir, { recursive: true, force: true });
});

// `npm start` runs the embedded default whatever the store under test: played once, in the PGlite run.
const storeRun = process.env.TEST_STORE;
describe.skipIf(storeRun !== undefined && storeRun !== 'pglite')('npm start (played in the PGlite run only)', () => {
  it('builds what it needs, serves the platform from its server bundle with demo accounts, and keeps the data on a second start', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      // A light proof of work keeps sign-in quick here; the rule is the same.
      BOT_CHECK_DIFFICULTY: '8',
      SEED_DEMO_DONATIONS: 'false',
    };
    const url = `http://localhost:${port}`;
    const app = { url, demoPassword: PASSWORD };

    const first = npmStart(env);
    running.push(first.child);
    await waitFor(first.output, 'Press Ctrl+C to stop.', first.child);
    expect(first.output()).toMatch(/server: (built in [\d.]+ s|up to date, skipped)/);
    expect(first.output()).toContain(`Causeway is running at ${url}`);
    for (const email of ['super@demo.local', 'admin@demo.local', 'campaigner@demo.local', 'promoter@demo.local']) {
      expect(first.output()).toContain(email);
    }
    expect(first.output()).toContain(`Password for all: ${PASSWORD}`);

    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${url}/`)).text()).toContain('<div id="root">');
    const cookie = await signInAs(app, 'campaigner@demo.local');
    const session = await callApi(app, 'GET', '/api/auth/session', { cookie });
    expect(session.body.user).toMatchObject({ email: 'campaigner@demo.local', accountType: 'campaigner' });
    // Reports open on the whole demo history as soon as the start says it is ready: nothing is still being written.
    const reports = await callApi<CampaignReportListResponse>(app, 'GET', `${REPORTING_API.campaigns}?pageSize=100`, {
      cookie,
    });
    const history = reports.body.rows.filter((row) => DEMO_HISTORY_CAMPAIGNS.some((plan) => plan.name === row.name));
    expect(history.map((row) => row.name).sort()).toEqual(DEMO_HISTORY_CAMPAIGNS.map((plan) => plan.name).sort());
    for (const row of history) expect(row.gifts, row.name).toBeGreaterThan(5);
    const draft = await callApi(app, 'POST', '/api/pre-campaigns', {
      cookie,
      body: { campaignName: 'Kept across starts' },
    });
    expect(draft.status).toBe(201);
    // Ctrl+C (SIGTERM from a process manager) stops it cleanly.
    expect(await stop(first.child)).toBe(0);

    const second = npmStart(env);
    running.push(second.child);
    await waitFor(second.output, 'Press Ctrl+C to stop.', second.child);
    expect(second.output()).toContain('server: up to date, skipped');
    const again = await signInAs(app, 'campaigner@demo.local');
    const drafts = await callApi(app, 'GET', '/api/pre-campaigns?list=drafts', { cookie: again });
    expect(drafts.body.preCampaigns.map((item: { campaignName: string }) => item.campaignName)).toContain(
      'Kept across starts',
    );
    expect(await stop(second.child)).toBe(0);
  }, 300_000);
});
