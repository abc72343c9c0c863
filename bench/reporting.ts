// Report endpoints over HTTP on a full mirror: on the Postgres server of TEST_DATABASE_URL (a fresh
// database), 1,000,000 donations to 10,000 campaigns of 100 organizations from 200,000 donors over 90
// days, with their ad days, page visits, checkouts, share clicks and promotions, written straight into
// the mirror's tables and rolled up; then on PGlite with 100,000 donations. p50 and p95 of each report
// endpoint beside a bare primary-key select over HTTP in the same run, and the CSV download of every
// donation (1,000,000 rows): time and the process's peak memory.
// Run: npx tsx bench/reporting.ts [scale] [requests per endpoint] [server]   (scale 0.1 is a quick run)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { ReportingDatabase } from '@causeway/adapters/postgres/reporting/reporting.tables';
import { REPORTING_DATABASE } from '@causeway/api/modules/reporting-database';
import { signInAs } from '@causeway/tests/support/api-client';
import { fillMirror, type MirrorSize as Size } from './reporting-data';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const scale = Number(process.argv[2] ?? 1);
const requests = Number(process.argv[3] ?? 60);
/** `server` runs the Postgres server part only. */
const only = process.argv[4];
const serverUrl = process.env.TEST_DATABASE_URL;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A bare HTTP server answering one primary-key select of the mirror: the floor under every endpoint. */
async function baselineServer(db: Kysely<ReportingDatabase>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? 'c1';
    db.selectFrom('reporting.campaigns')
      .selectAll()
      .where('campaign_id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ campaign: row ?? null }));
      })
      .catch(() => {
        res.statusCode = 500;
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return elapsed;
}

async function measure(label: string, url: (i: number) => string, cookie: string): Promise<void> {
  for (let i = 0; i < 5; i += 1) await timed(url(i + 1000), cookie);
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) times.push(await timed(url(i), cookie));
  console.log(
    `  ${label.padEnd(44)} p50 ${ms(percentile(times, 50)).padStart(10)}  p95 ${ms(percentile(times, 95)).padStart(10)}`,
  );
}

async function endpoints(app: TestApp, size: Size, baseline: string): Promise<void> {
  const cookie = await signInAs(app, 'super@demo.local');
  const org = (i: number) => `o${(i * 37) % size.organizations}`;
  const campaign = (i: number) => `c${(i * 7919) % size.campaigns}`;
  const api = `${app.url}/api/reporting`;
  console.log(
    `  (${requests} requests each after 5 to warm up; one organization ≈ ${Math.round(size.gifts / size.organizations).toLocaleString('en-US')} gifts)`,
  );
  await measure('baseline: bare primary-key select over HTTP', (i) => `${baseline}/?id=${campaign(i)}`, '');
  // What every signed-in request of the app costs before its own work (the session is read from the store).
  await measure('baseline: the app’s session check', () => `${app.url}/api/auth/session`, cookie);
  await measure('overview, one organization, 90 days', (i) => `${api}/overview?organizationId=${org(i)}`, cookie);
  await measure(
    'overview, one organization, weekly',
    (i) => `${api}/overview?organizationId=${org(i)}&interval=week`,
    cookie,
  );
  await measure('campaign list page, one organization', (i) => `${api}/campaigns?organizationId=${org(i)}`, cookie);
  await measure('campaign report', (i) => `${api}/campaigns/${campaign(i)}`, cookie);
  await measure('campaign gifts page', (i) => `${api}/campaigns/${campaign(i)}/gifts`, cookie);
  await measure('promoters leaderboard, one organization', (i) => `${api}/promoters?organizationId=${org(i)}`, cookie);
  await measure('donors, one organization', (i) => `${api}/donors?organizationId=${org(i)}`, cookie);
  await measure('payments page, one organization', (i) => `${api}/payments?organizationId=${org(i)}`, cookie);
  await measure('live campaigns list, one organization', (i) => `${api}/lists/live?organizationId=${org(i)}`, cookie);
  const few = Math.max(5, Math.round(requests / 6));
  const platform = async (label: string, url: string) => {
    for (let i = 0; i < 2; i += 1) await timed(url, cookie);
    const times: number[] = [];
    for (let i = 0; i < few; i += 1) times.push(await timed(url, cookie));
    console.log(
      `  ${label.padEnd(44)} p50 ${ms(percentile(times, 50)).padStart(10)}  p95 ${ms(percentile(times, 95)).padStart(10)}  (${few} requests)`,
    );
  };
  await platform('overview, every organization, 30 days', `${api}/overview?from=${daysAgo(29)}`);
  await platform('campaign list page, every organization', `${api}/campaigns`);
  await platform('promoters leaderboard, every organization', `${api}/promoters`);
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Downloads every gift as CSV with curl (another process, so this one holds only the server), and
 * samples this process's memory meanwhile.
 */
async function exportAll(app: TestApp): Promise<void> {
  const cookie = await signInAs(app, 'super@demo.local');
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const started = performance.now();
  const curl = spawn('curl', [
    '-s',
    '-f',
    '-o',
    '/dev/null',
    '-w',
    '%{size_download}',
    '-H',
    `cookie: ${cookie}`,
    `${app.url}/api/reporting/exports/gifts`,
  ]);
  let output = '';
  curl.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(curl, 'close')) as [number];
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`export: curl ended with ${code}`);
  console.log(
    `  CSV of every gift: ${(Number(output) / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s; ` +
      `server process RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB`,
  );
}

async function run(label: string, size: Size, withExport: boolean): Promise<void> {
  console.log(
    `\n${label}: ${size.gifts.toLocaleString('en-US')} donations, ${size.campaigns.toLocaleString('en-US')} campaigns, ${size.donors.toLocaleString('en-US')} donors, 90 days`,
  );
  const app = await startTestApp();
  const { db } = app.server.container.get(REPORTING_DATABASE);
  const baseline = await baselineServer(db);
  try {
    await fillMirror(db, size);
    await endpoints(app, size, baseline.url);
    if (withExport) await exportAll(app);
  } finally {
    baseline.server.close();
    await app.close();
  }
}

const sized = (gifts: number): Size => ({
  gifts,
  campaigns: Math.max(100, Math.round(gifts / 100)),
  donors: Math.max(1000, Math.round(gifts / 5)),
  organizations: 100,
  promoters: Math.max(100, Math.round(gifts / 200)),
});

if (serverUrl) {
  await run('Postgres server (TEST_DATABASE_URL)', sized(Math.round(1_000_000 * scale)), true);
} else {
  console.log('TEST_DATABASE_URL is not set: the Postgres server run is skipped.');
}
delete process.env.TEST_DATABASE_URL;
if (only !== 'server') await run('PGlite', sized(Math.round(100_000 * scale)), !serverUrl);
