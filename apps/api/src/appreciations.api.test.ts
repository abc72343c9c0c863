import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_MESSAGE } from '@causeway/core/appreciations/appreciation-message.rules';
import { Donation } from '@causeway/core/donations/donation.entity';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInDemoTeam } from '@causeway/tests/support/api-client';
import { freePort } from '@causeway/tests/support/free-port';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';
import { eventually } from '@causeway/tests/support/eventually';

let app: TestApp;
const cookies = { campaigner: '', promoter: '', super: '', colleague: '', harborAdmin: '', stranger: '' };
const uids = { campaigner: '', promoter: '' };
let harborId: string;
let campaignId: string;

const repositories = (of = app) => of.server.container.get(TYPES.Repositories);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });

const settings = {
  pageMessage: 'Every meal you fund is cooked by volunteers.\n\nSee you at the pier!',
  emailMessage: 'We cook every Friday. Come and see.',
  includePageCampaignName: true,
  includePageDonorName: true,
  includePageDonorAmount: false,
  includeEmailCampaignName: true,
  includeEmailDonorName: false,
  includeEmailDonorAmount: true,
  includeHeaderEmail: true,
  includeCustomizedHeaderEmail: true,
  emailHeaderUrl: 'https://cdn.example/thanks-header.png',
};

async function liveCampaign(target: TestApp, organizationId: string, userId: string): Promise<string> {
  const campaign = await repositories(target).campaigns.create({
    campaignUUID: `cmp-${Math.random().toString(36).slice(2, 10)}`,
    userId,
    organizationId,
    isPaid: true,
    createdAt: new Date().toISOString(),
    campaignName: 'Winter meals',
    campaignTitle: 'Winter meals',
    headerImageDesktop: 'https://cdn.example/campaign-header.png',
  });
  return campaign.campaignUUID;
}

beforeAll(async () => {
  app = await startTestApp();
  const team = await signInDemoTeam(app);
  Object.assign(cookies, team.cookies);
  Object.assign(uids, team.uids);
  harborId = (await repositories().organizations.list())[0]!.organizationId;
  cookies.colleague = (await addPerson(app, { email: 'lee@harbor.example', organizationId: harborId })).cookie;
  cookies.harborAdmin = (
    await addPerson(app, { email: 'boss@harbor.example', organizationId: harborId, admin: true })
  ).cookie;
  const orchard = await repositories().organizations.create({
    organizationId: 'org-orchard',
    name: 'Orchard Youth Club',
    created_date: new Date().toISOString(),
  });
  cookies.stranger = (
    await addPerson(app, { email: 'kim@orchard.example', organizationId: orchard.organizationId })
  ).cookie;
  campaignId = await liveCampaign(app, harborId, uids.campaigner);
});

afterAll(async () => {
  await app?.close();
});

describe("a campaign's thank-you messages", () => {
  it('are the defaults until saved, every name and amount included, no header image', async () => {
    const read = await api('GET', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      campaignId,
      campaignName: 'Winter meals',
      organizationName: 'Harbor Light Food Bank',
      campaignHeaderImage: 'https://cdn.example/campaign-header.png',
      saved: false,
      updateDate: null,
      canEdit: true,
      settings: {
        pageMessage: '',
        emailMessage: '',
        includePageCampaignName: true,
        includePageDonorName: true,
        includePageDonorAmount: true,
        includeEmailCampaignName: true,
        includeEmailDonorName: true,
        includeEmailDonorAmount: true,
        includeHeaderEmail: false,
        includeCustomizedHeaderEmail: false,
        emailHeaderUrl: null,
      },
    });
  });

  it('are saved whole by the owner and read back', async () => {
    const saved = await api('PUT', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner, {
      ...settings,
      pageMessage: `  ${settings.pageMessage}  `,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, settings });
    expect(Date.parse(saved.body.updateDate)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api('GET', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner)).body.settings).toEqual(
      settings,
    );
    const stored = await repositories().appreciations.findForCampaign(campaignId);
    expect(stored).toMatchObject({ campaignId, campaigner_id: uids.campaigner, promoter_id: null, ...settings });
  });

  it('forget a custom header address once the custom header is off', async () => {
    const saved = await api('PUT', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner, {
      ...settings,
      includeCustomizedHeaderEmail: false,
    });
    expect(saved.body.settings).toMatchObject({ includeCustomizedHeaderEmail: false, emailHeaderUrl: null });
    await api('PUT', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner, settings);
  });

  it.each([
    [
      'a custom header without its address',
      { emailHeaderUrl: null },
      { emailHeaderUrl: 'Enter the address of the header image, or use the campaign’s own.' },
    ],
    [
      'a custom header while the header image is off',
      { includeHeaderEmail: false },
      { includeCustomizedHeaderEmail: 'Turn on the header image to use one of your own.' },
    ],
    [
      'a header address that is not a web address',
      { emailHeaderUrl: 'javascript:alert(1)' },
      { emailHeaderUrl: 'Enter a full web address, like https://example.org.' },
    ],
    [
      'a page message too long',
      { pageMessage: 'x'.repeat(2001) },
      { pageMessage: 'Keep the page message under 2000 characters.' },
    ],
    [
      'an e-mail message too long',
      { emailMessage: 'x'.repeat(5001) },
      { emailMessage: 'Keep the e-mail message under 5000 characters.' },
    ],
    ['a flag that is not true or false', { includePageDonorName: 'yes' }, { includePageDonorName: expect.any(String) }],
  ])('refuse %s, naming the field', async (_, change, fields) => {
    const refused = await api('PUT', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner, {
      ...settings,
      ...change,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual(fields);
  });

  it('refuse a body missing a field', async () => {
    const { includeHeaderEmail: _left, ...partial } = settings;
    const refused = await api('PUT', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner, partial);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['includeHeaderEmail']);
  });

  it('may be changed by the owner and their organization’s admin, read by the organization and platform staff', async () => {
    const put = (cookie?: string) => api('PUT', `/api/campaigns/${campaignId}/appreciation`, cookie, settings);
    const get = (cookie?: string) => api('GET', `/api/campaigns/${campaignId}/appreciation`, cookie);
    expect((await put(cookies.harborAdmin)).status).toBe(200);
    const colleague = await put(cookies.colleague);
    expect(colleague.status).toBe(403);
    expect(colleague.body.error.message).toBe(
      'Only the person who owns this campaign, or their organization’s admin, can change its thank-you messages.',
    );
    expect((await get(cookies.colleague)).body.canEdit).toBe(false);
    expect((await put(cookies.stranger)).status).toBe(403);
    expect((await get(cookies.stranger)).status).toBe(403);
    expect((await put(cookies.promoter)).status).toBe(403);
    expect((await get(cookies.promoter)).status).toBe(403);
    expect((await get(cookies.super)).status).toBe(200);
    expect((await put(cookies.super)).status).toBe(403);
    expect((await put()).status).toBe(401);
    expect((await api('GET', '/api/campaigns/no-such-campaign/appreciation', cookies.campaigner)).status).toBe(404);
  });
});

describe('the receipt page message', () => {
  it('is the campaign’s message without a donor’s name or amount when no payment is named or found', async () => {
    for (const path of [
      `/api/campaigns/${campaignId}/appreciation/page`,
      `/api/campaigns/${campaignId}/appreciation/page?session_id=cs_test_unknown`,
    ]) {
      const answer = await api('GET', path);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        message: {
          greeting: 'Thank you!',
          summary: 'Your gift to Winter meals has been received.',
          paragraphs: ['Every meal you fund is cooked by volunteers.', 'See you at the pier!'],
        },
        personal: false,
      });
    }
  });

  it('thanks the donor by name, as the campaign chose, for the payment of the checkout session', async () => {
    const at = new Date().toISOString();
    await repositories().donations.recordOnce({
      donator: {
        id: 'donator-1',
        campaignId,
        paymentIntentId: 'pi_receipt_1',
        amount: 40_00,
        createdAt: at,
        updatedAt: at,
      },
      donation: {
        id: 'donation-receipt-1',
        campaign_id: campaignId,
        amount: 40_00,
        date: at,
        session_id: 'cs_test_receipt_1',
        payment_intent_id: 'pi_receipt_1',
        donor_name: 'Dana',
      },
    });
    const answer = await api('GET', `/api/campaigns/${campaignId}/appreciation/page?session_id=cs_test_receipt_1`);
    // The page names the donor and the campaign, not the amount (includePageDonorAmount false).
    expect(answer.body).toEqual({
      message: {
        greeting: 'Thank you, Dana!',
        summary: 'Your gift to Winter meals has been received.',
        paragraphs: ['Every meal you fund is cooked by volunteers.', 'See you at the pier!'],
      },
      personal: true,
    });
    const elsewhere = await liveCampaign(app, harborId, uids.campaigner);
    const mismatched = await api('GET', `/api/campaigns/${elsewhere}/appreciation/page?session_id=cs_test_receipt_1`);
    expect(mismatched.body.personal).toBe(false);
  });

  it('is the plain default for a campaign that saved no messages', async () => {
    const other = await liveCampaign(app, harborId, uids.campaigner);
    const answer = await api('GET', `/api/campaigns/${other}/appreciation/page`);
    expect(answer.body.message.paragraphs).toEqual([DEFAULT_PAGE_MESSAGE]);
    expect((await api('GET', '/api/campaigns/no-such-campaign/appreciation/page')).status).toBe(404);
  });
});

describe('after a donation', () => {
  const afterDonation = (target: TestApp, input: Parameters<ReturnType<typeof service>['afterDonation']>[0]) =>
    service(target).afterDonation(input);
  const service = (target: TestApp) => target.server.container.get(TYPES.AppreciationService);
  const donation = (campaign: string, promoterId: string | null) =>
    Donation.parse({
      id: `donation-${Math.random().toString(36).slice(2, 10)}`,
      campaign_id: campaign,
      user_id: promoterId,
      amount: 25_00,
      date: new Date().toISOString(),
      donor_name: 'Dana',
    });
  const winterMeals = (campaign: string) => ({
    campaignUUID: campaign,
    name: 'Winter meals',
    ownerId: uids.campaigner,
    organizationId: harborId,
  });

  it('thanks the donor by e-mail in the campaign’s words, and the promoter whose link brought it', async () => {
    await afterDonation(app, {
      donation: donation(campaignId, uids.promoter),
      campaign: winterMeals(campaignId),
      donorEmail: 'dana@donors.example',
    });
    const mailbox = app.server.container.get(TYPES.Mailbox);
    const [donorMail] = await mailbox.list({ to: 'dana@donors.example' });
    expect(donorMail).toMatchObject({ subject: 'Thank you for supporting Winter meals', kind: 'appreciation' });
    // The e-mail names no donor (includeEmailDonorName false) and says the amount.
    expect(donorMail!.text).toBe(
      'Thank you!\n\nYour gift of $25.00 to Winter meals has been received.\n\nWe cook every Friday. Come and see.\n\n— Harbor Light Food Bank',
    );
    expect(donorMail!.html).toContain('<img src="https://cdn.example/thanks-header.png"');
    // The dev mailbox shows a mail's images of the platform itself too (plain http on a laptop).
    const shown = await fetch(`${app.url}/dev/mail/html?id=${encodeURIComponent(donorMail!.messageId)}`);
    expect(shown.headers.get('content-security-policy')).toContain(`img-src https: data: ${app.url};`);

    const [promoterMail] = await mailbox.list({ to: 'promoter@demo.local' });
    expect(promoterMail).toMatchObject({
      subject: 'Your link brought a donation to Winter meals',
      kind: 'promoter-thanks',
    });
    const notifications = await callApi(app, 'GET', '/api/notifications', { cookie: cookies.promoter });
    expect(notifications.body.notifications[0]).toMatchObject({
      notification_type: 'promotion',
      notification_message:
        'Your share link brought a donation of $25.00 to Winter meals. Thank you for spreading the word!',
      notification_campaign_id: campaignId,
      notification_campaign_amount: 25_00,
    });
    const sent = await repositories().emailLogs.listSent();
    expect(sent.map((record) => record.kind).sort()).toEqual(['appreciation', 'promoter-thanks']);
  });

  it('sends nothing to a donor without an e-mail, nor to a promoter when none brought the donation', async () => {
    const before = (await repositories().emailLogs.listSent()).length;
    await afterDonation(app, {
      donation: donation(campaignId, null),
      campaign: winterMeals(campaignId),
      donorEmail: null,
    });
    expect(await repositories().emailLogs.listSent()).toHaveLength(before);
  });

  it('never throws, and keeps every mail it could not send in errorEmails', async () => {
    // A mail server that refuses connections: every send fails.
    const failing = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
    try {
      const promoterId = (await repositories(failing).users.findByEmail('promoter@demo.local'))!.uid;
      const harbor = (await repositories(failing).organizations.list())[0]!.organizationId;
      const owner = (await repositories(failing).users.findByEmail('campaigner@demo.local'))!.uid;
      const campaign = await liveCampaign(failing, harbor, owner);
      await expect(
        afterDonation(failing, {
          donation: donation(campaign, promoterId),
          campaign: winterMeals(campaign),
          donorEmail: 'dana@donors.example',
        }),
      ).resolves.toBeUndefined();
      const failures = await repositories(failing).emailLogs.listFailures();
      expect(failures.map((failure) => [failure.to, failure.kind]).sort()).toEqual([
        ['dana@donors.example', 'appreciation'],
        ['promoter@demo.local', 'promoter-thanks'],
      ]);
      expect(failures.every((failure) => /ECONNREFUSED/.test(failure.error))).toBe(true);
      // The notification does not depend on mail.
      const promoterNotifications = await repositories(failing).notifications.listForUser(promoterId, {
        unreadOnly: false,
        limit: 10,
      });
      expect(promoterNotifications.map((notification) => notification.notification_type)).toEqual(['promotion']);
    } finally {
      await failing.close();
    }
  });
});

describe('a donation through a promoter’s link, end to end', () => {
  it('thanks the donor in the campaign’s words and the promoter, and the receipt shows the page message', async () => {
    const promoted = await api('POST', `/api/campaigns/${campaignId}/promotions`, cookies.promoter);
    const xCode = promoted.body.promotion.links[0].code as string;
    const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, {
      amount: 30_00,
      donorName: 'Robin',
      ref: xCode,
    });
    expect(opened.status).toBe(201);
    await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email: 'robin@donors.example' });
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();

    const mailbox = app.server.container.get(TYPES.Mailbox);
    const [thanks] = await eventually(
      () => mailbox.list({ to: 'robin@donors.example' }),
      (mails) => mails.some((mail) => mail.kind === 'appreciation'),
      'the donor’s thank-you',
    ).then((mails) => mails.filter((mail) => mail.kind === 'appreciation'));
    expect(thanks!.text).toContain('Your gift of $30.00 to Winter meals has been received.');
    expect(thanks!.text).toContain('We cook every Friday. Come and see.');
    await eventually(
      () => mailbox.list({ to: 'promoter@demo.local' }),
      (mails) =>
        mails.some(
          (mail) => mail.subject === 'Your link brought a donation to Winter meals' && /\$30\.00/.test(mail.text),
        ),
      'the promoter’s thanks',
    );

    const receipt = await api(
      'GET',
      `/api/campaigns/${campaignId}/appreciation/page?session_id=${encodeURIComponent(opened.body.sessionId)}`,
    );
    expect(receipt.body).toMatchObject({ personal: true, message: { greeting: 'Thank you, Robin!' } });
  });
});
