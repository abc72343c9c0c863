import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTING_API, type CampaignReportResponse } from '@causeway/core/contracts/reporting.contract';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInDemoTeam } from '@causeway/tests/support/api-client';
import { decodeQrPng, decodeQrSvg, pngPixels } from '@causeway/tests/support/qr-decode';
import { mirrorCaughtUp } from '@causeway/tests/support/reporting';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';

/**
 * QR codes to print, on every store: a live campaign's own for its campaigners, and a promoter's for a
 * campaign they promote, as PNG and SVG downloads that read back as the exact short link; a scan is a
 * click of channel qr, and a gift after it is reported under that channel.
 */
let app: TestApp;
const cookies = { campaigner: '', promoter: '', super: '', otherPromoter: '', stranger: '' };
const uids = { campaigner: '', promoter: '' };
let harborId: string;

const repositories = () => app.server.container.get(TYPES.Repositories);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
/** An image download: status, headers and bytes. */
const download = async (path: string, cookie?: string) => {
  const answer = await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: answer.status, headers: answer.headers, bytes: new Uint8Array(await answer.arrayBuffer()) };
};
const scan = (url: string, init: RequestInit = {}) =>
  fetch(`${app.url}${new URL(url).pathname}`, { redirect: 'manual', ...init });

/**
 * Scans `address` once and checks where it leads: a 302, never kept, to `path` with the QR code's UTM
 * parameters (and the promoter's `ref` when it credits one).
 */
async function expectScanLeadsTo(address: string, path: string, campaignId: string, ref?: string): Promise<URL> {
  const scanned = await scan(address);
  expect(scanned.status).toBe(302);
  expect(scanned.headers.get('cache-control')).toBe('no-store');
  const landing = new URL(scanned.headers.get('location')!, app.url);
  expect(landing.pathname).toBe(path);
  expect(Object.fromEntries(landing.searchParams)).toEqual({
    ...(ref ? { ref } : {}),
    utm_source: 'qr',
    utm_medium: 'social',
    utm_campaign: campaignId,
  });
  return landing;
}

let count = 0;
async function liveCampaign(fields: Record<string, unknown> = {}): Promise<string> {
  count += 1;
  const campaign = await repositories().campaigns.create({
    campaignUUID: `qr-${count}-${Date.now().toString(36)}`,
    userId: uids.campaigner,
    organizationId: harborId,
    isPaid: true,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    campaignName: `Winter coats ${count}`,
    campaignTitle: `Coats for ${count * 100} children`,
    campaignDescription: 'Warm coats for children across Portland this winter.',
    campaignRaiseGoal: 10_000_00,
    ...fields,
  });
  return campaign.campaignUUID;
}

beforeAll(async () => {
  app = await startTestApp();
  const team = await signInDemoTeam(app);
  Object.assign(cookies, team.cookies);
  Object.assign(uids, team.uids);
  harborId = (await repositories().organizations.list()).find(
    (org) => org.name === 'Harbor Light Food Bank',
  )!.organizationId;
  cookies.otherPromoter = (
    await addPerson(app, { email: 'sky@promoters.example', firstName: 'Sky', accountType: 'promoter' })
  ).cookie;
  const orchard = await repositories().organizations.create({
    organizationId: 'org-orchard-qr',
    name: 'Orchard Youth Club',
    created_date: new Date().toISOString(),
  });
  cookies.stranger = (
    await addPerson(app, { email: 'kim@orchard.example', organizationId: orchard.organizationId })
  ).cookie;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("a live campaign's own QR code", () => {
  let campaignId: string;
  let address: string;

  beforeAll(async () => {
    campaignId = await liveCampaign({ campaignName: 'Winter coats: Portland!' });
    address = `${app.url}/q/${campaignId}`;
  });

  it('downloads as a PNG that reads as the campaign’s QR address', async () => {
    const png = await download(`/api/campaigns/${campaignId}/qr.png`, cookies.campaigner);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe('attachment; filename="winter-coats-portland-qr.png"');
    expect(png.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(pngPixels(png.bytes).width).toBe(1024);
    expect(decodeQrPng(png.bytes)).toBe(address);
  });

  it('downloads as an SVG that reads as the same address, and a PNG of the size asked', async () => {
    const svg = await download(`/api/campaigns/${campaignId}/qr.svg`, cookies.campaigner);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toBe('attachment; filename="winter-coats-portland-qr.svg"');
    const text = new TextDecoder().decode(svg.bytes);
    expect(text).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).not.toMatch(/<script|on\w+=/i);
    expect(decodeQrSvg(text)).toBe(address);

    const small = await download(`/api/campaigns/${campaignId}/qr.png?size=256`, cookies.campaigner);
    expect(pngPixels(small.bytes).width).toBe(256);
    expect(decodeQrPng(small.bytes)).toBe(address);
    for (const size of ['5', '100000', 'big']) {
      expect((await download(`/api/campaigns/${campaignId}/qr.png?size=${size}`, cookies.campaigner)).status).toBe(400);
    }
  });

  it("is for the campaign's organization and platform staff, and only while the campaign is live", async () => {
    expect((await download(`/api/campaigns/${campaignId}/qr.png`)).status).toBe(401);
    expect((await download(`/api/campaigns/${campaignId}/qr.png`, cookies.stranger)).status).toBe(403);
    expect((await download(`/api/campaigns/${campaignId}/qr.svg`, cookies.promoter)).status).toBe(403);
    expect((await download(`/api/campaigns/${campaignId}/qr.svg`, cookies.super)).status).toBe(200);
    expect((await download('/api/campaigns/no-such-campaign/qr.png', cookies.campaigner)).status).toBe(404);
    const draft = await liveCampaign({ isPaid: false });
    expect((await download(`/api/campaigns/${draft}/qr.png`, cookies.campaigner)).status).toBe(404);
    expect((await scan(`${app.url}/q/${draft}`)).status).toBe(404);
    const unknown = await scan(`${app.url}/q/no-such-campaign`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This link doesn’t lead anywhere');
  });

  it('counts a scan as a click of channel qr without a promoter, and a gift after it under qr in the report', async () => {
    const landing = await expectScanLeadsTo(address, `/campaign/${campaignId}/details/`, campaignId);
    // A link previewer or a HEAD request is not a scan.
    expect((await scan(address, { headers: { 'user-agent': 'Slackbot 1.0' } })).status).toBe(302);
    expect((await scan(address, { method: 'HEAD' })).status).toBe(302);
    expect(await repositories().shareTracking.getCounters(campaignId)).toMatchObject({ qr: 1, x: 0 });
    const clicks = await repositories().shareTracking.listClicks(campaignId);
    expect(clicks).toEqual([expect.objectContaining({ channel: 'qr', promoterId: null })]);
    const shares = await api('GET', `/api/campaigns/${campaignId}/shares`, cookies.campaigner);
    expect(shares.body).toMatchObject({ counters: { qr: 1 }, total: 1, thisWeek: { qr: 1 } });

    const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, {
      amount: 30_00,
      donorName: 'Robin',
      channel: landing.searchParams.get('utm_source'),
    });
    expect(opened.status).toBe(201);
    await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email: 'robin@donors.example' });
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
    const [donation] = await repositories().donations.listDonationsByCampaign(campaignId);
    expect(donation).toMatchObject({ channel: 'qr', amount: 30_00 });

    await mirrorCaughtUp(app, cookies.super, 15_000);
    const report = async () =>
      (
        await callApi<CampaignReportResponse>(app, 'GET', REPORTING_API.campaign(campaignId), {
          cookie: cookies.campaigner,
        })
      ).body;
    let current = await report();
    for (let attempt = 0; current.funnel.gifts === 0 && attempt < 150; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await report();
    }
    expect(current.channels.find((channel) => channel.channel === 'qr')).toEqual({
      channel: 'qr',
      shareClicks: 1,
      gifts: 1,
      raisedCents: 30_00,
    });
    expect(current.direct).toEqual({ gifts: 0, raisedCents: 0 });
  });
});

describe("a promoter's QR code", () => {
  let campaignId: string;
  let qrLink: string;

  beforeAll(async () => {
    campaignId = await liveCampaign();
    const promoted = await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.promoter);
    expect(promoted.status).toBe(201);
    qrLink = (promoted.body.promotion.links as { channel: string; url: string }[]).find(
      (link) => link.channel === 'qr',
    )!.url;
    expect(qrLink).toMatch(new RegExp(`^${app.url}/s/[A-Za-z0-9_-]{10}$`));
  });

  it('downloads as PNG and SVG that read as their own short link of channel qr', async () => {
    const png = await download(`/api/promotions/${campaignId}/qr.png`, cookies.promoter);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toMatch(/^attachment; filename="winter-coats-\d+-qr\.png"$/);
    expect(decodeQrPng(png.bytes)).toBe(qrLink);
    const svg = await download(`/api/promotions/${campaignId}/qr.svg`, cookies.promoter);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(decodeQrSvg(new TextDecoder().decode(svg.bytes))).toBe(qrLink);
  });

  it('counts a scan as their click of channel qr and credits them on the landing', async () => {
    const scanned = await scan(qrLink);
    expect(scanned.status).toBe(302);
    const landing = new URL(scanned.headers.get('location')!, app.url);
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({ ref: uids.promoter, utm_source: 'qr' });
    const clicks = await repositories().shareTracking.listClicks(campaignId);
    expect(clicks).toEqual([expect.objectContaining({ channel: 'qr', promoterId: uids.promoter })]);
    const mine = await api('GET', '/api/promotions', cookies.promoter);
    const promotion = mine.body.promotions.find((item: { campaignId: string }) => item.campaignId === campaignId);
    expect(promotion.clicks).toEqual({ x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 1 });
  });

  it('is only for a promoter of the live campaign', async () => {
    expect((await download(`/api/promotions/${campaignId}/qr.png`)).status).toBe(401);
    expect((await download(`/api/promotions/${campaignId}/qr.png`, cookies.otherPromoter)).status).toBe(404);
    expect((await download(`/api/promotions/${campaignId}/qr.svg`, cookies.campaigner)).status).toBe(403);
    expect((await download('/api/promotions/no-such-campaign/qr.png', cookies.promoter)).status).toBe(404);
    await repositories().campaigns.update(campaignId, { isPaid: false });
    expect((await download(`/api/promotions/${campaignId}/qr.png`, cookies.promoter)).status).toBe(404);
    await repositories().campaigns.update(campaignId, { isPaid: true });
  });

  it('is made for a promotion older than QR codes, once, and listed with its links from then on', async () => {
    const older = await liveCampaign();
    const at = new Date().toISOString();
    await repositories().promotions.promote({
      id: `promotion-${older}`,
      creatorId: uids.promoter,
      rootCompanyId: harborId,
      campaignId: older,
      createdAt: at,
    });
    await repositories().shareTracking.ensureShareLinks(
      (['x', 'linkedin', 'facebook', 'instagram'] as const).map((channel) => ({
        code: `${channel.slice(0, 2)}${older.replace(/[^A-Za-z0-9]/g, '').slice(-8)}`,
        campaignId: older,
        promoterId: uids.promoter,
        channel,
        createdAt: at,
      })),
    );
    const answers = await Promise.all([
      download(`/api/promotions/${older}/qr.png`, cookies.promoter),
      download(`/api/promotions/${older}/qr.png`, cookies.promoter),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => decodeQrPng(answer.bytes));
    expect(first).toBe(second);
    const links = await repositories().shareTracking.listShareLinks(uids.promoter, older);
    expect(links.map((link) => link.channel).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'qr', 'x']);
    const mine = await api('GET', '/api/promotions', cookies.promoter);
    const promotion = mine.body.promotions.find((item: { campaignId: string }) => item.campaignId === older);
    expect(promotion.links.find((link: { channel: string }) => link.channel === 'qr').url).toBe(first);
  });
});

describe("a promoter's fundraising page's QR code", () => {
  let campaignId: string;
  let address: string;
  const ownQr = (id: string, format: 'png' | 'svg', query = '') =>
    `/api/campaigns/${id}/fundraisers/me/qr.${format}${query}`;
  const pageBody = {
    headline: 'Coats for the kids on my street',
    story: '',
    goalCents: 300_00,
    showOnLeaderboard: true,
  };

  beforeAll(async () => {
    campaignId = await liveCampaign();
    expect((await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.promoter)).status).toBe(201);
    address = `${app.url}/q/${campaignId}/${uids.promoter}`;
  });

  it('is 404 until the promoter has made their page, saying so', async () => {
    const none = await api('GET', ownQr(campaignId, 'png'), cookies.promoter);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(
      'You have no fundraising page for this campaign yet: make it first, then print its QR code.',
    );
    expect((await api('PUT', `/api/campaigns/${campaignId}/fundraisers/me`, cookies.promoter, pageBody)).status).toBe(
      200,
    );
  });

  it('downloads as PNG and SVG that read as the short address of their page, of the size asked', async () => {
    const png = await download(ownQr(campaignId, 'png'), cookies.promoter);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toMatch(
      /^attachment; filename="winter-coats-\d+-fundraiser-qr\.png"$/,
    );
    expect(png.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(pngPixels(png.bytes).width).toBe(1024);
    expect(decodeQrPng(png.bytes)).toBe(address);

    const svg = await download(ownQr(campaignId, 'svg'), cookies.promoter);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toMatch(
      /^attachment; filename="winter-coats-\d+-fundraiser-qr\.svg"$/,
    );
    const text = new TextDecoder().decode(svg.bytes);
    expect(text).not.toMatch(/<script|on\w+=/i);
    expect(decodeQrSvg(text)).toBe(address);

    const small = await download(ownQr(campaignId, 'png', '?size=128'), cookies.promoter);
    expect(pngPixels(small.bytes).width).toBe(128);
    expect(decodeQrPng(small.bytes)).toBe(address);
    for (const size of ['127', '2049', 'big']) {
      expect((await download(ownQr(campaignId, 'png', `?size=${size}`), cookies.promoter)).status).toBe(400);
    }
  });

  it('is only for a promoter of the live campaign', async () => {
    expect((await download(ownQr(campaignId, 'png'))).status).toBe(401);
    expect((await download(ownQr(campaignId, 'svg'), cookies.campaigner)).status).toBe(403);
    expect((await download(ownQr(campaignId, 'png'), cookies.super)).status).toBe(403);
    expect((await download(ownQr(campaignId, 'png'), cookies.otherPromoter)).status).toBe(404);
    expect((await download(ownQr('no-such-campaign', 'png'), cookies.promoter)).status).toBe(404);
    await repositories().campaigns.update(campaignId, { isPaid: false });
    expect((await download(ownQr(campaignId, 'svg'), cookies.promoter)).status).toBe(404);
    // A scan of a printed code for a campaign that is not live reads as the campaign's own code would.
    const ended = await scan(address);
    expect(ended.status).toBe(404);
    expect(await ended.text()).toContain('This link doesn’t lead anywhere');
    await repositories().campaigns.update(campaignId, { isPaid: true });
    expect((await scan(`${app.url}/q/no-such-campaign/${uids.promoter}`)).status).toBe(404);
  });

  it('counts a scan as their click of channel qr and leads to their page, where a gift is theirs under qr', async () => {
    const landing = await expectScanLeadsTo(
      address,
      `/campaign/${campaignId}/fundraisers/${uids.promoter}/`,
      campaignId,
      uids.promoter,
    );
    // A link previewer or a HEAD request is not a scan.
    expect((await scan(address, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } })).status).toBe(302);
    expect((await scan(address, { method: 'HEAD' })).status).toBe(302);
    expect(await repositories().shareTracking.getCounters(campaignId)).toMatchObject({ qr: 1, x: 0 });
    expect(await repositories().shareTracking.listClicks(campaignId)).toEqual([
      expect.objectContaining({ channel: 'qr', promoterId: uids.promoter }),
    ]);
    const mine = await api('GET', '/api/promotions', cookies.promoter);
    const promotion = mine.body.promotions.find((item: { campaignId: string }) => item.campaignId === campaignId);
    expect(promotion.clicks).toEqual({ x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 1 });

    // The page's donate panel sends its promoter and the landing link's network.
    const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, {
      amount: 45_00,
      donorName: 'Robin',
      ref: uids.promoter,
      channel: landing.searchParams.get('utm_source'),
      givenOn: 'fundraiser_page',
    });
    expect(opened.status).toBe(201);
    await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email: 'robin@donors.example' });
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
    const [donation] = await repositories().donations.listDonationsByCampaign(campaignId);
    expect(donation).toMatchObject({
      user_id: uids.promoter,
      channel: 'qr',
      given_on: 'fundraiser_page',
      amount: 45_00,
    });
    const page = await api('GET', `/api/campaigns/${campaignId}/fundraisers/me`, cookies.promoter);
    expect(page.body.page).toMatchObject({ raisedCents: 45_00, donors: 1 });
  });

  it('leads to the campaign page while the page is hidden, still crediting the promoter', async () => {
    const visibility = `/api/campaigns/${campaignId}/fundraisers/${uids.promoter}/visibility`;
    const hidden = await api('PUT', visibility, cookies.campaigner, { hidden: true, reason: 'A photo to change.' });
    expect(hidden.status).toBe(200);
    // The promoter may still download it: the code is the same once the page is shown again.
    expect(decodeQrPng((await download(ownQr(campaignId, 'png'), cookies.promoter)).bytes)).toBe(address);
    await expectScanLeadsTo(address, `/campaign/${campaignId}/details/`, campaignId, uids.promoter);
    expect((await repositories().shareTracking.listClicks(campaignId)).map((click) => click.promoterId)).toEqual([
      uids.promoter,
      uids.promoter,
    ]);

    await api('PUT', visibility, cookies.campaigner, { hidden: false });
    const shown = new URL((await scan(address)).headers.get('location')!, app.url);
    expect(shown.pathname).toBe(`/campaign/${campaignId}/fundraisers/${uids.promoter}/`);
  });

  it("reads as the campaign's own code when it names someone who does not promote the campaign", async () => {
    const before = (await repositories().shareTracking.getCounters(campaignId)).qr;
    await expectScanLeadsTo(`${app.url}/q/${campaignId}/nobody-here`, `/campaign/${campaignId}/details/`, campaignId);
    expect((await repositories().shareTracking.getCounters(campaignId)).qr).toBe(before + 1);
    const clicks = await repositories().shareTracking.listClicks(campaignId);
    expect(clicks.filter((click) => click.promoterId === null)).toHaveLength(1);
  });
});
