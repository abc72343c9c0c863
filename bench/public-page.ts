// Requests a second and p99 of the public campaign page (GET /campaign/{id}/details/) and its JSON
// (GET /api/campaigns/{id}/page), and of a promoter's fundraising page for it and its JSON, under wrk, beside an Express 5 hello-world JSON route started in the same
// run, on PGlite and (with TEST_DATABASE_URL) on the Postgres server. The app runs as in production: page
// cache on, one log line a request at info (written to /dev/null). A second row of each page counts a gift
// to the campaign every 250 ms meanwhile, so its page is built again four times a second.
// Each route is measured in rounds taken in turn with the baseline's (the machine is shared and noisy): the
// figures are the medians of the rounds, and the ratio is the median of each round's ratio to its baseline.
// Run: npx tsx bench/public-page.ts [seconds] [rounds]   (needs /usr/bin/wrk; `-t1 -c50 -d<seconds>s`,
// default 5 s, 3 rounds)
import { destination, pino } from 'pino';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { startTestApp } from '@causeway/tests/support/start-app';
import { helloServer, measure as measureFor, rowOf, tableHeading, type Figure } from './support/wrk';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const CAMPAIGN_ID = 'bench-public-page';
const measure = (url: string, headers: Record<string, string>) => measureFor(url, headers, seconds);

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
const HTML = { ...BROWSER, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const rows: string[] = [];
const row = (store: string, label: string, figures: Figure[], baselines: Figure[] | null) =>
  rows.push(rowOf(store, label, figures, baselines));

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
    // A promoter's fundraising page for the campaign, served beside it.
    const promoter = (await repositories.users.findByEmail('promoter@demo.local'))!;
    await repositories.fundraiserPages.save({
      id: 'bench-fundraiser-page',
      promoterId: promoter.uid,
      campaignId: CAMPAIGN_ID,
      organizationId: organization.organizationId,
      headline: 'Running 10k for warm meals',
      story: 'Every mile I run is a warm meal for a family this winter.\n\n'.repeat(4),
      photo: null,
      goalCents: 500_00,
      showOnLeaderboard: true,
      hidden: false,
      hiddenReason: null,
      hiddenAt: null,
      hiddenBy: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const html = `${app.url}/campaign/${CAMPAIGN_ID}/details/`;
    const json = `${app.url}/api/campaigns/${CAMPAIGN_ID}/page`;
    const fundraiserHtml = `${app.url}/campaign/${CAMPAIGN_ID}/fundraisers/${promoter.uid}/`;
    const fundraiserJson = `${app.url}/api/campaigns/${CAMPAIGN_ID}/fundraisers/${promoter.uid}/page`;
    for (const [url, headers] of [
      [html, HTML],
      [json, BROWSER],
      [fundraiserHtml, HTML],
      [fundraiserJson, BROWSER],
    ] as const) {
      const status = (await fetch(url, { headers })).status;
      if (status !== 200) throw new Error(`${url} answered ${status}`);
    }
    const routes = {
      html: [html, HTML],
      json: [json, BROWSER],
      fundraiserHtml: [fundraiserHtml, HTML],
      fundraiserJson: [fundraiserJson, BROWSER],
    } as const;
    /** Rounds of the baseline and each route in turn; `during` runs meanwhile (a gift every 250 ms). */
    const measured = async (labels: Record<keyof typeof routes, string>, withGifts: boolean) => {
      const figures = {
        hello: [] as Figure[],
        html: [] as Figure[],
        json: [] as Figure[],
        fundraiserHtml: [] as Figure[],
        fundraiserJson: [] as Figure[],
      };
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
      row(store, labels.fundraiserHtml, figures.fundraiserHtml, figures.hello);
      row(store, labels.fundraiserJson, figures.fundraiserJson, figures.hello);
    };
    await measured(
      {
        html: 'GET /campaign/{id}/details/',
        json: 'GET /api/campaigns/{id}/page',
        fundraiserHtml: 'GET /campaign/{id}/fundraisers/{p}/',
        fundraiserJson: 'GET …/fundraisers/{p}/page',
      },
      false,
    );
    await measured(
      {
        html: 'details/, a gift every 250 ms',
        json: 'page JSON, a gift every 250 ms',
        fundraiserHtml: 'fundraisers/{p}/, a gift every 250 ms',
        fundraiserJson: 'fundraiser JSON, a gift every 250 ms',
      },
      true,
    );
  } finally {
    hello.close();
    await app.close();
  }
}
console.log(
  `wrk -t1 -c50 -d${seconds}s --latency (Accept-Encoding: gzip, deflate, br), ${rounds} rounds each, taken in turn with the baseline's: medians`,
);
console.log(tableHeading());
console.log(rows.join('\n'));
process.exit(0);
