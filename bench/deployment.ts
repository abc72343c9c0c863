// Time of one full deployment (the 8 steps of SPEC §4) against the embedded DSP sandbox, with no added
// latency and with 100 ms added to every platform call (the sandbox's latency fault), median of a few
// runs each; beside it, bare sandbox round trips measured in the same run, and the platform calls one
// deployment makes. The app runs as `npm start` does (PGlite, in process), on a free port.
// Run: npx tsx bench/deployment.ts [runs]
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { createCompleteDraft } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { AMOBEE_SANDBOX, AMOBEE_SANDBOX_PATH } from '@causeway/api/container';
import { TYPES } from '@causeway/api/types';

const runs = Number(process.argv[2] ?? 5);
const LATENCY_MS = 100;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

// The bench measures PGlite, as `npm start` runs; a Postgres server set for tests is not used.
delete process.env.TEST_DATABASE_URL;
const app: TestApp = await startTestApp({ env: { DELIVERY_SYNC_MINUTES: '0', LOG_LEVEL: 'silent' } });
try {
  const sandbox = app.server.container.get(AMOBEE_SANDBOX);
  const repositories = app.server.container.get(TYPES.Repositories);
  const cookies = {
    super: await signInAs(app, 'super@demo.local'),
    admin: await signInAs(app, 'admin@demo.local'),
    campaigner: await signInAs(app, 'campaigner@demo.local'),
  };
  const api = (method: string, path: string, cookie: string, body?: unknown) =>
    callApi(app, method, path, { cookie, ...(body === undefined ? {} : { body }) });
  const harbor = (await repositories.organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  // The demo organization gets its advertiser at start in embedded mode.
  if (!harbor.advertiserId) throw new Error('The demo organization has no advertiser');

  /** A draft approved and paid, ready to deploy (made outside the timing). */
  async function readyDraft(name: string): Promise<string> {
    const id = await createCompleteDraft(app, cookies.campaigner, name);
    await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.campaigner, { status: 'Pending' });
    await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.super, { status: 'Approved' });
    await repositories.preCampaigns.update(id, { isPaid: true, paymentIntentId: `pi_bench_${id}` });
    return id;
  }

  /** One deployment: its time as the job records it (queued to finished), and the platform calls it made. */
  async function deployOnce(name: string) {
    const id = await readyDraft(name);
    // Each run starts with the client's rate-limit bucket full (8 calls), as after a quiet second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = sandbox.requests().length;
    const started = await api('POST', `/api/pre-campaigns/${id}/deploy`, cookies.super);
    const deploymentId = started.body.deployment.id as string;
    for (;;) {
      const deployment = await repositories.deployments.findById(deploymentId);
      if (deployment?.status === 'failed') throw new Error(`Deployment failed: ${deployment.lastError}`);
      if (deployment?.status === 'succeeded') {
        const calls = sandbox.requests().slice(before);
        return {
          ms: Date.parse(deployment.finishedAt!) - Date.parse(deployment.createdAt),
          calls,
          // From the first platform call's arrival to the last's (the sandbox stamps each).
          spanMs: calls.length > 1 ? Date.parse(calls.at(-1)!.at) - Date.parse(calls[0]!.at) : 0,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Bare round trips: the sandbox's own status page (no fault applies), and a vendor read with the app's token. */
  const { accessToken } = await app.server.container.get(TYPES.AdPlatform).getAccessToken();
  async function roundTrip(path: string, authorized: boolean): Promise<number> {
    const times: number[] = [];
    for (let run = 0; run < 15; run++) {
      const started = performance.now();
      const response = await fetch(`${app.server.url.replace('localhost', '127.0.0.1')}${AMOBEE_SANDBOX_PATH}${path}`, {
        headers: authorized ? { authorization: `Bearer ${accessToken}` } : {},
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      times.push(performance.now() - started);
    }
    return median(times);
  }
  const vendorRead = '/campaign/v5/api/adSizes?mediaChannel=display&limit=1';

  // One deployment first, to warm up (token, module loading, query plans); not counted.
  await deployOnce('Warm-up');

  const results: Record<string, { times: number[]; spans: number[]; calls: number[]; sample: string[] }> = {};
  for (const [label, latency] of [
    ['no added latency', 0],
    [`${LATENCY_MS} ms added per call`, LATENCY_MS],
  ] as const) {
    sandbox.clearFaults();
    if (latency > 0) sandbox.addFault({ method: '*', path: '**', action: 'delay', latencyMs: latency, always: true });
    const entry: (typeof results)[string] = { times: [], spans: [], calls: [], sample: [] };
    results[label] = entry;
    for (let run = 0; run < runs; run++) {
      const { ms: time, calls, spanMs } = await deployOnce(`Bench ${latency} ${run}`);
      entry.times.push(time);
      entry.spans.push(spanMs);
      entry.calls.push(calls.length);
      const first = calls[0] ? Date.parse(calls[0].at) : 0;
      entry.sample = calls.map(
        (call) =>
          `+${String(Date.parse(call.at) - first).padStart(5)} ms  ${call.method} ${call.path.replace(/\/\d{6,}/g, '/{id}').replace(/\/[0-9a-f]{32}/g, '/{key}')} → ${call.status}`,
      );
    }
  }
  sandbox.clearFaults();
  const bareStatus = await roundTrip('/_sandbox', false);
  const bareRead = await roundTrip(vendorRead, true);
  sandbox.addFault({ method: '*', path: '**', action: 'delay', latencyMs: LATENCY_MS, always: true });
  const slowRead = await roundTrip(vendorRead, true);
  sandbox.clearFaults();

  console.log(`One deployment (8 steps) against the embedded DSP sandbox, median of ${runs} runs:`);
  for (const [label, entry] of Object.entries(results)) {
    console.log(
      `  ${label.padEnd(24)} ${ms(median(entry.times)).padStart(8)}   (runs: ${entry.times.map((t) => t.toFixed(0)).join(', ')} ms; ` +
        `first to last platform call ${ms(median(entry.spans))}; platform calls: ${[...new Set(entry.calls)].join('/')})`,
    );
  }
  const calls = median(Object.values(results)[0]!.calls);
  console.log(`Baseline, same run (median of 15):`);
  console.log(`  bare sandbox round trip (GET /_sandbox)           ${ms(bareStatus)}`);
  console.log(`  bare vendor read (GET adSizes, bearer token)      ${ms(bareRead)}`);
  console.log(`  the same read with ${LATENCY_MS} ms added             ${ms(slowRead)}`);
  console.log(`Platform calls per deployment: ${calls}, one after another:`);
  for (const line of Object.values(results)[0]!.sample) console.log(`  ${line}`);
  const fast = median(Object.values(results)[0]!.times);
  const slow = median(Object.values(results)[1]!.times);
  console.log(
    `Added latency cost ${ms(slow - fast)} = ${((slow - fast) / LATENCY_MS).toFixed(1)} × ${LATENCY_MS} ms ` +
      `(${calls} sequential calls would be ${ms(calls * LATENCY_MS)}); ` +
      `no added latency: ${(fast / bareRead).toFixed(0)} × a bare vendor read.`,
  );
  // The client paces calls under the vendor's limit (about 8 a second, a burst of 8): with no latency the
  // pacing, not the sandbox, sets the platform calls' floor, and added latency mostly fills its gaps.
  console.log(
    `Rate-limit floor of ${calls} calls at 8/s after a burst of 8: ${ms(Math.max(0, calls - 8) * 125)}; ` +
      `with ${LATENCY_MS} ms per call the calls alone take at least ${ms(calls * LATENCY_MS)}.`,
  );
} finally {
  await app.close();
}
