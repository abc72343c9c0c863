// Requests a second and p99 of the public campaign page (GET /campaign/{id}/details/) and its JSON
// (GET /api/campaigns/{id}/page) under wrk, beside an Express 5 hello-world JSON route started in the same
// run, on PGlite and (with TEST_DATABASE_URL) on the Postgres server. The app runs as in production: page
// cache on, one log line a request at info (written to /dev/null). A second row of each page counts a gift
// to the campaign every 250 ms meanwhile, so its page is built again four times a second.
// Run: npx tsx bench/public-page.ts [seconds]   (needs /usr/bin/wrk; `-t1 -c50 -d<seconds>s`, default 8)
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { destination, pino } from 'pino';
import { TYPES } from '../apps/api/src/types';
import { buildWeb } from '../scripts/build-web.mjs';
import { startTestApp } from '../tests/support/start-app';

const seconds = Number(process.argv[2] ?? 8);
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const CAMPAIGN_ID = 'bench-public-page';
const run = promisify(execFile);

interface Figure {
  perSecond: number;
  p99Ms: number;
  non2xx: number;
}

const MS = { us: 0.001, ms: 1, s: 1000 } as Record<string, number>;

async function wrk(url: string, headers: Record<string, string>, duration = seconds): Promise<Figure> {
  const args = [
    '-t1',
    '-c50',
    `-d${duration}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  const { stdout } = await run(WRK, args, { maxBuffer: 1 << 20 });
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(stdout);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  if (!p99 || !Number.isFinite(perSecond)) throw new Error(`wrk said:\n${stdout}`);
  return { perSecond, p99Ms: Number(p99[1]) * MS[p99[2]!]!, non2xx };
}

/** The baseline: Express 5 answering a small JSON object, nothing else, in a Node process of its own like the app's. */
async function helloServer() {
  const source = `const app = require('express')();
app.get('/hello', (req, res) => { res.json({ hello: 'world' }); });
const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${port.toString().trim()}/hello`, close: () => child.kill() };
}

/** A second of load first, so the measured run finds the code optimized and the caches warm. */
async function measure(url: string, headers: Record<string, string>): Promise<Figure> {
  await wrk(url, headers, 1);
  return wrk(url, headers);
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
const HTML = { ...BROWSER, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const rows: string[] = [];
const row = (store: string, label: string, figure: Figure, hello: Figure | null) =>
  rows.push(
    `${store.padEnd(9)} ${label.padEnd(34)} ${figure.perSecond.toFixed(0).padStart(8)} ${figure.p99Ms.toFixed(2).padStart(8)} ${(hello ? (figure.perSecond / hello.perSecond).toFixed(2) : '1.00').padStart(6)}${figure.non2xx ? `  (${figure.non2xx} not 2xx)` : ''}`,
  );

await buildWeb({ log: () => undefined });
const stores = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;
for (const store of stores) {
  process.env.TEST_STORE = store;
  const app = await startTestApp({
    env: { CAMPAIGN_PAGE_CACHE_MS: '1000', LOG_LEVEL: 'info' },
    logger: pino({ level: 'info' }, destination({ dest: '/dev/null', sync: false })),
  });
  const hello = await helloServer();
  try {
    const repositories = app.server.container.get(TYPES.Repositories);
    const organization = (await repositories.organizations.list())[0]!;
    const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    await repositories.campaigns.create({
      campaignUUID: CAMPAIGN_ID,
      userId: campaigner.uid,
      organizationId: organization.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Winter meals',
      campaignTitle: 'Warm meals for 500 families',
      campaignDescription: 'Every week our volunteers cook and deliver warm meals.\n\n'.repeat(12),
      campaignCategory: 'Hunger and food security',
      campaignTags: ['food', 'winter'],
      campaignRaiseGoal: 10_000_00,
      campaignRaised: 2_500_00,
      donators: 12,
      campaignRaiseGoalDeadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      allowDonations: true,
      isPaid: true,
    });
    const html = `${app.url}/campaign/${CAMPAIGN_ID}/details/`;
    const json = `${app.url}/api/campaigns/${CAMPAIGN_ID}/page`;
    for (const [url, headers] of [
      [html, HTML],
      [json, BROWSER],
    ] as const) {
      const status = (await fetch(url, { headers })).status;
      if (status !== 200) throw new Error(`${url} answered ${status}`);
    }
    const baseline = await measure(hello.url, BROWSER);
    row(store, 'Express hello-world JSON', baseline, null);
    row(store, 'GET /campaign/{id}/details/', await measure(html, HTML), baseline);
    row(store, 'GET /api/campaigns/{id}/page', await measure(json, BROWSER), baseline);
    const gifts = setInterval(() => void repositories.campaigns.countDonation(CAMPAIGN_ID, 25_00), 250);
    try {
      row(store, 'details/, a gift every 250 ms', await measure(html, HTML), baseline);
      row(store, 'page JSON, a gift every 250 ms', await measure(json, BROWSER), baseline);
    } finally {
      clearInterval(gifts);
    }
  } finally {
    hello.close();
    await app.close();
  }
}
console.log(`wrk -t1 -c50 -d${seconds}s --latency (Accept-Encoding: gzip, deflate, br)`);
console.log(
  `${'store'.padEnd(9)} ${'route'.padEnd(34)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'×hello'.padStart(6)}`,
);
console.log(rows.join('\n'));
process.exit(0);
