// Requests a second and p99 of the reads around the campaign page on a giving day, under wrk, beside an
// Express 5 hello-world JSON route started in the same run, on PGlite and (with TEST_DATABASE_URL) on the
// Postgres server:
// - `GET /api/campaigns?limit=50`, Discover's first page (open to everyone), over the demo organization
//   and 36 more live campaigns of three more organizations, each with a cover and a story;
// - `GET /api/reporting/overview` signed in as the demo campaigner, as the Reports screen asks for it
//   (the last 30 days, by day), over the demo organization's ninety days of history;
// - the app's session check (`GET /api/auth/session`, signed in): what every signed-in request costs before
//   its own work.
// The app runs as in production (list and page caches at their defaults, one log line a request at info,
// written to /dev/null). A second row of the list and the overview has a gift every 250 ms meanwhile: a
// signed donation webhook to one of the listed campaigns of the demo organization, so the list's figures
// and the organization's reports change four times a second.
// Each route is measured in rounds taken in turn with the baseline's (the machine is shared and noisy): the
// figures are the medians of the rounds, and the ratio is the median of each round's ratio to its baseline.
// "CPU µs" is the server process's CPU time a request (every thread: the embedded database's too; not the
// Postgres server's), which moves less than the rates with whatever else the machine runs.
// Run: npx tsx bench/reads.ts [seconds] [rounds]   (needs /usr/bin/wrk, or WRK_PATH; `-t1 -c50 -d<seconds>s`,
// default 5 s, 3 rounds)
import { destination, pino } from 'pino';
import { TYPES } from '@causeway/api/types';
import { REPORTING_API } from '@causeway/core/contracts/reporting.contract';
import { DEMO_HISTORY_CAMPAIGNS } from '@causeway/core/demo/demo-history.seed';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { donationStorm, sendStorm } from '@causeway/tests/payments/webhook-storm';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { helloServer, measure, rowOf, tableHeading, type Figure } from './support/wrk';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const WEBHOOK_SECRET = 'whsec_benchReadsSecret';
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'application/json' };
const DAY_MS = 86_400_000;
const WIDTH = 40;

/** Three more organizations with twelve live campaigns each, created over the last weeks. */
async function moreCampaigns(app: TestApp): Promise<void> {
  const repositories = app.server.container.get(TYPES.Repositories);
  const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
  const now = Date.now();
  for (let o = 0; o < 3; o += 1) {
    const organization = await repositories.organizations.create({
      organizationId: `bench-org-${o}`,
      name: `Bench organization ${o}`,
      logo: `/files/organizations/bench-org-${o}-logo.png`,
      created_date: new Date(now - 200 * DAY_MS).toISOString(),
    });
    for (let c = 0; c < 12; c += 1) {
      const n = o * 12 + c;
      await repositories.campaigns.create({
        campaignUUID: `bench-campaign-${n}`,
        userId: campaigner.uid,
        organizationId: organization.organizationId,
        createdAt: new Date(now - (n + 1) * 3_600_000).toISOString(),
        campaignName: `Campaign ${n}`,
        campaignTitle: `Meals, shelter and warmth for ${100 + n} families`,
        campaignDescription: 'Every week our volunteers cook and deliver warm meals.\n\n'.repeat(12),
        campaignCategory: 'Hunger and food security',
        campaignCoverImage: `/files/campaigns/bench-campaign-${n}-cover.jpg`,
        campaignTags: ['food', 'winter'],
        campaignRaiseGoal: 10_000_00,
        campaignRaised: 2_500_00 + n * 100,
        donators: 12 + n,
        campaignRaiseGoalDeadline: new Date(now + 30 * DAY_MS).toISOString(),
        allowDonations: true,
        isPaid: true,
      });
    }
  }
}

/** Waits for the demo history to be written and in the reports (the app serves while it is written). */
async function historyWritten(app: TestApp, cookie: string): Promise<void> {
  const repositories = app.server.container.get(TYPES.Repositories);
  const names = new Set<string>(DEMO_HISTORY_CAMPAIGNS.map((plan) => plan.name));
  const deadline = Date.now() + 300_000;
  for (;;) {
    const campaigns = (await repositories.campaigns.list({})).filter((campaign) => names.has(campaign.campaignName));
    const deliveries = await Promise.all(
      campaigns.map((campaign) => repositories.campaignDeliveries.find(campaign.campaignUUID)),
    );
    const overview = await callApi(app, 'GET', REPORTING_API.overview, { cookie });
    if (
      campaigns.length === names.size &&
      deliveries.every((delivery) => delivery?.figures) &&
      overview.body?.freshness?.backlog === 0
    )
      return;
    if (Date.now() > deadline) throw new Error('The demo history was not written within 5 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const rows: string[] = [];
const stores = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;
for (const store of stores) {
  process.env.TEST_STORE = store;
  const app = await startTestApp({
    env: {
      // The production defaults (the tests turn the caches off).
      CAMPAIGN_PAGE_CACHE_MS: '1000',
      CAMPAIGN_LIST_CACHE_MS: '1000',
      LOG_LEVEL: 'info',
      SEED_DEMO_HISTORY: 'true',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    logger: pino({ level: 'info' }, destination({ dest: '/dev/null', sync: false })),
  });
  const hello = await helloServer();
  try {
    const cookie = await signInAs(app, 'campaigner@demo.local');
    await historyWritten(app, cookie);
    await moreCampaigns(app);
    const repositories = app.server.container.get(TYPES.Repositories);
    const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    const giftCampaign = (await repositories.campaigns.list({ organizationId: campaigner.organizationId! }))[0]!;
    const today = new Date();
    const from = new Date(today.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
    const to = today.toISOString().slice(0, 10);
    const signedIn = { ...BROWSER, Cookie: cookie };
    const routes = {
      list: [`${app.url}/api/campaigns?limit=50`, BROWSER],
      overview: [`${app.url}${REPORTING_API.overview}?from=${from}&to=${to}&interval=day`, signedIn],
      session: [`${app.url}/api/auth/session`, signedIn],
    } as const;
    for (const [name, [url, headers]] of Object.entries(routes)) {
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`${name}: ${url} answered ${response.status}`);
    }
    const listed = (await (await fetch(routes.list[0])).json()).campaigns.length;
    let gifts = 0;
    const give = async () => {
      const seed = 1_000 + gifts++;
      const events = donationStorm(giftCampaign.campaignUUID, 1, seed).events.filter(
        (event) => event.type === 'checkout.session.completed',
      );
      await sendStorm(`${app.url}/api/stripe/webhook`, WEBHOOK_SECRET, events, 1);
    };
    /** Rounds of the baseline and each route in turn; with gifts, a gift every 250 ms meanwhile. */
    const measured = async (names: (keyof typeof routes)[], labels: Record<string, string>, withGifts: boolean) => {
      const figures: Record<string, Figure[]> = { hello: [] };
      for (const name of names) figures[name] = [];
      const timer = withGifts ? setInterval(() => void give(), 250) : undefined;
      try {
        for (let round = 0; round < rounds; round += 1) {
          figures.hello!.push(await measure(hello.url, BROWSER, seconds, hello.pid));
          for (const name of names) {
            const [url, headers] = routes[name];
            figures[name]!.push(await measure(url, headers, seconds, process.pid));
          }
        }
      } finally {
        clearInterval(timer);
      }
      if (!withGifts) rows.push(rowOf(store, 'Express hello-world JSON', figures.hello!, null, WIDTH));
      for (const name of names) rows.push(rowOf(store, labels[name]!, figures[name]!, figures.hello!, WIDTH));
    };
    await measured(
      ['list', 'overview', 'session'],
      {
        list: `GET /api/campaigns (${listed} listed)`,
        overview: 'GET /api/reporting/overview, 30 days',
        session: 'GET /api/auth/session (signed in)',
      },
      false,
    );
    await measured(
      ['list', 'overview'],
      { list: 'the list, a gift every 250 ms', overview: 'the overview, a gift every 250 ms' },
      true,
    );
    const after = await callApi(app, 'GET', `/api/campaigns/${giftCampaign.campaignUUID}`);
    if (after.status !== 200) throw new Error(`The gifts' campaign answered ${after.status}`);
    rows.push(`${store.padEnd(9)} (${gifts} gifts sent while measured)`);
  } finally {
    hello.close();
    await app.close();
  }
}
console.log(
  `wrk -t1 -c50 -d${seconds}s --latency (Accept-Encoding: gzip, deflate, br), ${rounds} rounds each, taken in turn with the baseline's: medians`,
);
console.log(tableHeading(WIDTH, true));
console.log(rows.join('\n'));
process.exit(0);
