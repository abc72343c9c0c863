import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';
import { eventually as eventuallyAt } from '@causeway/tests/support/eventually';

/**
 * Donors covering the card fee, over HTTP on the embedded Stripe sandbox: the rule in the platform's
 * settings and its checks, the extra the checkout charges (worked out by the server), the gift and the
 * fee recorded apart, the campaign's figures counting the gift alone, the receipt's lines, the report's
 * figures and a refund of both.
 */
let app: TestApp;
const cookies = { super: '', campaigner: '' };
const campaignId = 'c-card-fee';

const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
/** Webhooks and their follow-ups, given up to 20 s on a busy machine. */
const eventually = <T>(read: () => Promise<T>, check: (value: T) => boolean, what: string) =>
  eventuallyAt(read, check, what, 400);

/** Opens a donation and pays it on the sandbox's hosted page. */
async function donate(body: Record<string, unknown>, email = 'dana@example.org') {
  const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, body);
  expect(opened.status).toBe(201);
  const page = await (await fetch(opened.body.url as string)).text();
  await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email });
  await sandbox().webhooks.drain();
  const sessionId = opened.body.sessionId as string;
  const donation = await eventually(
    () => repositories().donations.findDonationBySession(sessionId),
    (found) => found !== null,
    'the donation to be recorded',
  );
  return { opened: opened.body, page, sessionId, donation: donation! };
}

const overview = async () => (await api('GET', '/api/reporting/overview', cookies.campaigner)).body;
const pageFigures = async () => (await api('GET', `/api/campaigns/${campaignId}/page`)).body.page;

beforeAll(async () => {
  app = await startTestApp();
  cookies.super = await signInAs(app, 'super@demo.local');
  cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  await repositories().campaigns.create({
    campaignUUID: campaignId,
    userId: owner.uid,
    organizationId: harbor.organizationId,
    campaignName: 'Fee test (internal)',
    campaignTitle: 'Warm meals this winter',
    campaignRaiseGoal: 100_000,
    createdAt: new Date().toISOString(),
    isPaid: true,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('the card fee rule in the platform settings', () => {
  it('is Stripe’s US nonprofit rate until saved, and anyone may read it', async () => {
    const settings = await api('GET', '/api/settings', cookies.super);
    expect(settings.body.settings).toMatchObject({ cardFeePercent: 2.2, cardFeeFixed: 30 });
    const rule = await api('GET', '/api/donations/card-fee');
    expect(rule.status).toBe(200);
    expect(rule.body).toEqual({ cardFee: { percent: 2.2, fixedCents: 30 } });
  });

  it.each([
    [{ cardFeePercent: 10.5 }, 'cardFeePercent', 'The card fee percent is from 0 to 10, like 2.2.'],
    [{ cardFeePercent: -1 }, 'cardFeePercent', 'The card fee percent is from 0 to 10, like 2.2.'],
    [{ cardFeePercent: 2.255 }, 'cardFeePercent', 'The card fee percent takes at most two decimals, like 2.25.'],
    [{ cardFeePercent: '2.2' }, 'cardFeePercent', 'The card fee percent is from 0 to 10, like 2.2.'],
    [{ cardFeeFixed: 501 }, 'cardFeeFixed', "The card fee's fixed amount is from 0 to 500 cents ($5.00)."],
    [{ cardFeeFixed: 30.5 }, 'cardFeeFixed', "The card fee's fixed amount is in whole cents, like 30 for $0.30."],
    [{ cardFeeFixed: -5 }, 'cardFeeFixed', "The card fee's fixed amount is from 0 to 500 cents ($5.00)."],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const response = await api('PATCH', '/api/settings', cookies.super, body);
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ [field]: message });
    expect((await api('GET', '/api/donations/card-fee')).body.cardFee).toEqual({ percent: 2.2, fixedCents: 30 });
  });

  it('refuses a checkout that says something else than true or false', async () => {
    const response = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, {
      amount: 2_500,
      coverFee: 'yes',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(['coverFee']);
  });
});

describe('a donor who covers the fee', () => {
  let sessionId = '';
  let paymentIntentId = '';
  let before: { feeCoveredGifts: number; coveredFeesCents: number; gifts: number };

  it('is charged the gift plus the extra the server works out, whatever the client says the fee is', async () => {
    before = (await overview()).totals;
    const plain = await donate({ amount: 1_000 }, 'pat@example.org');
    expect(plain.opened).toMatchObject({ amount: 1_000, coveredFee: 0, total: 1_000 });
    expect(plain.donation).toMatchObject({ amount: 1_000, covered_fee: 0 });

    const covered = await donate({ amount: 2_500, coverFee: true, coveredFee: 1, donorName: 'Dana' });
    // (2500 + 30) / (1 − 0.022) − 2500 = 86.91… → 87 cents
    expect(covered.opened).toMatchObject({ amount: 2_500, coveredFee: 87, total: 2_587 });
    expect(covered.page).toContain('$25.87');
    expect(covered.page).toContain('$0.87 to cover the card fee');
    sessionId = covered.sessionId;
    paymentIntentId = covered.donation.payment_intent_id!;
    expect(covered.donation).toMatchObject({ amount: 2_500, covered_fee: 87, covered_fee_refunded: 0, refunded: 0 });
  });

  it('counts the gift, not the fee, in the campaign’s raised amount and figures', async () => {
    expect(await pageFigures()).toMatchObject({ raisedCents: 3_500, donators: 2 });
    expect((await api('GET', `/api/campaigns/${campaignId}/stats`)).body).toMatchObject({
      count: 2,
      totalRaised: 3_500,
    });
  });

  it('shows the fee as its own line on the receipt page, the e-mail and the PDF', async () => {
    const receipt = (await api('GET', `/api/payments/${sessionId}`)).body;
    expect(receipt.payment).toMatchObject({ amount: 2_587, formattedAmount: '$25.87' });
    expect(receipt.donation).toEqual({
      campaignId,
      donorName: 'Dana',
      message: null,
      amount: 2_500,
      coveredFee: 87,
      refunded: 0,
      coveredFeeRefunded: 0,
    });
    const [mail] = await eventually(
      async () =>
        (await container().get(TYPES.Mailbox).list({ to: 'dana@example.org' })).filter((m) => m.kind === 'receipt'),
      (list) => list.length === 1,
      'the receipt e-mail',
    );
    expect(mail!.subject).toBe('Your receipt: $25.00 to Harbor Light Food Bank');
    for (const line of ['Amount: $25.00 (USD)', 'Card fee you covered: $0.87', 'Total charged: $25.87']) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.html).toContain('<tr><td>Card fee you covered</td><td>$0.87</td></tr>');
    const pdf = pdfText(new Uint8Array(await (await fetch(`${app.url}${receipt.pdfUrl}`)).arrayBuffer()));
    for (const text of ['$25.00 (USD)', 'Card fee you covered', '$0.87', 'Total charged', '$25.87 (USD)']) {
      expect(pdf).toContain(text);
    }
  });

  it('reports the share of gifts that covered the fee and the fees covered, in the overview and its export', async () => {
    const totals = (
      await eventually(
        overview,
        (body) => body.totals.gifts === before.gifts + 2,
        'the reporting mirror to hold both gifts',
      )
    ).totals;
    expect(totals.feeCoveredGifts - before.feeCoveredGifts).toBe(1);
    expect(totals.coveredFeesCents - before.coveredFeesCents).toBe(87);
    expect(totals.feeCoveredShare).toBeCloseTo(totals.feeCoveredGifts / totals.gifts, 10);
    const csv = await fetch(`${app.url}/api/reporting/exports/overview?format=csv`, {
      headers: { cookie: cookies.campaigner },
    });
    expect(csv.status).toBe(200);
    const [headers, ...rows] = parse(await csv.text()) as string[][];
    expect(headers).toEqual(
      expect.arrayContaining(['Gifts covering the card fee', 'Share covering the card fee', 'Card fees covered ($)']),
    );
    const column = (name: string) => headers!.indexOf(name);
    const today = rows.at(-1)!;
    expect(Number(today[column('Gifts covering the card fee')])).toBeGreaterThanOrEqual(1);
    expect(Number(today[column('Card fees covered ($)')])).toBeGreaterThanOrEqual(0.87);
  });

  it('refunds the gift and the fee together; the campaign loses the gift alone', async () => {
    const figures = await pageFigures();
    sandbox().refund(paymentIntentId);
    await sandbox().webhooks.drain();
    const refunded = await eventually(
      () => repositories().donations.findDonationBySession(sessionId),
      (donation) => donation?.refunded === 2_500,
      'the refund to be recorded',
    );
    expect(refunded).toMatchObject({ amount: 2_500, refunded: 2_500, covered_fee: 87, covered_fee_refunded: 87 });
    expect(await pageFigures()).toMatchObject({
      raisedCents: figures.raisedCents - 2_500,
      donators: figures.donators - 1,
    });
    expect((await api('GET', `/api/payments/${sessionId}`)).body.donation).toMatchObject({
      refunded: 2_500,
      coveredFeeRefunded: 87,
    });
    const totals = (
      await eventually(
        overview,
        (body) => body.totals.coveredFeesCents === before.coveredFeesCents,
        'the reporting mirror to take the refund',
      )
    ).totals;
    expect(totals.feeCoveredGifts).toBe(before.feeCoveredGifts);
  });

  it('charges by the rule in force once platform staff change it', async () => {
    const saved = await api('PATCH', '/api/settings', cookies.super, { cardFeePercent: 2.9, cardFeeFixed: 30 });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ cardFeePercent: 2.9, cardFeeFixed: 30 });
    expect((await api('GET', '/api/donations/card-fee')).body.cardFee).toEqual({ percent: 2.9, fixedCents: 30 });
    const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, {
      amount: 2_500,
      coverFee: true,
    });
    // (2500 + 30) / (1 − 0.029) − 2500 = 105.56… → 106 cents
    expect(opened.body).toMatchObject({ amount: 2_500, coveredFee: 106, total: 2_606 });
  });
});
