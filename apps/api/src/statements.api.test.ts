/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenOf } from '@causeway/core/contracts/donor-gifts.contract';
import { addPerson, type NewPerson } from '@causeway/tests/support/add-person';
import { callApi, cookieHeaderOf, signInAs } from '@causeway/tests/support/api-client';
import { eventually } from '@causeway/tests/support/eventually';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { DONOR_GIFTS_SERVICE } from './modules/donor-gifts.module';
import { STATEMENTS_SERVICE } from './modules/statements.module';
import { TYPES } from './types';

let app: TestApp;
const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);

type Who = 'super' | 'orgAdmin' | 'otherAdmin' | 'campaigner' | 'promoter' | 'donor';
const cookies = {} as Record<Who, string>;
let harborId = '';
let orchardId = '';
let riversideId = '';

const BROKEN = 'broken@@example.org';

/** The mails of statements sent to an address, oldest first. */
const statementsTo = async (email: string) =>
  (await container().get(TYPES.Mailbox).list({ to: email }))
    .filter((mail) => mail.kind === 'statement')
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));

const allStatementMails = async () =>
  (await container().get(TYPES.Mailbox).list()).filter((mail) => mail.kind === 'statement');

async function createOrganization(name: string): Promise<string> {
  const created = await callApi(app, 'POST', '/api/organizations', { cookie: cookies.super, body: { name } });
  expect(created.status).toBe(201);
  return created.body.organization.organizationId as string;
}

let given = 0;
/** A gift recorded as the payment's webhook records it. */
async function give(
  campaignId: string,
  email: string,
  amount: number,
  date: string,
  options: { coveredFee?: number; refunded?: number } = {},
) {
  given += 1;
  const paymentIntentId = `pi_statement_${given}`;
  await repositories().donations.recordOnce({
    donator: { id: `donator-st-${given}`, campaignId, paymentIntentId, amount, createdAt: date, updatedAt: date },
    donation: {
      id: `donation-st-${given}`,
      campaign_id: campaignId,
      amount,
      date,
      session_id: `cs_test_statement_${given}`,
      payment_intent_id: paymentIntentId,
      donor_email: email,
      donor_name: email.split('@')[0]!,
      covered_fee: options.coveredFee ?? 0,
    },
  });
  if (options.refunded) await repositories().donations.recordRefund(paymentIntentId, options.refunded, date);
}

/** A visit of the gifts page for an address, as a receipt's link opens one: its cookie. */
async function visitOf(email: string): Promise<string> {
  const { link } = await container().get(DONOR_GIFTS_SERVICE).receiptLink(email);
  const response = await fetch(`${app.url}/api/my-gifts/visit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: linkTokenOf(new URL(link).hash) }),
  });
  expect(response.status).toBe(200);
  return cookieHeaderOf(response);
}

const pdfOf = async (path: string, cookie: string) => {
  const response = await fetch(`${app.url}${path}`, { headers: { cookie } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};

const runPath = (organizationId: string, year: number) => `/api/organizations/${organizationId}/statements/${year}`;

beforeAll(async () => {
  app = await startTestApp();
  cookies.super = await signInAs(app, 'super@demo.local');
  harborId = await createOrganization('Harbor Statements');
  orchardId = await createOrganization('Orchard Statements');
  riversideId = await createOrganization('Riverside Statements');
  await repositories().organizations.update(harborId, {
    legalName: 'Harbor Statements Food Bank, Inc.',
    taxId: '12-3456789',
    receiptNote: 'No goods or services were provided in exchange for these gifts.',
  });
  const person = (email: string, options: Omit<NewPerson, 'email'>) => addPerson(app, { email, ...options });
  cookies.orgAdmin = (await person('harbor.admin@example.org', { admin: true, organizationId: harborId })).cookie;
  cookies.otherAdmin = (
    await person('riverside.admin@example.org', { admin: true, organizationId: riversideId })
  ).cookie;
  cookies.campaigner = (await person('casey@example.org', { organizationId: harborId })).cookie;
  cookies.promoter = (await person('priya@example.org', { accountType: 'promoter', organizationId: harborId })).cookie;
  cookies.donor = (await person('dina@example.org', { accountType: 'donor', organizationId: null })).cookie;
  const owner = (await repositories().users.findByEmail('harbor.admin@example.org'))!;
  for (const [campaignUUID, organizationId, campaignTitle] of [
    ['c-st-meals', harborId, 'Warm meals for 500 families'],
    ['c-st-coats', harborId, 'Winter coats'],
    ['c-st-roof', orchardId, 'A new roof for the clubhouse'],
    ['c-st-closed', harborId, 'A van for deliveries'],
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
  // 2026 at Harbor: Ada twice (one partly refunded, one covering the card fee), Bob refunded in full,
  // Carol once, and an address the mail server refuses.
  await give('c-st-meals', 'ada@example.org', 2_500, '2026-03-01T10:00:00.000Z', { refunded: 500 });
  await give('c-st-coats', 'ada@example.org', 4_000, '2026-11-02T10:00:00.000Z', { coveredFee: 146 });
  await give('c-st-meals', 'bob@example.org', 1_000, '2026-06-15T10:00:00.000Z', { refunded: 1_000 });
  await give('c-st-coats', 'carol@example.org', 7_000, '2026-12-31T23:59:59.000Z');
  await give('c-st-meals', BROKEN, 500, '2026-07-01T10:00:00.000Z');
  // A minute into 2027 in UTC (still New Year's Eve in the Americas): 2027's.
  await give('c-st-meals', 'carol@example.org', 300, '2027-01-01T00:01:00.000Z');
  // 2025 at Harbor, and Ada at Orchard in 2026.
  await give('c-st-meals', 'ada@example.org', 1_500, '2025-05-05T10:00:00.000Z');
  await give('c-st-meals', 'dave@example.org', 2_000, '2025-08-08T10:00:00.000Z');
  await give('c-st-coats', 'erin@example.org', 2_200, '2025-09-09T10:00:00.000Z');
  await give('c-st-roof', 'ada@example.org', 9_000, '2026-04-04T10:00:00.000Z');
  // Fay gave in 2026 to a campaign deleted since: she is one of the year's donors still.
  await give('c-st-closed', 'fay@example.org', 1_200, '2026-05-05T10:00:00.000Z');
  await repositories().campaigns.softDelete('c-st-closed');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("a donor's year-end statements on the gifts page", () => {
  it('lists each organization and year the visit’s address gave in, with the total net of refunds', async () => {
    const cookie = await visitOf('ada@example.org');
    const listed = await callApi(app, 'GET', '/api/my-gifts/statements', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.statements).toEqual([
      {
        organizationId: harborId,
        organization: 'Harbor Statements',
        year: 2026,
        gifts: 2,
        net: 6_000,
        formattedNet: '$60.00',
        pdfUrl: `/api/my-gifts/statements/${harborId}/2026/statement.pdf`,
      },
      expect.objectContaining({ organizationId: orchardId, year: 2026, gifts: 1, net: 9_000 }),
      expect.objectContaining({ organizationId: harborId, year: 2025, gifts: 1, net: 1_500 }),
    ]);
  });

  it("downloads the year's statement: gifts, refunds, net total, the organization's tax id and statement, UTC years", async () => {
    const cookie = await visitOf('ada@example.org');
    const { response, bytes } = await pdfOf(`/api/my-gifts/statements/${harborId}/2026/statement.pdf`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="giving-statement-2026-harbor-statements.pdf"',
    );
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const lines = pdfText(bytes);
    for (const text of [
      'Giving statement 2026',
      'Harbor Statements',
      'ada@example.org',
      'Harbor Statements Food Bank, Inc.',
      '12-3456789',
      'Jan 1, 2026 to Dec 31, 2026 (UTC)',
      'Years are calendar years in UTC: gifts are dated in UTC.',
      'Mar 1, 2026',
      'Warm meals for 500 families',
      '$25.00',
      'Nov 2, 2026',
      'Winter coats',
      '$40.00',
      '$1.46',
      '-$5.00',
      'Total given, net of refunds',
      '$60.00 (USD)',
      'Harbor Statements Food Bank, Inc., tax id 12-3456789.',
      'No goods or services were provided in exchange for these gifts.',
    ]) {
      expect(lines).toContain(text);
    }
    // Orchard's gift and other donors' are not on it.
    expect(lines).not.toContain('A new roof for the clubhouse');
    expect(lines).not.toContain('$70.00');
    expect(lines.join('\n')).not.toContain('internal');
  });

  it("answers only the visit's address: 404 for an organization or year it gave nothing in, 401 once the visit ended", async () => {
    const cookie = await visitOf('bob@example.org');
    const bobs = await callApi(app, 'GET', '/api/my-gifts/statements', { cookie });
    expect(bobs.body.statements.map((statement: any) => [statement.organizationId, statement.year])).toEqual([
      [harborId, 2026],
    ]);
    // Bob's statement is his: Ada's gifts are not on it, and his full refund is.
    const bob = pdfText((await pdfOf(`/api/my-gifts/statements/${harborId}/2026/statement.pdf`, cookie)).bytes);
    expect(bob).toContain('-$10.00');
    expect(bob).toContain('$0.00 (USD)');
    expect(bob).not.toContain('Winter coats');

    for (const path of [
      `/api/my-gifts/statements/${orchardId}/2026/statement.pdf`,
      `/api/my-gifts/statements/${harborId}/2025/statement.pdf`,
      `/api/my-gifts/statements/org-unknown/2026/statement.pdf`,
    ]) {
      const refused = await callApi(app, 'GET', path, { cookie });
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toMatch(
        /^No gifts to this organization in 202\d were made with this e-mail address\.$/,
      );
    }
    const badYear = await callApi(app, 'GET', `/api/my-gifts/statements/${harborId}/twenty/statement.pdf`, { cookie });
    expect(badYear.status).toBe(400);
    expect(badYear.body.error.fields.year).toBe('Give a year from 2000 to 2999.');

    for (const path of ['/api/my-gifts/statements', `/api/my-gifts/statements/${harborId}/2026/statement.pdf`]) {
      const signedOut = await callApi(app, 'GET', path);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.error.message).toBe('Your visit to your gifts has ended. Ask for a new link below.');
    }
    expect((await callApi(app, 'DELETE', '/api/my-gifts/visit', { cookie })).status).toBe(204);
    expect((await callApi(app, 'GET', '/api/my-gifts/statements', { cookie })).status).toBe(401);
    expect(
      (await callApi(app, 'GET', `/api/my-gifts/statements/${harborId}/2026/statement.pdf`, { cookie })).status,
    ).toBe(401);
  });
});

describe('who sends year-end statements', () => {
  const attempts = (organizationId: () => string) =>
    [
      ['GET', () => `/api/organizations/${organizationId()}/statements`],
      ['GET', () => runPath(organizationId(), 2026)],
      ['POST', () => runPath(organizationId(), 2026)],
    ] as const;

  it.each(attempts(() => harborId))('%s: signed out is a 401', async (method, path) => {
    expect((await callApi(app, method, path())).status).toBe(401);
  });

  it.each([
    ['another organization’s admin', 'otherAdmin'],
    ['a campaigner without admin rights', 'campaigner'],
    ['a promoter', 'promoter'],
    ['a donor', 'donor'],
  ] as const)('%s is refused, and nothing is sent', async (_, who) => {
    for (const [method, path] of attempts(() => harborId)) {
      const refused = await callApi(app, method, path(), { cookie: cookies[who] });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(
        'Only your organization’s admins can send its donors their year-end statements.',
      );
    }
    expect(await allStatementMails()).toEqual([]);
  });

  it("lists the organization's years with gifts to its admin and to super users", async () => {
    for (const who of ['orgAdmin', 'super'] as const) {
      const listed = await callApi(app, 'GET', `/api/organizations/${harborId}/statements`, { cookie: cookies[who] });
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({
        organizationId: harborId,
        years: [
          { year: 2027, donors: 1, gifts: 1 },
          { year: 2026, donors: 5, gifts: 6 },
          { year: 2025, donors: 3, gifts: 3 },
        ],
        runs: [],
      });
    }
    const none = await callApi(app, 'GET', runPath(harborId, 2026), { cookie: cookies.orgAdmin });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('No statements of 2026 were sent yet.');
  });

  it('refuses a year without gifts, naming the year', async () => {
    const empty = await callApi(app, 'POST', runPath(harborId, 2024), { cookie: cookies.orgAdmin });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.year).toBe(
      'No donor with an e-mail address gave to this organization in 2024: choose a year with gifts.',
    );
    const wrong = await callApi(app, 'POST', runPath(harborId, 1999), { cookie: cookies.orgAdmin });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.year).toBe('Give a year from 2000 to 2999.');
  });
});

describe("sending an organization's year-end statements", () => {
  it('e-mails each donor of the year their statement once, though started twice at once, and shows its progress', async () => {
    const [first, second] = await Promise.all([
      callApi(app, 'POST', runPath(harborId, 2026), { cookie: cookies.orgAdmin }),
      callApi(app, 'POST', runPath(harborId, 2026), { cookie: cookies.super }),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect([first.body.started, second.body.started].sort()).toEqual([false, true]);
    expect(first.body.run).toMatchObject({ year: 2026, total: 5 });

    const done = await eventually(
      async () => (await callApi(app, 'GET', runPath(harborId, 2026), { cookie: cookies.orgAdmin })).body,
      (run) => run.status === 'done',
      'the run to finish',
    );
    expect(done).toMatchObject({ year: 2026, status: 'done', total: 5, sent: 4, failed: 1 });
    expect(done.failures).toEqual([{ email: BROKEN, error: 'We could not send the e-mail. Please try again later.' }]);
    expect(done.finishedAt).not.toBeNull();

    const mails = await allStatementMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'ada@example.org',
      'bob@example.org',
      'carol@example.org',
      'fay@example.org',
    ]);
    const [ada] = await statementsTo('ada@example.org');
    expect(ada!.subject).toBe('Your 2026 giving statement from Harbor Statements');
    expect(ada!.text).toContain('the total given net of refunds, $60.00 (USD)');
    expect(ada!.text).toContain('Years are calendar years in UTC.');
    expect(ada!.attachments).toHaveLength(1);
    const [attachment] = ada!.attachments!;
    expect(attachment).toMatchObject({
      filename: 'giving-statement-2026-harbor-statements.pdf',
      contentType: 'application/pdf',
    });
    const lines = pdfText(attachment!.content);
    expect(lines).toContain('Giving statement 2026');
    expect(lines).toContain('$60.00 (USD)');
    expect(lines).toContain('12-3456789');
    // Refunded in full, Bob still gets his statement showing the refund.
    const [bob] = await statementsTo('bob@example.org');
    const bobLines = pdfText(bob!.attachments![0]!.content);
    expect(bobLines).toContain('-$10.00');
    expect(bobLines).toContain('$0.00 (USD)');
    // Carol's gift a minute into 2027 (UTC) is not on her 2026 statement.
    const carolLines = pdfText((await statementsTo('carol@example.org'))[0]!.attachments![0]!.content);
    expect(carolLines).toContain('$70.00 (USD)');
    expect(carolLines).not.toContain('$3.00');

    // The dev mailbox's API gives the attachment too.
    const listed = await callApi(app, 'GET', '/api/dev/mail?to=ada@example.org');
    const statementMail = listed.body.mails.find((mail: any) => mail.kind === 'statement');
    expect(statementMail.attachments[0]).toMatchObject({
      filename: 'giving-statement-2026-harbor-statements.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(statementMail.attachments[0].content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // And its page links it for download.
    const page = await (await fetch(`${app.url}/dev/mail?to=ada@example.org`)).text();
    expect(page).toContain('giving-statement-2026-harbor-statements.pdf</a>');
    const download = await fetch(
      `${app.url}/dev/mail/attachment?id=${encodeURIComponent(statementMail.messageId)}&n=0`,
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="giving-statement-2026-harbor-statements.pdf"',
    );
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const missing = await fetch(`${app.url}/dev/mail/attachment?id=${encodeURIComponent(statementMail.messageId)}&n=1`);
    expect(missing.status).toBe(404);
  });

  it('sends nobody a second statement when started again once done; the one that failed is tried again', async () => {
    const again = await callApi(app, 'POST', runPath(harborId, 2026), { cookie: cookies.orgAdmin });
    expect(again.status).toBe(202);
    expect(again.body.started).toBe(true);
    await container().get(STATEMENTS_SERVICE).settled();
    const run = (await callApi(app, 'GET', runPath(harborId, 2026), { cookie: cookies.orgAdmin })).body;
    expect(run).toMatchObject({ status: 'done', total: 5, sent: 4, failed: 1 });
    expect((await allStatementMails()).map((mail) => mail.to).sort()).toEqual([
      'ada@example.org',
      'bob@example.org',
      'carol@example.org',
      'fay@example.org',
    ]);
    const listed = await callApi(app, 'GET', `/api/organizations/${harborId}/statements`, { cookie: cookies.orgAdmin });
    expect(listed.body.runs).toEqual([expect.objectContaining({ year: 2026, status: 'done', sent: 4, failed: 1 })]);
  });

  it('resumes a run left running by a restart, sending only the donors not yet sent to', async () => {
    const { statements } = repositories();
    // A run of 2025 that stopped with the process after Ada's statement went out.
    await statements.startRun({
      organizationId: harborId,
      year: 2025,
      runId: 'run-before-restart',
      status: 'running',
      total: 3,
      startedBy: 'u-admin',
      startedAt: new Date().toISOString(),
      finishedAt: null,
    });
    const key = { organizationId: harborId, year: 2025, email: 'ada@example.org', runId: 'run-before-restart' };
    await statements.claimSend({ ...key, claimedAt: new Date().toISOString() }, new Date(0).toISOString());
    await statements.finishSend(key, { status: 'sent', at: new Date().toISOString() });
    const before = await callApi(app, 'GET', runPath(harborId, 2025), { cookie: cookies.orgAdmin });
    expect(before.body).toMatchObject({ status: 'running', total: 3, sent: 1, failed: 0 });
    // A click while it runs shows the running run.
    const click = await callApi(app, 'POST', runPath(harborId, 2025), { cookie: cookies.orgAdmin });
    expect(click.body.started).toBe(false);
    expect(click.body.run.status).toBe('running');

    // What the next start does once it listens.
    await container().get(STATEMENTS_SERVICE).resume();
    await container().get(STATEMENTS_SERVICE).settled();
    const after = await callApi(app, 'GET', runPath(harborId, 2025), { cookie: cookies.orgAdmin });
    expect(after.body).toMatchObject({ status: 'done', total: 3, sent: 3, failed: 0 });
    expect((await statementsTo('dave@example.org')).map((mail) => mail.subject)).toEqual([
      'Your 2025 giving statement from Harbor Statements',
    ]);
    expect(await statementsTo('erin@example.org')).toHaveLength(1);
    // Ada's 2025 statement had gone before the restart: only her 2026 one is in the mailbox.
    expect((await statementsTo('ada@example.org')).map((mail) => mail.subject)).toEqual([
      'Your 2026 giving statement from Harbor Statements',
    ]);
  });
});
