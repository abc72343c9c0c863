/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { linkTokenOf } from '@causeway/core/contracts/donor-gifts.contract';
import { callApi, cookieHeaderOf, solveBotCheck } from '@causeway/tests/support/api-client';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { loadConfig } from './config';
import { STRIPE_SANDBOX } from './container';
import { createLogger } from './server';
import { DONOR_GIFTS_SERVICE } from './modules/donor-gifts.module';
import { GIFTS_LINK_REQUESTS_PER_CLIENT } from './routes/donor-gifts.routes';
import { TYPES } from './types';
import { eventually } from '@causeway/tests/support/eventually';

let app: TestApp;
const clock = new ManualClock(new Date());
/** Everything the app logs, at debug (requests with their headers), as one text. */
let logged = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged += chunk.toString('utf8');
    done();
  },
});
const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const HARBOR_CAMPAIGN = 'c-gifts-harbor';
const ORCHARD_CAMPAIGN = 'c-gifts-orchard';

/** The mails of a kind sent to an address, oldest first. */
const mailsTo = async (email: string, kind: string) =>
  (await container().get(TYPES.Mailbox).list({ to: email }))
    .filter((mail) => mail.kind === kind)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));

/** The link to the gifts page a mail carries, and its token. */
const giftsLinkIn = (text: string) => {
  const link = /https?:\/\/\S+\/my-gifts#link=[\w%-]+/.exec(text)?.[0];
  if (!link) throw new Error(`No link to the gifts page in: ${text}`);
  return { link, token: linkTokenOf(new URL(link).hash) ?? '' };
};

/** Gives by card through the sandbox's checkout page, as a donor does; answers the checkout's id. */
async function give(campaignId: string, amount: number, email: string, donorName: string): Promise<string> {
  const opened = await callApi(app, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, {
    body: { amount, donorName },
  });
  expect(opened.status).toBe(201);
  await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email });
  await container().get(STRIPE_SANDBOX).webhooks.drain();
  return opened.body.sessionId as string;
}

/** The tokens of links opened so far. */
const openedTokens = new Set<string>();
/** The token of a mail's link not opened yet (mails sent in one instant of the test's clock come in any order). */
const unopenedTokenIn = (mails: { text: string }[]) => {
  const token = mails.map((mail) => giftsLinkIn(mail.text).token).find((candidate) => !openedTokens.has(candidate));
  if (!token) throw new Error('Every link of these mails was opened already.');
  return token;
};

/** The visits' cookies handed out so far. */
const visitCookies = new Set<string>();

/** Opens a link: the visit's answer and the cookie a browser would send back. */
async function openLink(token: string) {
  openedTokens.add(token);
  const response = await fetch(`${app.url}/api/my-gifts/visit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const cookie = cookieHeaderOf(response);
  if (cookie) visitCookies.add(cookie.replace(/^giftsVisit=/, ''));
  return { status: response.status, body: (await response.json()) as any, response, cookie };
}

let asked = 0;
/** The "Find my gifts" form, with a solved bot check. */
async function ask(email: string) {
  asked += 1;
  return callApi(app, 'POST', '/api/my-gifts/link', { body: { email, botCheck: await solveBotCheck(app) } });
}

const giftsOf = (cookie: string, query = '') => callApi(app, 'GET', `/api/my-gifts${query}`, { cookie });

const adaSessions: string[] = [];
let bobSession = '';

beforeAll(async () => {
  app = await startTestApp({
    overrides: { clock },
    logger: createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }), sink),
  });
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  const orchard = await repositories().organizations.create({
    organizationId: 'org-orchard',
    name: 'Orchard Youth Club',
    created_date: new Date().toISOString(),
  });
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  for (const [campaignUUID, organizationId, campaignTitle] of [
    [HARBOR_CAMPAIGN, harbor.organizationId, 'Warm meals for 500 families'],
    [ORCHARD_CAMPAIGN, orchard.organizationId, 'A new roof for the clubhouse'],
  ] as const) {
    await repositories().campaigns.create({
      campaignUUID,
      userId: owner.uid,
      organizationId,
      campaignName: `${campaignTitle} (internal)`,
      campaignTitle,
      campaignRaiseGoal: 100_000,
      allowDonations: true,
      createdAt: new Date().toISOString(),
      isPaid: true,
    });
  }
  // Ada gives to both organizations (the second with her address in capitals), Bob to one.
  adaSessions.push(await give(HARBOR_CAMPAIGN, 2_500, 'ada@example.org', 'Ada'));
  adaSessions.push(await give(ORCHARD_CAMPAIGN, 4_000, 'Ada@Example.ORG', 'Ada'));
  bobSession = await give(HARBOR_CAMPAIGN, 1_000, 'bob@example.org', 'Bob');
  await eventually(
    async () =>
      (await mailsTo('ada@example.org', 'receipt')).length + (await mailsTo('bob@example.org', 'receipt')).length,
    (count) => count === 3,
    'the three receipts',
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("a donor's own gifts without an account", () => {
  it("puts a link to the donor's gifts in every receipt, whose visit lists exactly their gifts across organizations", async () => {
    const receipts = await mailsTo('ada@example.org', 'receipt');
    expect(receipts).toHaveLength(2);
    for (const mail of receipts) {
      expect(mail.text).toContain('All your gifts on Causeway, each with its receipt, in one place:');
      expect(mail.html).toContain('/my-gifts#link=');
    }
    const { link, token } = giftsLinkIn(receipts[0]!.text);
    expect(link.startsWith(`${app.url}/my-gifts#link=`)).toBe(true);
    // Each receipt has a link of its own.
    expect(giftsLinkIn(receipts[1]!.text).token).not.toBe(token);

    const opened = await openLink(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      email: 'ada@example.org',
      endsAt: new Date(clock.now().getTime() + 30 * 60 * 1000).toISOString(),
    });
    const setCookie = opened.response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^giftsVisit=/);
    expect(setCookie).toContain('Path=/api/my-gifts');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Max-Age=1800');
    // The cookie holds the visit, not the link's token.
    expect(setCookie).not.toContain(token);

    const listed = await giftsOf(opened.cookie);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.email).toBe('ada@example.org');
    expect(listed.body.gifts).toHaveLength(2);
    expect(listed.body.gifts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          campaignId: ORCHARD_CAMPAIGN,
          campaign: 'A new roof for the clubhouse',
          organization: 'Orchard Youth Club',
          campaignPath: `/campaign/${ORCHARD_CAMPAIGN}/details/`,
          amount: 4_000,
          formattedAmount: '$40.00',
          status: 'paid',
          receiptPdfUrl: `/api/payments/${adaSessions[1]}/receipt.pdf`,
        }),
        expect.objectContaining({
          campaignId: HARBOR_CAMPAIGN,
          campaign: 'Warm meals for 500 families',
          organization: 'Harbor Light Food Bank',
          amount: 2_500,
          status: 'paid',
          receiptPdfUrl: `/api/payments/${adaSessions[0]}/receipt.pdf`,
        }),
      ]),
    );
    // Newest first: by date, then by id.
    const keys = listed.body.gifts.map((gift: any) => `${gift.date}|${gift.donationId}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(JSON.stringify(listed.body)).not.toContain(bobSession);
    expect(JSON.stringify(listed.body)).not.toContain('internal');

    // Paged, newest first.
    const first = await giftsOf(opened.cookie, '?limit=1');
    expect(first.body.gifts).toEqual([listed.body.gifts[0]]);
    const second = await giftsOf(opened.cookie, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.gifts).toEqual([listed.body.gifts[1]]);
    expect(second.body.nextCursor).toBeNull();

    // A receipt downloads.
    const harborGift = listed.body.gifts.find((gift: any) => gift.campaignId === HARBOR_CAMPAIGN);
    const pdf = await fetch(`${app.url}${harborGift.receiptPdfUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const lines = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(lines).toContain('Warm meals for 500 families');
    expect(lines).toContain('$25.00 (USD)');
  });

  it("never lists another donor's gift: Bob's link lists Bob's only, and no visit lists anything", async () => {
    const [receipt] = await mailsTo('bob@example.org', 'receipt');
    const opened = await openLink(giftsLinkIn(receipt!.text).token);
    expect(opened.body.email).toBe('bob@example.org');
    const listed = await giftsOf(opened.cookie);
    expect(listed.body.gifts.map((gift: any) => [gift.campaignId, gift.amount])).toEqual([[HARBOR_CAMPAIGN, 1_000]]);
    for (const session of adaSessions) expect(JSON.stringify(listed.body)).not.toContain(session);

    const without = await giftsOf('');
    expect(without.status).toBe(401);
    expect(without.body.error.message).toBe('Your visit to your gifts has ended. Ask for a new link below.');
    expect((await giftsOf('giftsVisit=not-a-visit')).status).toBe(401);
    // A link's token is no visit.
    const [adaReceipt] = await mailsTo('ada@example.org', 'receipt');
    expect((await giftsOf(`giftsVisit=${giftsLinkIn(adaReceipt!.text).token}`)).status).toBe(401);
  });

  it('opens a link once, and says so for a link opened before or unknown', async () => {
    const [, receipt] = await mailsTo('ada@example.org', 'receipt');
    const { token } = giftsLinkIn(receipt!.text);
    expect((await openLink(token)).status).toBe(200);
    const again = await openLink(token);
    expect(again.status).toBe(400);
    expect(again.body.error.fields.token).toBe(
      'This link to your gifts has already been opened: each link opens once. Ask for a new one below.',
    );
    expect(again.response.headers.getSetCookie()).toEqual([]);
    const unknown = await openLink('an-unknown-token-of-a-fair-length-0123456789');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.token).toContain('This link to your gifts is not valid.');
    const empty = await openLink('');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.token).toBeTruthy();
  });

  it('shows what became of a refunded gift', async () => {
    const paymentIntentId = (await repositories().donations.findDonationBySession(bobSession))!.payment_intent_id!;
    container().get(STRIPE_SANDBOX).refund(paymentIntentId, 400);
    await container().get(STRIPE_SANDBOX).webhooks.drain();
    const { link } = await container().get(DONOR_GIFTS_SERVICE).receiptLink('bob@example.org');
    const visit = await openLink(linkTokenOf(new URL(link).hash) ?? '');
    const gifts = async () => (await giftsOf(visit.cookie)).body.gifts;
    expect(await eventually(gifts, (list) => list[0]?.refunded === 400, 'the part refund')).toEqual([
      expect.objectContaining({ amount: 1_000, refunded: 400, status: 'partlyRefunded' }),
    ]);
    container().get(STRIPE_SANDBOX).refund(paymentIntentId);
    await container().get(STRIPE_SANDBOX).webhooks.drain();
    expect(await eventually(gifts, (list) => list[0]?.refunded === 1_000, 'the whole refund')).toEqual([
      expect.objectContaining({ amount: 1_000, refunded: 1_000, status: 'refunded' }),
    ]);
  });

  it('ends a visit on Close', async () => {
    const adaLink = await ask('ada@example.org');
    expect(adaLink.status).toBe(202);
    const [mail] = await eventually(
      () => mailsTo('ada@example.org', 'giftsLink'),
      (list) => list.length === 1,
      'the requested link',
    );
    const opened = await openLink(giftsLinkIn(mail!.text).token);
    expect((await giftsOf(opened.cookie)).body.gifts).toHaveLength(2);
    const closed = await callApi(app, 'DELETE', '/api/my-gifts/visit', { cookie: opened.cookie });
    expect(closed.status).toBe(204);
    expect(closed.headers.getSetCookie().join('\n')).toMatch(/giftsVisit=;.*Path=\/api\/my-gifts/);
    expect((await giftsOf(opened.cookie)).status).toBe(401);
  });

  it('answers the form the same whether or not the address gave, and mails only a real donor, at most 3 an hour', async () => {
    const forDonor = await ask('ADA@example.org');
    const forStranger = await ask('nobody@example.org');
    expect(forDonor.status).toBe(202);
    expect(forStranger.status).toBe(202);
    expect(forStranger.body).toEqual(forDonor.body);
    expect(forDonor.body.message).toBe(
      'If gifts were made with this address, we have sent it a link to them. It works once, for an hour.',
    );
    const mails = await eventually(
      () => mailsTo('ada@example.org', 'giftsLink'),
      (list) => list.length === 2,
      'the second requested link',
    );
    expect(mails[0]!.subject).toBe('Your gifts on Causeway');
    expect(mails[0]!.text).toContain('It shows the gifts made with this e-mail address.');
    expect(await mailsTo('nobody@example.org', 'giftsLink')).toHaveLength(0);
    // Only to the address itself: nobody else had a link mailed.
    const all = await container().get(TYPES.Mailbox).list();
    expect(all.filter((mail) => mail.kind === 'giftsLink').map((mail) => mail.to)).toEqual([
      'ada@example.org',
      'ada@example.org',
    ]);

    // The form's link lists Ada's gifts.
    const visit = await openLink(unopenedTokenIn(mails));
    expect((await giftsOf(visit.cookie)).body.gifts).toHaveLength(2);

    // A third link in the hour, then no more: the answer stays the same.
    expect((await ask('ada@example.org')).status).toBe(202);
    expect((await ask('ada@example.org')).body).toEqual(forDonor.body);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo('ada@example.org', 'giftsLink')).toHaveLength(3);
  });

  it('asks the form for the bot check and a valid address, naming the field', async () => {
    const noCheck = await callApi(app, 'POST', '/api/my-gifts/link', { body: { email: 'ada@example.org' } });
    expect(noCheck.status).toBe(400);
    expect(noCheck.body.error.fields.botCheck).toBeTruthy();
    const wrongCheck = await callApi(app, 'POST', '/api/my-gifts/link', {
      body: { email: 'ada@example.org', botCheck: 'nope:1' },
    });
    expect(wrongCheck.status).toBe(400);
    expect(wrongCheck.body.error.fields.botCheck).toBeTruthy();
    asked += 2;
    const badEmail = await callApi(app, 'POST', '/api/my-gifts/link', {
      body: { email: 'not an address', botCheck: await solveBotCheck(app) },
    });
    asked += 1;
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.fields.email).toBe('Enter a valid e-mail address.');
  });

  it(`limits a client to ${GIFTS_LINK_REQUESTS_PER_CLIENT} requests of the form in 15 minutes`, async () => {
    while (asked < GIFTS_LINK_REQUESTS_PER_CLIENT) expect((await ask('nobody@example.org')).status).toBe(202);
    const limited = await ask('ada@example.org');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toContain('Too many requests for links to gifts.');
  });

  it('says a link has expired after 30 days for a receipt, an hour for a requested one, and ends a visit after 30 minutes', async () => {
    const receiptLinkFor = (email: string) => container().get(DONOR_GIFTS_SERVICE).receiptLink(email);
    const receiptLink = await receiptLinkFor('bob@example.org');
    const requested = unopenedTokenIn(await mailsTo('ada@example.org', 'giftsLink'));
    const visit = await openLink(linkTokenOf(new URL(receiptLink.link).hash) ?? '');
    expect(visit.status).toBe(200);
    clock.advance(30 * 60 * 1000);
    expect((await giftsOf(visit.cookie)).status).toBe(401);

    clock.advance(31 * 60 * 1000);
    const expiredRequest = await openLink(requested);
    expect(expiredRequest.status).toBe(400);
    expect(expiredRequest.body.error.fields.token).toBe(
      'This link to your gifts has expired. Ask for a new one below.',
    );

    const second = await receiptLinkFor('bob@example.org');
    clock.advance(30 * 24 * 60 * 60 * 1000 - 1000);
    expect((await openLink(linkTokenOf(new URL(second.link).hash) ?? '')).status).toBe(200);
    const third = await receiptLinkFor('bob@example.org');
    clock.advance(30 * 24 * 60 * 60 * 1000);
    const expired = await openLink(linkTokenOf(new URL(third.link).hash) ?? '');
    expect(expired.status).toBe(400);
    expect(expired.body.error.fields.token).toBe('This link to your gifts has expired. Ask for a new one below.');
  });

  it('writes no link token and no visit cookie to the log', async () => {
    expect(logged).toContain('/api/my-gifts/visit');
    expect(openedTokens.size).toBeGreaterThan(5);
    for (const secret of [...openedTokens, ...visitCookies]) {
      if (secret.length > 20) expect(logged).not.toContain(secret);
    }
  });
});
