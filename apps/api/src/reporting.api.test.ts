import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, type NewPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { FIXTURE, HARBOR, NOW, RIVERSIDE } from '@causeway/tests/support/reporting-fixture-data';
import { writeFixture, type MirrorFixture } from '@causeway/tests/support/reporting-fixtures';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { REPORTING_DATABASE } from './modules/reporting-database';

/**
 * Reports over HTTP, on a mirror written with the fixture's facts and rollups: who may read which
 * organization's reports (every report × every role), the range and organization filters, and the
 * downloads, parsed back.
 */
let app: TestApp;
let harborId: string;
let riversideId: string;
const clock = new ManualClock(NOW);

type Who =
  | 'super'
  | 'platformAdmin'
  | 'orgAdmin'
  | 'campaigner'
  | 'promoter'
  | 'analyst'
  | 'platformAnalyst'
  | 'riversideCampaigner';
const cookies = {} as Record<Who, string>;

async function createOrganization(name: string): Promise<string> {
  const created = await callApi(app, 'POST', '/api/organizations', { cookie: cookies.super, body: { name } });
  expect(created.status).toBe(201);
  return created.body.organization.organizationId as string;
}

/** The fixture with its organizations given the ids the app made. */
function fixtureFor(harbor: string, riverside: string): MirrorFixture {
  return JSON.parse(JSON.stringify(FIXTURE).replaceAll(HARBOR, harbor).replaceAll(RIVERSIDE, riverside));
}

const MAY = 'from=2026-05-01&to=2026-05-16';

beforeAll(async () => {
  app = await startTestApp({ overrides: { clock } });
  cookies.super = await signInAs(app, 'super@demo.local');
  harborId = await createOrganization('Harbor House');
  riversideId = await createOrganization('Riverside Trust');
  const person = (email: string, options: Omit<NewPerson, 'email'>) => addPerson(app, { email, ...options });
  cookies.platformAdmin = (await person('staff@example.org', { admin: true, organizationId: null })).cookie;
  cookies.orgAdmin = (await person('harbor.admin@example.org', { admin: true, organizationId: harborId })).cookie;
  cookies.campaigner = (await person('casey@example.org', { organizationId: harborId })).cookie;
  cookies.promoter = (await person('priya@example.org', { accountType: 'promoter', organizationId: harborId })).cookie;
  cookies.riversideCampaigner = (await person('rita@example.org', { organizationId: riversideId })).cookie;
  const analyst = await person('ana@example.org', { organizationId: harborId });
  const platformAnalyst = await person('paul@example.org', { organizationId: harborId });
  // An organization admin makes an analyst of their organization; only platform staff one of every organization.
  const granted = await callApi(app, 'PATCH', `/api/users/${analyst.uid}`, {
    cookie: cookies.orgAdmin,
    body: { analyst: 'organization' },
  });
  expect(granted.status).toBe(200);
  expect(granted.body.user.analyst).toBe('organization');
  const refused = await callApi(app, 'PATCH', `/api/users/${platformAnalyst.uid}`, {
    cookie: cookies.orgAdmin,
    body: { analyst: 'platform' },
  });
  expect(refused.status).toBe(403);
  const everywhere = await callApi(app, 'PATCH', `/api/users/${platformAnalyst.uid}`, {
    cookie: cookies.super,
    body: { analyst: 'platform' },
  });
  expect(everywhere.status).toBe(200);
  cookies.analyst = await signInAs(app, 'ana@example.org');
  cookies.platformAnalyst = await signInAs(app, 'paul@example.org');
  await writeFixture(app.server.container.get(REPORTING_DATABASE).db, fixtureFor(harborId, riversideId));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const REPORTS = [
  `/api/reporting/overview?${MAY}`,
  `/api/reporting/campaigns?${MAY}`,
  `/api/reporting/campaigns/c1?${MAY}`,
  `/api/reporting/campaigns/c1/gifts?${MAY}`,
  `/api/reporting/promoters?${MAY}`,
  `/api/reporting/donors?${MAY}`,
  `/api/reporting/payments?${MAY}`,
  '/api/reporting/lists/live',
  '/api/reporting/lists/newSinceLastVisit',
  `/api/reporting/exports/gifts?${MAY}`,
  `/api/reporting/exports/campaigns?${MAY}&format=xlsx`,
];

describe('who reads reports', () => {
  it.each(REPORTS)('%s: signed out is a 401', async (path) => {
    expect((await callApi(app, 'GET', path)).status).toBe(401);
  });

  it.each(REPORTS)('%s: a promoter is refused', async (path) => {
    const response = await callApi(app, 'GET', path, { cookie: cookies.promoter });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('You can only see the reports of your own organization.');
  });

  it.each(REPORTS)('%s: another organization’s campaigner is refused Harbor House’s', async (path) => {
    const response = await callApi(app, 'GET', `${path}${path.includes('?') ? '&' : '?'}organizationId=${harborId}`, {
      cookie: cookies.riversideCampaigner,
    });
    expect(response.status).toBe(403);
  });

  const readers: Who[] = ['super', 'platformAdmin', 'orgAdmin', 'campaigner', 'analyst', 'platformAnalyst'];
  it.each(readers.flatMap((who) => REPORTS.map((path) => [who, path] as const)))('%s reads %s', async (who, path) => {
    const response = await fetch(`${app.url}${path}`, { headers: { cookie: cookies[who] } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it('gives an organization’s readers their own organization, and platform readers any one they name', async () => {
    for (const who of ['orgAdmin', 'campaigner', 'analyst'] as const) {
      const own = await callApi(app, 'GET', `/api/reporting/overview?${MAY}`, { cookie: cookies[who] });
      expect(own.body.range).toEqual({
        from: '2026-05-01',
        to: '2026-05-16',
        organizationId: harborId,
        organizationName: 'Harbor House',
      });
      expect(own.body.totals.raisedCents).toBe(14_000);
      const other = await callApi(app, 'GET', `/api/reporting/overview?${MAY}&organizationId=${riversideId}`, {
        cookie: cookies[who],
      });
      expect(other.status).toBe(403);
    }
    for (const who of ['super', 'platformAdmin', 'platformAnalyst'] as const) {
      const riverside = await callApi(app, 'GET', `/api/reporting/overview?${MAY}&organizationId=${riversideId}`, {
        cookie: cookies[who],
      });
      expect(riverside.body.totals).toMatchObject({ raisedCents: 10_000, gifts: 1, adSpendCents: 999 });
      const everyone = await callApi(app, 'GET', `/api/reporting/overview?${MAY}`, { cookie: cookies[who] });
      expect(everyone.body.range.organizationId).toBeNull();
      expect(everyone.body.totals.raisedCents).toBeGreaterThanOrEqual(24_000);
    }
  });

  it('refuses another organization’s campaign report, and a deleted campaign is a 404', async () => {
    const other = await callApi(app, 'GET', '/api/reporting/campaigns/c3', { cookie: cookies.campaigner });
    expect(other.status).toBe(403);
    const deleted = await callApi(app, 'GET', '/api/reporting/campaigns/c4', { cookie: cookies.super });
    expect(deleted.status).toBe(404);
  });

  it('keeps an analyst out of everything but reports', async () => {
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', '/api/pre-campaigns?list=drafts'],
      ['GET', '/api/logs'],
      ['POST', '/api/pre-campaigns'],
    ] as const) {
      const response = await callApi(app, method, path, {
        cookie: cookies.analyst,
        body: method === 'POST' ? {} : undefined,
      });
      expect(response.status).toBe(403);
    }
  });
});

describe('what reports say', () => {
  it('compares the overview with the range before it, and draws weeks', async () => {
    const overview = await callApi(app, 'GET', `/api/reporting/overview?${MAY}&interval=week`, {
      cookie: cookies.campaigner,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.previous).toMatchObject({ raisedCents: 3_000, gifts: 1 });
    expect(overview.body.series.map((point: { period: string }) => point.period)).toEqual([
      '2026-04-27',
      '2026-05-04',
      '2026-05-11',
    ]);
    const all = await callApi(app, 'GET', '/api/reporting/overview', { cookie: cookies.campaigner });
    expect(all.body.range).toMatchObject({ from: '2026-04-01', to: '2026-05-20' });
    expect(all.body.previous).toBeNull();
    expect(all.body.totals.raisedCents).toBe(17_000);
  });

  it('refuses a range that runs backwards and an unknown sort, naming the field', async () => {
    const backwards = await callApi(app, 'GET', '/api/reporting/overview?from=2026-05-02&to=2026-05-01', {
      cookie: cookies.campaigner,
    });
    expect(backwards.status).toBe(400);
    const sorted = await callApi(app, 'GET', '/api/reporting/campaigns?sort=colour', { cookie: cookies.campaigner });
    expect(sorted.status).toBe(400);
  });

  it('pages and sorts campaigns', async () => {
    const page = await callApi(app, 'GET', `/api/reporting/campaigns?${MAY}&sort=title&order=asc&pageSize=1&page=2`, {
      cookie: cookies.campaigner,
    });
    expect(page.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.body.rows.map((row: { campaignId: string }) => row.campaignId)).toEqual(['c1']);
  });

  it('lists a campaign’s gifts with the donor’s name and message', async () => {
    const gifts = await callApi(app, 'GET', `/api/reporting/campaigns/c1/gifts?${MAY}&order=asc&pageSize=1`, {
      cookie: cookies.campaigner,
    });
    expect(gifts.body.total).toBe(5);
    expect(gifts.body.rows[0]).toMatchObject({
      amountCents: 2_500,
      donorName: 'Ann Lee',
      message: 'Stay warm, kids!',
      promoterName: 'Priya Shah',
      refundState: 'none',
    });
  });

  it('masks donors’ e-mails for campaigners and analysts, not for the organization’s admin', async () => {
    const emails = async (who: Who) =>
      (await callApi(app, 'GET', `/api/reporting/donors?${MAY}`, { cookie: cookies[who] })).body.rows.map(
        (row: { email: string }) => row.email,
      );
    expect(await emails('campaigner')).toEqual(['a•••@example.org', 'b•••@example.org', 'd•••@example.org']);
    expect(await emails('analyst')).toEqual(['a•••@example.org', 'b•••@example.org', 'd•••@example.org']);
    expect(await emails('orgAdmin')).toEqual(['ann@example.org', 'bob@example.org', 'dan@example.org']);
    const summary = (await callApi(app, 'GET', `/api/reporting/donors?${MAY}`, { cookie: cookies.orgAdmin })).body
      .summary;
    expect(summary.repeatRate).toBeCloseTo(1 / 3);
  });

  it('answers the leaderboard with this week against the week before', async () => {
    const board = await callApi(app, 'GET', `/api/reporting/promoters?${MAY}`, { cookie: cookies.analyst });
    expect(board.body.rows[0]).toMatchObject({
      rank: 1,
      name: 'Priya Shah',
      gifts: 3,
      thisWeek: { gifts: 1, clicks: 2 },
      lastWeek: { gifts: 1, clicks: 1 },
    });
  });

  it('lists the live campaigns of the last 6 months', async () => {
    const live = await callApi(app, 'GET', '/api/reporting/lists/live', { cookie: cookies.campaigner });
    expect(live.body.campaigns.map((campaign: { campaignId: string }) => campaign.campaignId)).toEqual(['c2', 'c1']);
    const unknown = await callApi(app, 'GET', '/api/reporting/lists/everything', { cookie: cookies.campaigner });
    expect(unknown.status).toBe(400);
  });
});

describe('downloads', () => {
  it('downloads gifts as CSV that parses back to the rows shown', async () => {
    const response = await fetch(`${app.url}/api/reporting/exports/gifts?${MAY}&campaignId=c1&order=asc`, {
      headers: { cookie: cookies.campaigner },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="gifts-2026-05-01-to-2026-05-16.csv"',
    );
    const rows: Record<string, string>[] = parse(await response.text(), { columns: true });
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      Date: '2026-05-01T10:00:00.000Z',
      Campaign: 'Keep kids warm',
      'Amount ($)': '25',
      Donor: 'Ann Lee',
      Message: 'Stay warm, kids!',
      Promoter: 'Priya Shah',
      Refund: 'none',
    });
  });

  it('downloads campaigns as an XLSX workbook that opens', async () => {
    const response = await fetch(`${app.url}/api/reporting/exports/campaigns?${MAY}&format=xlsx&sort=title&order=asc`, {
      headers: { cookie: cookies.orgAdmin },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Campaigns');
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1).slice(0, 3)).toEqual(['Campaign', 'Name', 'Organization']);
    expect(values(2).slice(0, 3)).toEqual(['Books for every class', 'Books', 'Harbor House']);
    expect(values(3)[8]).toBe(110);
    expect(sheet?.rowCount).toBe(3);
  });

  it('masks donors’ e-mails in a campaigner’s download, and writes formulas as text', async () => {
    const response = await fetch(`${app.url}/api/reporting/exports/donors?${MAY}`, {
      headers: { cookie: cookies.campaigner },
    });
    const rows: Record<string, string>[] = parse(await response.text(), { columns: true });
    expect(rows.map((row) => row['E-mail'])).toEqual(['a•••@example.org', 'b•••@example.org', 'd•••@example.org']);
  });

  it('refuses an unknown table and another organization', async () => {
    expect((await callApi(app, 'GET', '/api/reporting/exports/secrets', { cookie: cookies.super })).status).toBe(400);
    const other = await callApi(app, 'GET', `/api/reporting/exports/payments?organizationId=${riversideId}`, {
      cookie: cookies.campaigner,
    });
    expect(other.status).toBe(403);
  });

  it('is in the OpenAPI document', async () => {
    const document = await callApi(app, 'GET', '/api/openapi.json');
    const paths = Object.keys(document.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/reporting/overview',
        '/api/reporting/campaigns',
        '/api/reporting/campaigns/{campaignId}',
        '/api/reporting/campaigns/{campaignId}/gifts',
        '/api/reporting/promoters',
        '/api/reporting/donors',
        '/api/reporting/payments',
        '/api/reporting/lists/{list}',
        '/api/reporting/exports/{table}',
      ]),
    );
  });
});
