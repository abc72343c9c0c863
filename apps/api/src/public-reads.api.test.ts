import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTING_API, type OverviewResponse } from '@causeway/core/contracts/reporting.contract';
import { CAMPAIGN_LIST_FIGURES_MS } from '@causeway/core/reporting/campaign-directory.service';
import { REPORT_FRESHNESS_MS } from '@causeway/core/reporting/reporting.service';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { createLiveCampaign } from '@causeway/tests/support/campaigns';
import { donationStorm, sendStorm } from '@causeway/tests/payments/webhook-storm';
import { mirrorCaughtUp } from '@causeway/tests/support/reporting';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';
import { REPORTING_PROJECTOR, REPORTING_PROJECTOR_RUNNER } from './modules/reporting-mirror.module';

/*
 * The reads around the campaign page on a giving day, kept in memory: Discover's live list
 * (`GET /api/campaigns`) and the reports overview. Kept a minute here, so only the changes that drop or
 * refresh them (the campaign page's change notices, the reporting projector's) can show anything new
 * within a test.
 */
const WEBHOOK_SECRET = 'whsec_publicReadsTestSecret';
const KEPT = {
  CAMPAIGN_LIST_CACHE_MS: '60000',
  REPORT_OVERVIEW_CACHE_MS: '60000',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
/** A gift shows in the list within a quarter second of its notice; this is that with room for a busy machine. */
const GIFT_SHOWS_MS = CAMPAIGN_LIST_FIGURES_MS + 1_750;
/** Another instance hears of a change over the event bus (Postgres notices, Firestore's listener). */
const ACROSS_MS = 5_000;

const store = testStoreName();

const createCampaign = createLiveCampaign;

type Listed = { campaignId: string; title: string; raisedCents: number; donators: number; acceptingDonations: boolean };

async function list(app: TestApp, query = ''): Promise<{ campaigns: Listed[]; nextCursor: string | null }> {
  const response = await fetch(`${app.url}/api/campaigns${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

const listed = async (app: TestApp, campaignId: string) =>
  (await list(app)).campaigns.find((campaign) => campaign.campaignId === campaignId);

let gifts = 0;
/** One gift of `cents` to the campaign, as Stripe's signed webhook announces it to this instance. */
async function give(app: TestApp, campaignId: string, cents: number): Promise<void> {
  const [event] = donationStorm(campaignId, 1, 900 + gifts++).events;
  const sent = await sendStorm(
    `${app.url}/api/stripe/webhook`,
    WEBHOOK_SECRET,
    [{ ...event!, object: { ...event!.object, amount_total: cents } }],
    1,
  );
  expect(sent.failures).toEqual([]);
}

describe('the live campaign list kept in memory', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: KEPT });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows a new live campaign, an edit, an ended campaign and an organization’s new name and logo at once', async () => {
    expect(await listed(app, 'kept-list')).toBeUndefined();
    const { repositories, organizationId } = await createCampaign(app, 'kept-list');
    expect(await listed(app, 'kept-list')).toMatchObject({ title: 'Warm meals for 500 families' });

    await repositories.campaigns.update('kept-list', { campaignTitle: 'Warm meals for 600 families' });
    expect(await listed(app, 'kept-list')).toMatchObject({ title: 'Warm meals for 600 families' });

    await repositories.organizations.update(organizationId, { name: 'Harbor Light', logo: '/files/harbor.png' });
    expect(await listed(app, 'kept-list')).toMatchObject({
      organization: { organizationId, name: 'Harbor Light', logo: '/files/harbor.png' },
    });

    // Its deadline passed (set to the past): it no longer takes gifts.
    await repositories.campaigns.update('kept-list', {
      campaignRaiseGoalDeadline: new Date(Date.now() - 1).toISOString(),
    });
    expect(await listed(app, 'kept-list')).toMatchObject({ acceptingDonations: false });

    // Ended and removed.
    await repositories.campaigns.softDelete('kept-list');
    expect(await listed(app, 'kept-list')).toBeUndefined();
  });

  it('follows a gift to a listed campaign within a quarter second of it', async () => {
    await createCampaign(app, 'kept-gifts');
    expect(await listed(app, 'kept-gifts')).toMatchObject({ raisedCents: 0, donators: 0 });
    await give(app, 'kept-gifts', 25_00);
    await expect
      .poll(async () => (await listed(app, 'kept-gifts'))?.raisedCents, { timeout: GIFT_SHOWS_MS, interval: 50 })
      .toBe(25_00);
    expect(await listed(app, 'kept-gifts')).toMatchObject({ donators: 1 });
  });

  it('keeps each page of each organization apart, one for every way of asking for it', async () => {
    await createCampaign(app, 'kept-page-1');
    await createCampaign(app, 'kept-page-2');
    const first = await list(app, '?limit=1');
    expect(first.campaigns.map((campaign) => campaign.campaignId)).toEqual(['kept-page-2']);
    const second = await list(app, `?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.campaigns.map((campaign) => campaign.campaignId)).toEqual(['kept-page-1']);
    expect((await list(app, '?organizationId=no-such-organization')).campaigns).toEqual([]);
    const whole = await list(app);
    expect(whole.campaigns.slice(0, 2).map((campaign) => campaign.campaignId)).toEqual(['kept-page-2', 'kept-page-1']);

    // The default size named or not, an unknown parameter: the same answer, the same ETag.
    const tags = await Promise.all(
      ['', '?limit=50', '?limit=50&utm_source=x'].map(async (query) =>
        (await fetch(`${app.url}/api/campaigns${query}`)).headers.get('etag'),
      ),
    );
    expect(new Set(tags).size).toBe(1);
  });

  it('refuses what the route refuses, naming the field', async () => {
    for (const [query, field] of [
      ['?cursor=not-a-cursor', 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=many', 'limit'],
      ['?limit=1&limit=2', 'limit'],
      ['?organizationId=%00', 'organizationId'],
    ] as const) {
      const answer = await callApi(app, 'GET', `/api/campaigns${query}`);
      expect(answer.status, query).toBe(400);
      expect(JSON.stringify(answer.body.error), query).toContain(field);
    }
  });

  it('sends the built copy the browser accepts, its ETag, the security headers and the request id', async () => {
    const first = await fetch(`${app.url}/api/campaigns`, {
      headers: { 'accept-encoding': 'br', 'x-request-id': 'req-list-1' },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('x-request-id')).toBe('req-list-1');
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
    const again = await fetch(`${app.url}/api/campaigns`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const plain = await fetch(`${app.url}/api/campaigns`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Array.isArray((await plain.json()).campaigns)).toBe(true);
  });
});

describe('the live campaign list at its default freshness', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { CAMPAIGN_LIST_CACHE_MS: '1000' } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows a deadline passing within twice the time it is kept', async () => {
    await createCampaign(app, 'ending-soon', {
      campaignRaiseGoalDeadline: new Date(Date.now() + 1_000).toISOString(),
    });
    expect(await listed(app, 'ending-soon')).toMatchObject({ acceptingDonations: true });
    await expect
      .poll(async () => (await listed(app, 'ending-soon'))?.acceptingDonations, { timeout: 5_000, interval: 100 })
      .toBe(false);
  });
});

describe('the reports overview kept in memory', () => {
  let app: TestApp;
  let cookie: string;
  let staff: string;
  beforeAll(async () => {
    app = await startTestApp({ env: KEPT });
    cookie = await signInAs(app, 'campaigner@demo.local');
    staff = await signInAs(app, 'super@demo.local');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const overview = async (): Promise<OverviewResponse> => {
    const answer = await callApi<OverviewResponse>(app, 'GET', REPORTING_API.overview, { cookie });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('shows a new gift as soon as the projector applies it, and not before', async () => {
    await createCampaign(app, 'overview-gifts');
    await mirrorCaughtUp(app, staff, 30_000);
    const before = await overview();
    const runner = app.server.container.get(REPORTING_PROJECTOR_RUNNER);
    await runner.stop();
    try {
      await give(app, 'overview-gifts', 40_00);
      // The freshness every report shows is read again within REPORT_FRESHNESS_MS.
      await expect
        .poll(async () => (await overview()).freshness.backlog, { timeout: REPORT_FRESHNESS_MS + 1_000, interval: 20 })
        .toBeGreaterThan(0);
      expect((await overview()).totals.gifts).toBe(before.totals.gifts);
      const drained = await app.server.container.get(REPORTING_PROJECTOR).drain();
      expect(drained.applied).toBeGreaterThan(0);
      // At once: the batch's organization was told when it was applied.
      const after = await overview();
      expect(after.totals.gifts).toBe(before.totals.gifts + 1);
      expect(after.totals.raisedCents).toBe(before.totals.raisedCents + 40_00);
      expect(after.freshness.backlog).toBe(0);
    } finally {
      await runner.start();
    }
  });

  it('shows every organization’s overview the gift too, and a rebuild’s figures', async () => {
    const everyone = async () =>
      (await callApi<OverviewResponse>(app, 'GET', REPORTING_API.overview, { cookie: staff })).body.totals;
    const before = await everyone();
    await createCampaign(app, 'overview-everyone');
    await give(app, 'overview-everyone', 10_00);
    await mirrorCaughtUp(app, staff, 30_000);
    expect((await everyone()).gifts).toBe(before.gifts + 1);
    expect((await callApi(app, 'POST', REPORTING_API.rebuild, { cookie: staff })).status).toBe(200);
    expect((await everyone()).raisedCents).toBe(before.raisedCents + 10_00);
  });
});

describe.runIf(store !== 'pglite')(
  `the list and the overview on two instances sharing one ${store === 'firestore' ? 'Firestore project' : 'Postgres database'} (RUNS ONLY WHERE INSTANCES SHARE A STORE: PGlite is one process)`,
  () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await startTestApp({ env: KEPT });
      second = await startTestApp({ env: KEPT, sharingDatabaseOf: first });
    }, 120_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('drops or refreshes the list every instance keeps when one of them changes a campaign or organization', async () => {
      expect(await listed(second, 'two-lists')).toBeUndefined();
      const { repositories, organizationId } = await createCampaign(first, 'two-lists');
      await expect
        .poll(async () => (await listed(second, 'two-lists'))?.title, { timeout: ACROSS_MS, interval: 50 })
        .toBe('Warm meals for 500 families');

      await give(first, 'two-lists', 25_00);
      await expect
        .poll(async () => (await listed(second, 'two-lists'))?.raisedCents, { timeout: ACROSS_MS, interval: 50 })
        .toBe(25_00);

      await repositories.organizations.update(organizationId, { name: 'Harbor Light', logo: '/files/harbor.png' });
      await expect
        .poll(async () => (await list(second)).campaigns.find((c) => c.campaignId === 'two-lists'), {
          timeout: ACROSS_MS,
          interval: 50,
        })
        .toMatchObject({ organization: { name: 'Harbor Light', logo: '/files/harbor.png' } });

      await repositories.campaigns.softDelete('two-lists');
      await expect
        .poll(async () => await listed(second, 'two-lists'), { timeout: ACROSS_MS, interval: 50 })
        .toBeUndefined();
    });

    // Instances share a reporting mirror on a Postgres server (beside Firestore: REPORTING_DATABASE_URL);
    // an embedded mirror is one process's own, so only where a server is at hand.
    it.runIf(store === 'postgres' || Boolean(process.env.TEST_DATABASE_URL))(
      'drops the overview kept by an instance whose projector did not apply the gift (RUNS WHERE INSTANCES SHARE A MIRROR SERVER)',
      async () => {
        const cookie = await signInAs(second, 'campaigner@demo.local');
        const staff = await signInAs(first, 'super@demo.local');
        const overview = async () =>
          (await callApi<OverviewResponse>(second, 'GET', REPORTING_API.overview, { cookie })).body.totals;
        await createCampaign(first, 'two-overviews');
        await mirrorCaughtUp(first, staff, 30_000);
        // Only the first instance applies changes meanwhile; the second hears of them on the event bus.
        const runner = second.server.container.get(REPORTING_PROJECTOR_RUNNER);
        await runner.stop();
        try {
          const before = await overview();
          await give(first, 'two-overviews', 30_00);
          await expect
            .poll(async () => (await overview()).gifts, { timeout: 30_000, interval: 100 })
            .toBe(before.gifts + 1);
          expect((await overview()).raisedCents).toBe(before.raisedCents + 30_00);
        } finally {
          await runner.start();
        }
      },
    );
  },
);
