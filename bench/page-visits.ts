// The campaign page's visit beacon over HTTP: POST /api/campaigns/{id}/visits from new visitors (each
// counted: the shared window, the day's count added in place and its outbox event) and from visitors
// reloading (the window says no, nothing written), beside the page's own data read
// (GET /api/campaigns/{id}/page, answered from memory) measured in the same run as the baseline.
// Latency median and p95 per request, with 16 callers at once; the store TEST_STORE names (PGlite by
// default). The count is checked against the visitors sent.
// Run: npx tsx bench/page-visits.ts [requests per series]
import { TYPES } from '@causeway/api/types';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const requests = Number(process.argv[2] ?? 2_000);
const CALLERS = 16;
const CAMPAIGN_ID = 'bench-visits';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Sends `count` requests from CALLERS callers at once; answers each one's time in ms. */
async function series(app: TestApp, count: number, request: (n: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const caller = async () => {
    for (let n = next++; n < count; n = next++) {
      const started = performance.now();
      const answer = await request(n);
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`Request ${n} answered ${answer.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
  return times.sort((a, b) => a - b);
}

const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function main(): Promise<void> {
  const app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  try {
    const repositories = app.server.container.get(TYPES.Repositories);
    const owner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    await repositories.campaigns.create({
      campaignUUID: CAMPAIGN_ID,
      userId: owner.uid,
      organizationId: owner.organizationId,
      campaignName: 'Benchmark',
      campaignTitle: 'Benchmark',
      createdAt: new Date().toISOString(),
      isPaid: true,
    });
    const visit = (n: number) =>
      fetch(`${app.url}/api/campaigns/${CAMPAIGN_ID}/visits`, {
        method: 'POST',
        headers: { 'x-forwarded-for': address(n) },
      });
    // Warm-up: the page read, the routes, the store's connections.
    await series(app, 200, () => fetch(`${app.url}/api/campaigns/${CAMPAIGN_ID}/page`));
    await series(app, 100, (n) => visit(1_000_000 + n));

    const page = await series(app, requests, () => fetch(`${app.url}/api/campaigns/${CAMPAIGN_ID}/page`));
    const counted = await series(app, requests, (n) => visit(n));
    const reloads = await series(app, requests, (n) => visit(n % 100));

    const visits = (await repositories.shareTracking.listPageVisits(CAMPAIGN_ID)).reduce((sum, d) => sum + d.visits, 0);
    if (visits !== requests + 100) throw new Error(`Counted ${visits} visits, not ${requests + 100}`);

    const row = (name: string, times: number[]) =>
      `${name.padEnd(44)} median ${quantile(times, 0.5).toFixed(2).padStart(7)} ms   p95 ${quantile(times, 0.95)
        .toFixed(2)
        .padStart(7)} ms`;
    console.log(`Store: ${app.store}; ${requests} requests per series, ${CALLERS} at once`);
    console.log(row('baseline: GET page data (from memory)', page));
    console.log(row('POST visit, new visitor (counted)', counted));
    console.log(row('POST visit, reload within 30 min (not)', reloads));
  } finally {
    await app.close();
  }
}

await main();
