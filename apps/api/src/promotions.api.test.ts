import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInDemoTeam } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
const cookies = { campaigner: '', promoter: '', super: '', secondPromoter: '', stranger: '' };
const uids = { campaigner: '', promoter: '', secondPromoter: '' };
let harborId: string;

const DAY = 86_400_000;
const repositories = () => app.server.container.get(TYPES.Repositories);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let campaignCount = 0;
/** A live campaign of the demo organization, as publishing leaves it. */
async function liveCampaign(fields: Record<string, unknown> = {}): Promise<string> {
  campaignCount += 1;
  const campaign = await repositories().campaigns.create({
    campaignUUID: `cmp-${campaignCount}-${Date.now().toString(36)}`,
    userId: uids.campaigner,
    organizationId: harborId,
    isPaid: true,
    createdAt: daysAgo(1),
    campaignName: `Campaign ${campaignCount}`,
    campaignTitle: `Headline ${campaignCount}`,
    campaignDescription: 'Warm meals for families across Portland this winter.',
    campaignRaiseGoal: 10_000_00,
    ...fields,
  });
  return campaign.campaignUUID;
}

/** Follows a short link without following its redirect. */
const follow = (url: string, init: RequestInit = {}) =>
  fetch(`${app.url}${new URL(url).pathname}`, { redirect: 'manual', ...init });

beforeAll(async () => {
  app = await startTestApp();
  const team = await signInDemoTeam(app);
  Object.assign(cookies, team.cookies);
  Object.assign(uids, team.uids);
  harborId = (await repositories().organizations.list()).find(
    (org) => org.name === 'Harbor Light Food Bank',
  )!.organizationId;
  const second = await addPerson(app, { email: 'sky@promoters.example', firstName: 'Sky', accountType: 'promoter' });
  cookies.secondPromoter = second.cookie;
  uids.secondPromoter = second.uid;
  const orchard = await repositories().organizations.create({
    organizationId: 'org-orchard',
    name: 'Orchard Youth Club',
    created_date: new Date().toISOString(),
  });
  cookies.stranger = (
    await addPerson(app, { email: 'kim@orchard.example', organizationId: orchard.organizationId })
  ).cookie;
});

afterAll(async () => {
  await app?.close();
});

describe('promoting a campaign', () => {
  let campaignId: string;
  let links: { channel: string; url: string; shareUrl: string | null; code: string }[];

  beforeAll(async () => {
    campaignId = await liveCampaign({ campaignTitle: 'Warm meals for 500 families' });
  });

  it('records the promotion and answers one short link per channel with each network’s share page', async () => {
    const promoted = await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.promoter);
    expect(promoted.status).toBe(201);
    expect(promoted.body.created).toBe(true);
    links = promoted.body.promotion.links;
    expect(links.map((link) => link.channel)).toEqual(['x', 'linkedin', 'facebook', 'instagram', 'qr']);
    for (const link of links) expect(link.url).toMatch(new RegExp(`^${app.url}/s/[A-Za-z0-9_-]{10}$`));
    expect(new Set(links.map((link) => link.code)).size).toBe(5);
    const [x, linkedin, facebook, instagram, qr] = links;
    expect(x!.shareUrl).toBe(
      `https://x.com/intent/tweet?text=${encodeURIComponent('Warm meals for 500 families')}&url=${encodeURIComponent(x!.url)}`,
    );
    expect(linkedin!.shareUrl).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(linkedin!.url)}`,
    );
    expect(facebook!.shareUrl).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(facebook!.url)}`,
    );
    expect(instagram!.shareUrl).toBeNull();
    expect(qr!.shareUrl).toBeNull();

    const [promotion] = await repositories().promotions.listByCampaign(campaignId);
    expect(promotion).toMatchObject({ creatorId: uids.promoter, rootCompanyId: harborId, campaignId });
    expect((await repositories().campaigns.findById(campaignId))!.promoters).toEqual([uids.promoter]);
    expect((await repositories().users.findById(uids.promoter))!).toMatchObject({
      promotedCampaigns: expect.arrayContaining([campaignId]),
      promotedRootCampaignes: expect.arrayContaining([harborId]),
    });
    expect(await repositories().shareTracking.getCounters(campaignId)).toEqual({
      campaignId,
      x: 0,
      linkedin: 0,
      facebook: 0,
      instagram: 0,
      qr: 0,
    });
  });

  it('answers the same promotion and links when promoted again (200, created false)', async () => {
    const again = await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.promoter);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.promotion.links).toEqual(links);
    expect(await repositories().promotions.listByCampaign(campaignId)).toHaveLength(1);
    const mine = await api('GET', '/api/promotions', cookies.promoter);
    expect(mine.body.promotions.filter((item: { campaignId: string }) => item.campaignId === campaignId)).toHaveLength(
      1,
    );
  });

  it('keeps both promoters when two promote at the same moment', async () => {
    const shared = await liveCampaign();
    const answers = await Promise.all([
      api('POST', `/api/campaigns/${shared}/promotions`, cookies.promoter),
      api('POST', `/api/campaigns/${shared}/promotions`, cookies.secondPromoter),
      api('POST', `/api/campaigns/${shared}/promotions`, cookies.promoter),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201, 201]);
    expect((await repositories().campaigns.findById(shared))!.promoters.sort()).toEqual(
      [uids.promoter, uids.secondPromoter].sort(),
    );
    expect(await repositories().promotions.listByCampaign(shared)).toHaveLength(2);
  });

  it('is for promoters only, of live campaigns only', async () => {
    const refused = await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.campaigner);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only promoters can promote a campaign.');
    expect((await api('POST', `/api/campaigns/${campaignId}/promotions`)).status).toBe(401);
    expect((await api('POST', '/api/campaigns/no-such-campaign/promotions', cookies.promoter)).status).toBe(404);
    const unpaid = await liveCampaign({ isPaid: false });
    expect((await api('POST', `/api/campaigns/${unpaid}/promotions`, cookies.promoter)).status).toBe(404);
  });

  describe('following the links', () => {
    const linkOf = (channel: string) => links.find((link) => link.channel === channel)!;

    it('counts each click on its channel, records the click and UTMs, and sends the visitor to the campaign page', async () => {
      const answers = [
        await follow(linkOf('x').url),
        await follow(linkOf('x').url),
        await follow(linkOf('linkedin').url),
      ];
      for (const [answer, channel] of [
        [answers[0]!, 'x'],
        [answers[1]!, 'x'],
        [answers[2]!, 'linkedin'],
      ] as const) {
        expect(answer.status).toBe(302);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        const location = new URL(answer.headers.get('location')!, app.url);
        expect(location.pathname).toBe(`/campaign/${campaignId}/details/`);
        expect(Object.fromEntries(location.searchParams)).toEqual({
          ref: uids.promoter,
          utm_source: channel,
          utm_medium: 'social',
          utm_campaign: campaignId,
        });
      }
      expect(await repositories().shareTracking.getCounters(campaignId)).toMatchObject({
        x: 2,
        linkedin: 1,
        facebook: 0,
        instagram: 0,
      });
      const clicks = await repositories().shareTracking.listClicks(campaignId);
      expect(clicks.map((click) => click.channel).sort()).toEqual(['linkedin', 'x', 'x']);
      expect(clicks.every((click) => click.promoterId === uids.promoter)).toBe(true);
      const utms = await repositories().shareTracking.listUtms(campaignId);
      expect(utms.map((utm) => [utm.utm_source, utm.utm_medium, utm.utm_campaign]).sort()).toEqual([
        ['linkedin', 'social', campaignId],
        ['x', 'social', campaignId],
        ['x', 'social', campaignId],
      ]);
    });

    it('counts every one of many clicks made at once', async () => {
      const before = await repositories().shareTracking.getCounters(campaignId);
      const answers = await Promise.all(Array.from({ length: 25 }, () => follow(linkOf('instagram').url)));
      expect(answers.every((answer) => answer.status === 302)).toBe(true);
      expect((await repositories().shareTracking.getCounters(campaignId)).instagram).toBe(before.instagram + 25);
      expect(await repositories().shareTracking.countClicks(campaignId)).toMatchObject({
        instagram: before.instagram + 25,
      });
    });

    it('does not count a link previewer’s fetch or a HEAD request, but still redirects', async () => {
      const before = await repositories().shareTracking.getCounters(campaignId);
      const crawler = await follow(linkOf('x').url, { headers: { 'user-agent': 'Twitterbot/1.0' } });
      const head = await follow(linkOf('x').url, { method: 'HEAD' });
      expect([crawler.status, head.status]).toEqual([302, 302]);
      expect(await repositories().shareTracking.getCounters(campaignId)).toEqual(before);
    });

    it('answers an unknown code with a 404 page a person can read', async () => {
      for (const path of ['/s/nosuchcode1', '/s/bad%20code!']) {
        const answer = await fetch(`${app.url}${path}`, { redirect: 'manual' });
        expect(answer.status).toBe(404);
        expect(answer.headers.get('content-type')).toContain('text/html');
        expect(await answer.text()).toContain('This link doesn’t lead anywhere');
      }
    });
  });

  describe('what the promoter and the campaigners see', () => {
    it("shows the promoter each campaign's clicks and donations, all time and this week's, and the links", async () => {
      // A click of last month counts in all time only.
      await repositories().shareTracking.recordClick({
        id: 'old-click',
        campaignId,
        channel: 'facebook',
        promoterId: uids.promoter,
        createdAt: daysAgo(30),
      });
      // Donations the promoter's links brought: this week's, last week's, and one refunded whole.
      const brought = async (id: string, amount: number, date: string) =>
        repositories().donations.recordOnce({
          donator: { id, campaignId, paymentIntentId: `pi_${id}`, amount, createdAt: date, updatedAt: date },
          donation: {
            id,
            campaign_id: campaignId,
            user_id: uids.promoter,
            amount,
            date,
            payment_intent_id: `pi_${id}`,
          },
        });
      await brought('gift-1', 25_00, daysAgo(1));
      await brought('gift-2', 10_00, daysAgo(10));
      await brought('gift-3', 5_00, daysAgo(2));
      await repositories().donations.recordRefund('pi_gift-3', 5_00, daysAgo(1));
      const mine = await api('GET', '/api/promotions', cookies.promoter);
      expect(mine.status).toBe(200);
      const promotion = mine.body.promotions.find((item: { campaignId: string }) => item.campaignId === campaignId);
      expect(promotion).toMatchObject({
        campaignTitle: 'Warm meals for 500 families',
        links,
        clicks: { x: 2, linkedin: 1, facebook: 1 },
        clicksThisWeek: { x: 2, linkedin: 1, facebook: 0 },
        donations: { count: 2, amountCents: 35_00 },
        donationsThisWeek: { count: 1, amountCents: 25_00 },
      });
      expect(promotion.clicks.instagram).toBeGreaterThanOrEqual(25);
      expect(Date.parse(mine.body.weekStart)).toBeCloseTo(Date.now() - 7 * DAY, -4);
    });

    it('shows a promoter only their own promotions, and campaigners none', async () => {
      const other = await api('GET', '/api/promotions', cookies.secondPromoter);
      expect(other.body.promotions.map((item: { campaignId: string }) => item.campaignId)).not.toContain(campaignId);
      expect((await api('GET', '/api/promotions', cookies.campaigner)).status).toBe(403);
    });

    it("shows the campaign's organization its share counters and its promoters with their clicks", async () => {
      const shares = await api('GET', `/api/campaigns/${campaignId}/shares`, cookies.campaigner);
      expect(shares.status).toBe(200);
      expect(shares.body).toMatchObject({
        campaignId,
        counters: { x: 2, linkedin: 1, facebook: 1 },
        thisWeek: { x: 2, linkedin: 1, facebook: 0 },
        promoters: [
          {
            promoterId: uids.promoter,
            name: 'Priya Shah',
            clicks: { x: 2, linkedin: 1, facebook: 1 },
            donations: { count: 2, amountCents: 35_00 },
          },
        ],
      });
      const { x, linkedin, facebook, instagram, qr } = shares.body.counters;
      expect(shares.body.total).toBe(x + linkedin + facebook + instagram + qr);
    });

    it("lists the organization's live campaigns with their counters, and no other organization's", async () => {
      const listed = await api('GET', '/api/campaign-shares', cookies.campaigner);
      expect(listed.status).toBe(200);
      const mine = listed.body.campaigns.find((item: { campaignId: string }) => item.campaignId === campaignId);
      expect(mine).toMatchObject({ counters: { x: 2, linkedin: 1, facebook: 1 }, promoters: 1 });
      expect(mine.total).toBe(
        mine.counters.x + mine.counters.linkedin + mine.counters.facebook + mine.counters.instagram + mine.counters.qr,
      );
      const stranger = await api('GET', '/api/campaign-shares', cookies.stranger);
      expect(stranger.body.campaigns).toEqual([]);
      expect((await api('GET', '/api/campaign-shares', cookies.promoter)).status).toBe(403);
      const staff = await api('GET', '/api/campaign-shares', cookies.super);
      expect(staff.body.campaigns.map((item: { campaignId: string }) => item.campaignId)).toContain(campaignId);
    });

    it("keeps a campaign's shares from other organizations and promoters", async () => {
      expect((await api('GET', `/api/campaigns/${campaignId}/shares`, cookies.stranger)).status).toBe(403);
      expect((await api('GET', `/api/campaigns/${campaignId}/shares`, cookies.promoter)).status).toBe(403);
      expect((await api('GET', `/api/campaigns/${campaignId}/shares`, cookies.super)).status).toBe(200);
      expect((await api('GET', '/api/campaigns/no-such-campaign/shares', cookies.campaigner)).status).toBe(404);
    });
  });
});

describe('the demo data', () => {
  it('has two live campaigns of the demo organization, the first promoted by the demo promoter and clicked', async () => {
    const live = await repositories().campaigns.list({ organizationId: harborId, paidOnly: true });
    const winterMeals = live.find((campaign) => campaign.campaignName === 'Winter meals')!;
    const pantryVan = live.find((campaign) => campaign.campaignName === 'Saturday pantry van')!;
    expect(winterMeals).toMatchObject({ workflowstatus: 'Published', promoters: [uids.promoter] });
    expect(pantryVan).toMatchObject({ workflowstatus: 'Published', promoters: [] });
    expect(await repositories().shareTracking.getCounters(winterMeals.campaignUUID)).toMatchObject({
      x: 11,
      linkedin: 5,
      facebook: 7,
      instagram: 2,
      qr: 3,
    });

    const mine = await api('GET', '/api/promotions', cookies.promoter);
    expect(
      mine.body.promotions.find((item: { campaignId: string }) => item.campaignId === winterMeals.campaignUUID),
    ).toMatchObject({
      clicks: { x: 11, linkedin: 5, facebook: 7, instagram: 2, qr: 3 },
      clicksThisWeek: { x: 8, linkedin: 3, facebook: 4, instagram: 2, qr: 2 },
    });
    const listed = await api('GET', '/api/campaigns');
    const names = (listed.body.campaigns as { name: string }[])
      .map((campaign) => campaign.name)
      .filter((name) => ['Winter meals', 'Saturday pantry van'].includes(name));
    expect(names).toEqual(['Saturday pantry van', 'Winter meals']);
  });
});
