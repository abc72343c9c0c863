import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { eventually } from '@causeway/tests/support/eventually';
import { pngOfSize } from '@causeway/tests/support/images';
import { createLiveCampaign } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';

/**
 * Promoters' fundraising pages: made by a promoter of a live campaign, given on by anyone (credited to the
 * promoter through the share links' own checkout, booked once), listed on the campaign's leaderboard, and
 * hidden by the campaign's organizers.
 */
let app: TestApp;
const cookies = { campaigner: '', promoter: '', second: '', stranger: '', donor: '' };
const uids = { campaigner: '', promoter: '', second: '' };
let harborId: string;
let campaignId: string;

const repositories = () => app.server.container.get(TYPES.Repositories);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
const own = (id = campaignId) => `/api/campaigns/${id}/fundraisers/me`;
const publicPage = (promoterId: string, id = campaignId) => `/api/campaigns/${id}/fundraisers/${promoterId}/page`;
const leaderboard = (id = campaignId) => `/api/campaigns/${id}/fundraisers`;

let campaignCount = 0;
async function liveCampaign(fields: Record<string, unknown> = {}): Promise<string> {
  campaignCount += 1;
  const campaign = await repositories().campaigns.create({
    campaignUUID: `fund-${campaignCount}-${Date.now().toString(36)}`,
    userId: uids.campaigner,
    organizationId: harborId,
    isPaid: true,
    allowDonations: true,
    createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    campaignName: `Campaign ${campaignCount}`,
    campaignTitle: 'Warm meals for 500 families',
    campaignDescription: 'Warm meals for families across Portland this winter.',
    campaignRaiseGoal: 10_000_00,
    ...fields,
  });
  return campaign.campaignUUID;
}

/** A gift through the donate panel's checkout, paid on the sandbox's page, its webhook booked. */
async function give(
  amount: number,
  ref: string | undefined,
  email: string,
  id = campaignId,
  givenOn: 'campaign_page' | 'fundraiser_page' = ref ? 'fundraiser_page' : 'campaign_page',
) {
  const opened = await api('POST', `/api/campaigns/${id}/donations/checkout`, undefined, {
    amount,
    donorName: 'Robin',
    ...(ref ? { ref } : {}),
    givenOn,
  });
  expect(opened.status).toBe(201);
  await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email });
  await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
}

async function putPhoto(cookie: string, content: Uint8Array, contentType: string) {
  const response = await fetch(`${app.url}${own()}/photo`, {
    method: 'PUT',
    headers: { 'content-type': contentType, accept: 'application/json', cookie },
    body: Buffer.from(content),
  });
  return { status: response.status, body: await response.json() };
}

const pageBody = {
  headline: 'Running 10k for Harbor Light',
  story: 'Every mile I run is a warm meal.\n\nJoin me: <b>any gift</b> helps.',
  goalCents: 500_00,
  showOnLeaderboard: true,
};

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['campaigner', 'promoter'] as const) cookies[name] = await signInAs(app, `${name}@demo.local`);
  uids.campaigner = (await api('GET', '/api/auth/session', cookies.campaigner)).body.user.uid;
  uids.promoter = (await api('GET', '/api/auth/session', cookies.promoter)).body.user.uid;
  harborId = (await repositories().organizations.list()).find(
    (org) => org.name === 'Harbor Light Food Bank',
  )!.organizationId;
  const second = await addPerson(app, {
    email: 'sky@promoters.example',
    firstName: 'Sky',
    accountType: 'promoter',
  });
  cookies.second = second.cookie;
  uids.second = second.uid;
  const orchard = await repositories().organizations.create({
    organizationId: 'org-orchard-fund',
    name: 'Orchard Youth Club',
    created_date: new Date().toISOString(),
  });
  cookies.stranger = (
    await addPerson(app, { email: 'kim@orchard.example', organizationId: orchard.organizationId })
  ).cookie;
  campaignId = await liveCampaign();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('making a fundraising page', () => {
  it('is for a live campaign the promoter promotes', async () => {
    const before = await api('PUT', own(), cookies.promoter, pageBody);
    expect(before.status).toBe(404);
    expect(before.body.error.message).toMatch(/Promote this campaign first/);
    await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.promoter);
    const made = await api('PUT', own(), cookies.promoter, pageBody);
    expect(made.status).toBe(200);
    expect(made.body.page).toMatchObject({
      campaignId,
      promoterId: uids.promoter,
      headline: pageBody.headline,
      story: pageBody.story,
      goalCents: 500_00,
      raisedCents: 0,
      donors: 0,
      hidden: false,
      photo: null,
      campaignName: 'Warm meals for 500 families',
      pageUrl: `${app.url}/campaign/${campaignId}/fundraisers/${uids.promoter}/`,
    });
    expect((await api('GET', own(), cookies.promoter)).body.page.headline).toBe(pageBody.headline);
    const mine = await api('GET', '/api/fundraiser-pages', cookies.promoter);
    expect(mine.body.pages.map((page: { campaignId: string }) => page.campaignId)).toContain(campaignId);
  });

  it('refuses others: 401 signed out, 403 for a campaigner, 404 for a campaign not live', async () => {
    expect((await api('PUT', own(), undefined, pageBody)).status).toBe(401);
    expect((await api('PUT', own(), cookies.campaigner, pageBody)).status).toBe(403);
    const unpaid = await liveCampaign({ isPaid: false });
    expect((await api('PUT', own(unpaid), cookies.promoter, pageBody)).status).toBe(404);
    expect((await api('GET', own(unpaid), cookies.promoter)).status).toBe(404);
  });

  it.each([
    ['goalCents', { goalCents: 0 }, 'A personal goal is at least $1.00.'],
    ['goalCents', { goalCents: -500 }, 'A personal goal is at least $1.00.'],
    ['goalCents', { goalCents: 100_000_01 }, 'A personal goal is at most $100,000.00.'],
    ['goalCents', { goalCents: 10.5 }, 'Use whole cents.'],
    ['headline', { headline: '   ' }, 'Give your page a headline.'],
    ['headline', { headline: 'x'.repeat(121) }, 'Keep the headline to 120 characters.'],
    ['story', { story: 'x'.repeat(2001) }, 'Keep your words to 2000 characters.'],
  ])('answers 400 naming %s for %j', async (field, change, message) => {
    const refused = await api('PUT', own(), cookies.promoter, { ...pageBody, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[field]).toBe(message);
  });

  it('keeps what the promoter writes as plain text, without control characters', async () => {
    const saved = await api('PUT', own(), cookies.promoter, {
      ...pageBody,
      headline: '  Running\t10k  for\u200b Harbor Light ',
      story: 'Line one\u0007\r\n\r\n\r\n\r\nLine <script>two</script>  ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.page.headline).toBe('Running 10k for Harbor Light');
    expect(saved.body.page.story).toBe('Line one\n\nLine <script>two</script>');
    await api('PUT', own(), cookies.promoter, pageBody);
  });

  it('takes a photo under the avatar’s rules, naming the photo when it refuses one', async () => {
    const refused = await putPhoto(cookies.promoter, new TextEncoder().encode('not a picture'), 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.photo).toBe('This file is not a readable PNG picture.');
    const small = await putPhoto(cookies.promoter, pngOfSize(8, 8), 'image/png');
    expect(small.status).toBe(400);
    expect(small.body.error.fields.photo).toMatch(/a photo needs at least 32 × 32/);
    const stored = await putPhoto(cookies.promoter, pngOfSize(200, 200), 'image/png');
    expect(stored.status).toBe(200);
    expect(stored.body.page.photo).toMatch(
      new RegExp(`^/files/fundraisers/${campaignId}/${uids.promoter}\\.png\\?v=\\d+$`),
    );
    const file = await fetch(`${app.url}${stored.body.page.photo}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
  });
});

describe('giving on a fundraising page', () => {
  it('shows the page to everyone, with the campaign’s page below', async () => {
    const shown = await api('GET', publicPage(uids.promoter));
    expect(shown.status).toBe(200);
    expect(shown.body.fundraiser).toMatchObject({
      campaignId,
      promoterId: uids.promoter,
      headline: pageBody.headline,
      goalCents: 500_00,
      raisedCents: 0,
      donors: 0,
      campaign: { campaignId, title: 'Warm meals for 500 families' },
    });
    expect(shown.body.fundraiser.promoterName).not.toContain('@');
    expect((await api('GET', publicPage(uids.second))).status).toBe(404);
    expect((await api('GET', publicPage(uids.promoter, 'no-such-campaign'))).status).toBe(404);
  });

  it('credits a gift made on it to the promoter, once, and moves the page’s progress and the leaderboard', async () => {
    await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.second);
    await api('PUT', own(), cookies.second, { ...pageBody, headline: 'Sky gives', goalCents: 100_00 });
    await give(25_00, uids.promoter, 'robin@donors.example');
    await give(40_00, uids.second, 'ash@donors.example');
    await give(10_00, undefined, 'lee@donors.example');

    const credited = (await repositories().donations.listDonationsByUser(uids.promoter)).filter(
      (donation) => donation.campaign_id === campaignId,
    );
    expect(credited.map((donation) => donation.amount)).toEqual([25_00]);

    const page = await eventually(
      () => api('GET', publicPage(uids.promoter)),
      (answer) => answer.body.fundraiser?.raisedCents === 25_00,
      'the page’s progress',
    );
    expect(page.body.fundraiser).toMatchObject({ raisedCents: 25_00, donors: 1 });
    expect(page.body.fundraiser.campaign.raisedCents).toBe(75_00);
    expect((await api('GET', own(), cookies.promoter)).body.page).toMatchObject({ raisedCents: 25_00, donors: 1 });

    const board = await eventually(
      () => api('GET', leaderboard()),
      (answer) => answer.body.fundraisers?.[0]?.raisedCents === 40_00,
      'the leaderboard',
    );
    expect(
      board.body.fundraisers.map((entry: { promoterId: string; raisedCents: number; donors: number }) => [
        entry.promoterId,
        entry.raisedCents,
        entry.donors,
      ]),
    ).toEqual([
      [uids.second, 40_00, 1],
      [uids.promoter, 25_00, 1],
    ]);
    expect(board.body.fundraisers[0]).toMatchObject({
      promoterName: 'Sky',
      headline: 'Sky gives',
      path: `/campaign/${campaignId}/fundraisers/${uids.second}/`,
    });
  });

  it('serves the page painted by the server, its preview naming the promoter and the campaign', async () => {
    const response = await fetch(`${app.url}/campaign/${campaignId}/fundraisers/${uids.promoter}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60');
    const html = await response.text();
    expect(html).toContain(
      '<meta property="og:title" content="Priya Shah is raising money for Warm meals for 500 families · Harbor Light Food Bank">',
    );
    expect(html).toContain(
      `<meta property="og:image" content="${app.url}/files/fundraisers/${campaignId}/${uids.promoter}.png?v=`,
    );
    expect(html).toMatch(/<h1 [^>]*>Running 10k for Harbor Light<\/h1>/);
    // What the promoter wrote is text, never markup.
    expect(html).toContain('Join me: &lt;b&gt;any gift&lt;/b&gt; helps.');
    const again = await fetch(`${app.url}/campaign/${campaignId}/fundraisers/${uids.promoter}/`, {
      headers: { accept: 'text/html', 'if-none-match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const missing = await fetch(`${app.url}/campaign/${campaignId}/fundraisers/nobody/`, {
      headers: { accept: 'text/html' },
    });
    expect(missing.status).toBe(404);
  });

  it('shows in the campaign’s report the gifts made on fundraising pages, apart from those by share links', async () => {
    // Priya's share link, followed to the campaign's page: her gift, not her page's.
    await give(5_00, uids.promoter, 'kim@donors.example', campaignId, 'campaign_page');
    // A page's gift names its promoter: one that names nobody is not a page's.
    await give(3_00, undefined, 'lou@donors.example', campaignId, 'fundraiser_page');
    const report = await eventually(
      () => api('GET', `/api/reporting/campaigns/${campaignId}`, cookies.campaigner),
      (answer) => answer.status === 200 && answer.body.campaign.gifts === 5,
      'the campaign’s report',
    );
    type Row = {
      promoterId: string;
      raisedCents: number;
      fundraisingPage: boolean;
      pageGifts: number;
      pageRaisedCents: number;
    };
    expect(
      report.body.promoters.map((row: Row) => [
        row.promoterId,
        row.raisedCents,
        row.fundraisingPage,
        row.pageGifts,
        row.pageRaisedCents,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [uids.second, 40_00, true, 1, 40_00],
        [uids.promoter, 30_00, true, 1, 25_00],
      ]),
    );
    expect(report.body.places).toEqual({
      campaignPage: { gifts: 3, raisedCents: 18_00 },
      fundraiserPages: { gifts: 2, raisedCents: 65_00 },
      donateForm: { gifts: 0, raisedCents: 0 },
    });
    // The organization's overview sums the same places over its campaigns.
    const overview = await api('GET', '/api/reporting/overview', cookies.campaigner);
    expect(overview.body.totals.places.fundraiserPages).toEqual({ gifts: 2, raisedCents: 65_00 });
    expect(overview.body.totals.places.donateForm).toEqual({ gifts: 0, raisedCents: 0 });
    const gifts = await api('GET', `/api/reporting/campaigns/${campaignId}/gifts`, cookies.campaigner);
    const byAmount = gifts.body.rows
      .map((row: { amountCents: number; givenOn: string | null }) => [row.amountCents, row.givenOn])
      .sort((a: [number], b: [number]) => b[0] - a[0]);
    expect(byAmount).toEqual([
      [40_00, 'fundraiser_page'],
      [25_00, 'fundraiser_page'],
      [10_00, 'campaign_page'],
      [5_00, 'campaign_page'],
      [3_00, null],
    ]);
  });

  it('leaves off the leaderboard a promoter who chose not to appear', async () => {
    await api('PUT', own(), cookies.second, { ...pageBody, headline: 'Sky gives', showOnLeaderboard: false });
    const board = await api('GET', leaderboard());
    expect(board.body.fundraisers.map((entry: { promoterId: string }) => entry.promoterId)).toEqual([uids.promoter]);
    // Still a page of its own.
    expect((await api('GET', publicPage(uids.second))).status).toBe(200);
    await api('PUT', own(), cookies.second, { ...pageBody, headline: 'Sky gives', showOnLeaderboard: true });
  });

  it('shows a change of the page at once (what is kept of it is dropped)', async () => {
    await api('GET', publicPage(uids.promoter));
    await api('PUT', own(), cookies.promoter, { ...pageBody, headline: 'Running 21k now' });
    expect((await api('GET', publicPage(uids.promoter))).body.fundraiser.headline).toBe('Running 21k now');
    await api('PUT', own(), cookies.promoter, pageBody);
  });
});

describe('hiding a page', () => {
  it('is for the campaign’s organizers, and needs a reason', async () => {
    const path = `/api/campaigns/${campaignId}/fundraisers/${uids.second}/visibility`;
    expect((await api('PUT', path, cookies.stranger, { hidden: true, reason: 'No' })).status).toBe(403);
    expect((await api('PUT', path, cookies.promoter, { hidden: true, reason: 'No' })).status).toBe(403);
    expect((await api('PUT', path, undefined, { hidden: true, reason: 'No' })).status).toBe(401);
    const noReason = await api('PUT', path, cookies.campaigner, { hidden: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe('Say why the page is hidden: the promoter is told.');
    const unknown = `/api/campaigns/${campaignId}/fundraisers/nobody/visibility`;
    expect((await api('PUT', unknown, cookies.campaigner, { hidden: true, reason: 'No' })).status).toBe(404);
  });

  it('answers 404 to the public, leaves the leaderboard, tells the promoter, and shows it again', async () => {
    const path = `/api/campaigns/${campaignId}/fundraisers/${uids.second}/visibility`;
    const hidden = await api('PUT', path, cookies.campaigner, { hidden: true, reason: 'The photo is not theirs.' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.page).toMatchObject({ hidden: true, hiddenReason: 'The photo is not theirs.' });

    expect((await api('GET', publicPage(uids.second))).status).toBe(404);
    const html = await fetch(`${app.url}/campaign/${campaignId}/fundraisers/${uids.second}/`, {
      headers: { accept: 'text/html' },
    });
    expect(html.status).toBe(404);
    const board = await api('GET', leaderboard());
    expect(board.body.fundraisers.map((entry: { promoterId: string }) => entry.promoterId)).toEqual([uids.promoter]);
    // The promoter still sees their page, and why it is hidden; editing it does not show it again.
    await api('PUT', own(), cookies.second, { ...pageBody, headline: 'Sky gives more' });
    expect((await api('GET', own(), cookies.second)).body.page).toMatchObject({
      hidden: true,
      hiddenReason: 'The photo is not theirs.',
      headline: 'Sky gives more',
    });
    expect((await api('GET', publicPage(uids.second))).status).toBe(404);

    const told = await repositories().notifications.listForUser(uids.second, { unreadOnly: false, limit: 10 });
    expect(told.map((notification) => notification.notification_message)).toContain(
      "Your fundraising page for Warm meals for 500 families was hidden by the campaign's organizers: The photo is not theirs.",
    );

    const all = await api('GET', `/api/campaigns/${campaignId}/fundraiser-pages`, cookies.campaigner);
    expect(all.status).toBe(200);
    expect(
      all.body.pages.map((page: { promoterId: string; hidden: boolean; raisedCents: number }) => [
        page.promoterId,
        page.hidden,
        page.raisedCents,
      ]),
    ).toEqual([
      [uids.second, true, 40_00],
      [uids.promoter, false, 30_00],
    ]);
    expect((await api('GET', `/api/campaigns/${campaignId}/fundraiser-pages`, cookies.stranger)).status).toBe(403);

    const shown = await api('PUT', path, cookies.campaigner, { hidden: false });
    expect(shown.body.page).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await api('GET', publicPage(uids.second))).status).toBe(200);
    const toldAgain = await repositories().notifications.listForUser(uids.second, { unreadOnly: false, limit: 10 });
    expect(toldAgain.map((notification) => notification.notification_message)).toContain(
      'Your fundraising page for Warm meals for 500 families is shown again.',
    );
  });
});

describe.runIf(testStoreName() === 'postgres')(
  'a fundraising page on two instances (RUNS ONLY ON THE POSTGRES SERVER: PGlite is one process, Firestore mode passes live messages in process)',
  () => {
    /** Kept a minute: only a change dropping the page can show anything new within the test. */
    const KEPT = { CAMPAIGN_PAGE_CACHE_MS: '60000' };
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await startTestApp({ env: KEPT });
      second = await startTestApp({ env: KEPT, sharingDatabaseOf: first });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('drops the copy every instance keeps when one of them changes the page', async () => {
      const { repositories, organizationId } = await createLiveCampaign(first, 'two-instances-fundraiser');
      const promoter = (await repositories.users.findByEmail('promoter@demo.local'))!;
      const at = new Date().toISOString();
      const page = {
        id: 'two-instances-page',
        promoterId: promoter.uid,
        campaignId: 'two-instances-fundraiser',
        organizationId,
        headline: 'First words',
        story: '',
        photo: null,
        goalCents: 100_00,
        showOnLeaderboard: true,
        hidden: false,
        hiddenReason: null,
        hiddenAt: null,
        hiddenBy: null,
        createdAt: at,
        updatedAt: at,
      };
      await repositories.fundraiserPages.save(page);
      const read = async (app: TestApp) =>
        (await fetch(`${app.url}/api/campaigns/two-instances-fundraiser/fundraisers/${promoter.uid}/page`)).json();
      expect((await read(second)).fundraiser.headline).toBe('First words');
      await repositories.fundraiserPages.save({ ...page, headline: 'New words' });
      await expect.poll(async () => (await read(second)).fundraiser.headline, { timeout: 2_000 }).toBe('New words');
      await repositories.fundraiserPages.setVisibility('two-instances-fundraiser', promoter.uid, {
        hidden: true,
        reason: 'Not fit to show',
        at,
        by: promoter.uid,
      });
      await expect
        .poll(
          async () =>
            (await fetch(`${second.url}/api/campaigns/two-instances-fundraiser/fundraisers/${promoter.uid}/page`))
              .status,
          {
            timeout: 2_000,
          },
        )
        .toBe(404);
    });
  },
);
