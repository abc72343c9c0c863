import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';
import { eventually } from '@causeway/tests/support/eventually';

let app: TestApp;
let admin = '';
let organizationId = '';
const campaignId = 'c-receipts';
const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAs(app, 'admin@demo.local');
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  organizationId = harbor.organizationId;
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  await repositories().campaigns.create({
    campaignUUID: campaignId,
    userId: owner.uid,
    organizationId,
    campaignName: 'Winter meals (internal)',
    campaignTitle: 'Warm meals for 500 families this winter',
    campaignRaiseGoal: 100_000,
    createdAt: new Date().toISOString(),
    isPaid: true,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('receipts name the charity, the public headline and the tax statement', () => {
  it('lets an admin set the legal name, tax id and tax statement, and refuses overlong ones', async () => {
    const saved = await callApi(app, 'PATCH', `/api/organizations/${organizationId}`, {
      cookie: admin,
      body: {
        legalName: 'Harbor Light Food Bank of Maine, Inc.',
        taxId: '12-3456789',
        receiptNote: 'No goods or services were provided in exchange for this gift.',
      },
    });
    expect(saved.status).toBe(200);
    const { body } = await callApi(app, 'GET', `/api/organizations/${organizationId}`, { cookie: admin });
    expect(JSON.stringify(body)).toContain('"taxId":"12-3456789"');
    const tooLong = await callApi(app, 'PATCH', `/api/organizations/${organizationId}`, {
      cookie: admin,
      body: { taxId: 'x'.repeat(65) },
    });
    expect(tooLong.status).toBe(400);
    const campaigner = await signInAs(app, 'campaigner@demo.local');
    const refused = await callApi(app, 'PATCH', `/api/organizations/${organizationId}`, {
      cookie: campaigner,
      body: { taxId: '99-9999999' },
    });
    expect(refused.status).toBe(403);
  });

  it('sends an e-mail and offers a PDF with the organization, headline, amount, date, reference and tax statement', async () => {
    const opened = await callApi(app, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, {
      body: { amount: 2_500, donorName: 'Dana' },
    });
    expect(opened.status).toBe(201);
    const sessionId = opened.body.sessionId as string;
    await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email: 'dana@example.org' });
    await container().get(STRIPE_SANDBOX).webhooks.drain();

    const [mail] = await eventually(
      async () =>
        (await container().get(TYPES.Mailbox).list({ to: 'dana@example.org' })).filter((m) => m.kind === 'receipt'),
      (list) => list.length === 1,
      'the receipt e-mail',
    );
    const receipt = (await callApi(app, 'GET', `/api/payments/${sessionId}`)).body;
    const reference = receipt.payment.paymentId as string;
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(receipt.payment.createdAt),
    );
    expect(mail!.subject).toBe('Your receipt: $25.00 to Harbor Light Food Bank');
    for (const text of [
      'Thank you for your gift of $25.00 to Harbor Light Food Bank for “Warm meals for 500 families this winter”.',
      'Organization: Harbor Light Food Bank of Maine, Inc.',
      'Tax id: 12-3456789',
      'Amount: $25.00 (USD)',
      `Date: ${date}`,
      `Payment reference: ${reference}`,
      'Harbor Light Food Bank of Maine, Inc., tax id 12-3456789.',
      'No goods or services were provided in exchange for this gift.',
      `${app.url}/api/payments/${sessionId}/receipt.pdf`,
    ]) {
      expect(mail!.text).toContain(text);
    }
    expect(mail!.text).not.toContain('Winter meals (internal)');
    expect(mail!.html).toContain('Harbor Light Food Bank of Maine, Inc.');

    expect(receipt.party).toEqual({
      organizationName: 'Harbor Light Food Bank',
      legalName: 'Harbor Light Food Bank of Maine, Inc.',
      taxId: '12-3456789',
      campaignHeadline: 'Warm meals for 500 families this winter',
      taxStatement: [
        'Harbor Light Food Bank of Maine, Inc., tax id 12-3456789.',
        'No goods or services were provided in exchange for this gift.',
      ],
    });

    const pdf = await fetch(`${app.url}${receipt.pdfUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const lines = pdfText(bytes);
    for (const text of [
      'Donation receipt',
      'Harbor Light Food Bank',
      'Harbor Light Food Bank of Maine, Inc.',
      '12-3456789',
      'Warm meals for 500 families this winter',
      '$25.00 (USD)',
      date,
      reference,
      'Dana',
      'No goods or services were provided in exchange for this gift.',
    ]) {
      expect(lines).toContain(text);
    }
    expect(lines.join('\n')).not.toContain('internal');
    expect((await fetch(`${app.url}/api/payments/cs_unknown/receipt.pdf`)).status).toBe(404);
  });
});
