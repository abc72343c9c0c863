// Requests a second and p99 of the public campaign page (GET /campaign/{id}/details/) and its JSON
// (GET /api/campaigns/{id}/page) under wrk, beside an Express 5 hello-world JSON route started in the same
// run, on PGlite and (with TEST_DATABASE_URL) on the Postgres server. The app runs as in production: page
// cache on, one log line a request at info (written to /dev/null). A second row of each page counts a gift
// to the campaign every 250 ms meanwhile, so its page is built again four times a second.
// Each route is measured in rounds taken in turn with the baseline's (the machine is shared and noisy): the
// figures are the medians of the rounds, and the ratio is the median of each round's ratio to its baseline.
// Run: npx tsx bench/public-page.ts [seconds] [rounds]   (needs /usr/bin/wrk; `-t1 -c50 -d<seconds>s`,
// default 5 s, 3 rounds)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { destination, pino } from 'pino';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { startTestApp } from '@causeway/tests/support/start-app';
import { helloServer } from './support/hello-server';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
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

/** A second of load first, so the measured run finds the code optimized and the caches warm. */
async function measure(url: string, headers: Record<string, string>): Promise<Figure> {
  await wrk(url, headers, 1);
  return wrk(url, headers);
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
const HTML = { ...BROWSER, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const rows: string[] = [];
/** One route's rounds, each beside the baseline measured just before it. */
const row = (store: string, label: string, figures: Figure[], baselines: Figure[] | null) => {
  const perSecond = median(figures.map((figure) => figure.perSecond));
  const p99 = median(figures.map((figure) => figure.p99Ms));
  const ratio = baselines ? median(figures.map((figure, i) => figure.perSecond / baselines[i]!.perSecond)) : 1;
  const non2xx = figures.reduce((sum, figure) => sum + figure.non2xx, 0);
  rows.push(
    `${store.padEnd(9)} ${label.padEnd(34)} ${perSecond.toFixed(0).padStart(8)} ${p99.toFixed(2).padStart(8)} ${ratio.toFixed(2).padStart(6)}  ${figures.map((figure) => figure.perSecond.toFixed(0)).join(' / ')}${non2xx ? `  (${non2xx} not 2xx)` : ''}`,
  );
};

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
    const routes = {
      html: [html, HTML],
      json: [json, BROWSER],
    } as const;
    /** Rounds of the baseline and each route in turn; `during` runs meanwhile (a gift every 250 ms). */
    const measured = async (labels: Record<keyof typeof routes, string>, withGifts: boolean) => {
      const figures = { hello: [] as Figure[], html: [] as Figure[], json: [] as Figure[] };
      const gifts = withGifts
        ? setInterval(() => void repositories.campaigns.countDonation(CAMPAIGN_ID, 25_00), 250)
        : undefined;
      try {
        for (let round = 0; round < rounds; round += 1) {
          figures.hello.push(await measure(hello.url, BROWSER));
          for (const [name, [url, headers]] of Object.entries(routes)) {
            figures[name as keyof typeof routes].push(await measure(url, headers));
          }
        }
      } finally {
        clearInterval(gifts);
      }
      if (!withGifts) row(store, 'Express hello-world JSON', figures.hello, null);
      row(store, labels.html, figures.html, figures.hello);
      row(store, labels.json, figures.json, figures.hello);
    };
    await measured({ html: 'GET /campaign/{id}/details/', json: 'GET /api/campaigns/{id}/page' }, false);
    await measured({ html: 'details/, a gift every 250 ms', json: 'page JSON, a gift every 250 ms' }, true);
  } finally {
    hello.close();
    await app.close();
  }
}
console.log(
  `wrk -t1 -c50 -d${seconds}s --latency (Accept-Encoding: gzip, deflate, br), ${rounds} rounds each, taken in turn with the baseline's: medians`,
);
console.log(
  `${'store'.padEnd(9)} ${'route'.padEnd(34)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'×hello'.padStart(6)}  rounds (req/s)`,
);
console.log(rows.join('\n'));
process.exit(0);
