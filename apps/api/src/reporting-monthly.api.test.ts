import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { REPORTING_API, type MonthlyGivingResponse } from '@causeway/core/contracts/reporting.contract';
import type { MonthlyGift } from '@causeway/core/monthly-gifts/monthly-gift.entity';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { monthlyGift, writeMonthlyGift } from '@causeway/tests/support/monthly-gifts';
import { mirrorCaughtUp } from '@causeway/tests/support/reporting';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

/**
 * The monthly giving report over HTTP, from monthly gifts written to the store and carried to the
 * mirror by the projector: exact figures, ranges, who may read them, the downloads, and a rebuild.
 */
let app: TestApp;
let harborId: string;
let riversideId: string;
const clock = new ManualClock(new Date('2026-07-10T12:00:00.000Z'));
const cookies = { super: '', harborAdmin: '', campaigner: '', promoter: '', riversideAdmin: '' };

const RANGE = 'from=2026-04-01&to=2026-07-10';
const at = (day: string) => `${day}T09:00:00.000Z`;

async function createOrganization(name: string): Promise<string> {
  const created = await callApi(app, 'POST', '/api/organizations', { cookie: cookies.super, body: { name } });
  expect(created.status).toBe(201);
  return created.body.organization.organizationId as string;
}

const monthly = (query: string, cookie: string) =>
  callApi<MonthlyGivingResponse>(app, 'GET', `${REPORTING_API.monthlyGiving}?${query}`, { cookie });

beforeAll(async () => {
  app = await startTestApp({ overrides: { clock } });
  cookies.super = await signInAs(app, 'super@demo.local');
  harborId = await createOrganization('Harbor House');
  riversideId = await createOrganization('Riverside Trust');
  cookies.harborAdmin = (
    await addPerson(app, { email: 'hana@example.org', admin: true, organizationId: harborId })
  ).cookie;
  cookies.campaigner = (await addPerson(app, { email: 'casey@example.org', organizationId: harborId })).cookie;
  cookies.promoter = (
    await addPerson(app, { email: 'priya@example.org', accountType: 'promoter', organizationId: harborId })
  ).cookie;
  cookies.riversideAdmin = (
    await addPerson(app, { email: 'rita@example.org', admin: true, organizationId: riversideId })
  ).cookie;

  const repository = app.server.container.get(TYPES.Repositories).monthlyGifts;
  const harbor = (id: string, overrides: Partial<MonthlyGift> & Pick<MonthlyGift, 'startedAt'>) =>
    monthlyGift(id, { campaignId: 'harbor-soup', organizationId: harborId, ...overrides });
  const ended = (day: string, endedReason: MonthlyGift['endedReason']) => ({
    status: 'ended' as const,
    endedAt: at(day),
    endedReason,
    changedAt: at(day),
  });
  const gifts = [
    // Giving: active, and the same donor's second gift being retried.
    harbor('sub_a', { startedAt: at('2026-04-05'), donorEmail: 'ada@example.org', amountCents: 2_500 }),
    harbor('sub_d', {
      startedAt: at('2026-06-01'),
      donorEmail: 'ada@example.org',
      amountCents: 1_000,
      status: 'pastDue',
      failedAt: at('2026-07-01'),
      failedAttempts: 1,
    }),
    // Giving until its paid period ends.
    harbor('sub_h', { startedAt: at('2026-06-20'), amountCents: 1_500, cancelAtPeriodEnd: true }),
    // Paused: not giving now.
    harbor('sub_e', { startedAt: at('2026-06-15'), amountCents: 5_000, paused: true }),
    // Cancelled the day before its first month was up; failed on its second anniversary; ended by the platform.
    harbor('sub_b', { startedAt: at('2026-04-10'), ...ended('2026-05-09', 'requested') }),
    harbor('sub_c', { startedAt: at('2026-04-20'), ...ended('2026-06-20', 'paymentFailed'), failedAttempts: 4 }),
    harbor('sub_g', { startedAt: at('2026-05-03'), ...ended('2026-07-01', 'other') }),
    // First month never paid: counted nowhere.
    harbor('sub_f', { startedAt: at('2026-07-02'), status: 'incomplete', amountCents: 7_000 }),
    monthlyGift('sub_r', {
      campaignId: 'riverside-books',
      organizationId: riversideId,
      startedAt: at('2026-05-01'),
      amountCents: 9_900,
      donorEmail: 'rob@example.org',
    }),
  ];
  // Each gift as it started, then as it is now: the mirror follows the later change.
  for (const gift of gifts) {
    await writeMonthlyGift(repository, {
      ...gift,
      status: 'active',
      endedAt: null,
      endedReason: null,
      changedAt: gift.startedAt,
    });
    if (gift.changedAt !== gift.startedAt || gift.status !== 'active') await writeMonthlyGift(repository, gift);
  }
  await mirrorCaughtUp(app, cookies.super, 20_000);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const HARBOR_FIGURES = {
  current: { monthlyDonors: 2, givingGifts: 3, recurringRevenueCents: 5_000, retryingGifts: 1, pausedGifts: 1 },
  months: [
    { month: '2026-04', newGifts: 3, cancelled: 0, failed: 0 },
    { month: '2026-05', newGifts: 1, cancelled: 1, failed: 0 },
    { month: '2026-06', newGifts: 3, cancelled: 0, failed: 1 },
    { month: '2026-07', newGifts: 0, cancelled: 1, failed: 0 },
  ],
  retention: [
    {
      cohort: '2026-04',
      gifts: 3,
      months: [
        { after: 1, gifts: 2, rate: 2 / 3 },
        { after: 2, gifts: 2, rate: 2 / 3 },
        { after: 3, gifts: 1, rate: 1 / 3 },
      ],
    },
    {
      cohort: '2026-05',
      gifts: 1,
      months: [
        { after: 1, gifts: 1, rate: 1 },
        { after: 2, gifts: 0, rate: 0 },
      ],
    },
    { cohort: '2026-06', gifts: 3, months: [{ after: 1, gifts: 3, rate: 1 }] },
  ],
};

describe('monthly giving', () => {
  it('counts monthly donors, recurring revenue, new, cancelled and failed gifts and retention exactly', async () => {
    const response = await monthly(RANGE, cookies.harborAdmin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(HARBOR_FIGURES);
    expect(response.body.range).toEqual({
      from: '2026-04-01',
      to: '2026-07-10',
      organizationId: harborId,
      organizationName: 'Harbor House',
    });
    expect(response.body.freshness.backlog).toBe(0);
    // A campaigner of the organization reads the same.
    expect((await monthly(RANGE, cookies.campaigner)).body).toMatchObject(HARBOR_FIGURES);
  });

  it('follows the range for months and cohorts, and says monthly donors as they are now', async () => {
    const may = await monthly('from=2026-05-01&to=2026-05-31', cookies.harborAdmin);
    expect(may.body.current).toEqual(HARBOR_FIGURES.current);
    expect(may.body.months).toEqual([{ month: '2026-05', newGifts: 1, cancelled: 1, failed: 0 }]);
    expect(may.body.retention).toEqual([HARBOR_FIGURES.retention[1]]);
    // A month cut by the range counts only its days within it.
    const lateJune = await monthly('from=2026-06-16&to=2026-06-30', cookies.harborAdmin);
    expect(lateJune.body.months).toEqual([{ month: '2026-06', newGifts: 1, cancelled: 0, failed: 1 }]);
  });

  it('refuses another organization’s readers, promoters and the signed out; platform staff read any one', async () => {
    const other = await monthly(`${RANGE}&organizationId=${harborId}`, cookies.riversideAdmin);
    expect(other.status).toBe(403);
    expect((other.body as unknown as { error: { message: string } }).error.message).toBe(
      'You can only see the reports of your own organization.',
    );
    const promoter = await monthly(RANGE, cookies.promoter);
    expect(promoter.status).toBe(403);
    expect((await callApi(app, 'GET', `${REPORTING_API.monthlyGiving}?${RANGE}`)).status).toBe(401);
    const download = await callApi(
      app,
      'GET',
      `${REPORTING_API.export('monthlyGiving')}?${RANGE}&organizationId=${harborId}`,
      { cookie: cookies.riversideAdmin },
    );
    expect(download.status).toBe(403);

    const own = await monthly(RANGE, cookies.riversideAdmin);
    expect(own.body.current).toEqual({
      monthlyDonors: 1,
      givingGifts: 1,
      recurringRevenueCents: 9_900,
      retryingGifts: 0,
      pausedGifts: 0,
    });
    const staff = await monthly(`${RANGE}&organizationId=${harborId}`, cookies.super);
    expect(staff.body).toMatchObject(HARBOR_FIGURES);
    const everyone = await monthly(RANGE, cookies.super);
    expect(everyone.body.current.recurringRevenueCents).toBe(5_000 + 9_900);
  });

  it('names the field of a bad range', async () => {
    const backwards = await monthly('from=2026-07-01&to=2026-06-01', cookies.harborAdmin);
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('from');
    expect(JSON.stringify(backwards.body)).toContain('The range must start on or before its last day.');
  });

  it('downloads the months as CSV and the retention table as XLSX', async () => {
    const csv = await fetch(`${app.url}${REPORTING_API.export('monthlyGiving')}?${RANGE}`, {
      headers: { cookie: cookies.harborAdmin },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="monthlyGiving-2026-04-01-to-2026-07-10.csv"',
    );
    expect(parse(await csv.text(), { columns: true })).toEqual([
      { Month: '2026-04', 'New monthly gifts': '3', Cancelled: '0', Failed: '0' },
      { Month: '2026-05', 'New monthly gifts': '1', Cancelled: '1', Failed: '0' },
      { Month: '2026-06', 'New monthly gifts': '3', Cancelled: '0', Failed: '1' },
      { Month: '2026-07', 'New monthly gifts': '0', Cancelled: '1', Failed: '0' },
    ]);

    const xlsx = await fetch(`${app.url}${REPORTING_API.export('monthlyRetention')}?${RANGE}&format=xlsx`, {
      headers: { cookie: cookies.campaigner },
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Retention');
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(sheet?.rowCount).toBe(4);
    expect(values(1)).toEqual(['Started', 'Monthly gifts', 'After 1 month', 'After 2 months', 'After 3 months']);
    expect(values(2)).toEqual(['2026-04', 3, 0.6667, 0.6667, 0.3333]);
    expect(values(3)).toEqual(['2026-05', 1, 1, 0]);
    expect(values(4)).toEqual(['2026-06', 3, 1]);
  });

  it('gives the same figures after a rebuild of the mirror from the store', async () => {
    const before = await monthly(RANGE, cookies.harborAdmin);
    const rebuilt = await callApi<{ rows: Record<string, number> }>(app, 'POST', REPORTING_API.rebuild, {
      cookie: cookies.super,
    });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.rows.monthlyGifts).toBe(9);
    const after = await monthly(RANGE, cookies.harborAdmin);
    expect({ ...after.body, freshness: null }).toEqual({ ...before.body, freshness: null });
  });

  it('is in the OpenAPI document', async () => {
    const document = await callApi(app, 'GET', '/api/openapi.json');
    expect(Object.keys(document.body.paths)).toContain('/api/reporting/monthly-giving');
  });
});
