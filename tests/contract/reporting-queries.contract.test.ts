import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { writeExport } from '@causeway/api/modules/reporting/export-writers';
import type { Actor } from '@causeway/core/auth/authorization';
import { reportingServiceFactory } from '@causeway/core/reporting/reporting.service';
import { createPostgresReportingQueries } from '@causeway/adapters/postgres/reporting/reporting.queries';
import type { ReportingQueries } from '@causeway/core/ports/reporting-queries.port';
import { FIXTURE, HARBOR, HARBOR_MAY, NOW } from '@causeway/tests/support/reporting-fixture-data';
import { mirrorFactories, writeFixture, type MirrorDatabase } from '@causeway/tests/support/reporting-fixtures';

const collect = async <T>(batches: AsyncIterable<T[]>): Promise<T[]> => {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
};

describe.each(mirrorFactories())('ReportingQueries contract on $name', (factory) => {
  let mirror: MirrorDatabase;
  let queries: ReportingQueries;
  beforeAll(async () => {
    mirror = await factory.open();
    await writeFixture(mirror.db, FIXTURE);
    queries = createPostgresReportingQueries(mirror.db, {
      cursor: mirror.connection.kind === 'server',
      ...(mirror.connection.copyOut ? { copyOut: mirror.connection.copyOut.bind(mirror.connection) } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    await mirror?.close();
  });

  it('sums an organization’s range: raised net of refunds, new and returning donors, ad dollars, live campaigns', async () => {
    const totals = await queries.totals(HARBOR_MAY, NOW);
    expect(totals).toEqual({
      raisedCents: 14_000,
      grossCents: 16_000,
      refundedCents: 2_000,
      refunds: 2,
      gifts: 5,
      donors: 3,
      newDonors: 2,
      returningDonors: 1,
      averageGiftCents: 2_800,
      adSpendCents: 1_500,
      impressions: 3_500,
      adClicks: 55,
      costPerDollarRaised: 1_500 / 14_000,
      raisedPerAdDollar: 14_000 / 1_500,
      liveCampaigns: 1,
      pageVisits: 50,
      // g1 covered the card fee; g3 did too, but was refunded in full with its fee.
      feeCoveredGifts: 1,
      feeCoveredShare: 1 / 5,
      coveredFeesCents: 87,
      // g1 and g7 by X, g6 by LinkedIn, g4 by Facebook net of its refund; s5 is after the range.
      channels: [
        { channel: 'x', shareClicks: 2, gifts: 2, raisedCents: 4_000 },
        { channel: 'linkedin', shareClicks: 1, gifts: 1, raisedCents: 2_000 },
        { channel: 'facebook', shareClicks: 1, gifts: 1, raisedCents: 3_000 },
        { channel: 'instagram', shareClicks: 0, gifts: 0, raisedCents: 0 },
        { channel: 'qr', shareClicks: 0, gifts: 0, raisedCents: 0 },
      ],
      // g6 on Priya's fundraising page, g2 on the donate form; g1, g7 and g4 (net of its refund) on campaign pages.
      places: {
        campaignPage: { gifts: 3, raisedCents: 7_000 },
        fundraiserPages: { gifts: 1, raisedCents: 2_000 },
        donateForm: { gifts: 1, raisedCents: 5_000 },
      },
    });
  });

  it('counts a donor once across organizations for every organization, and new by their first gift anywhere', async () => {
    const totals = await queries.totals({ ...HARBOR_MAY, organizationId: null }, NOW);
    expect(totals).toMatchObject({ raisedCents: 24_000, gifts: 6, donors: 3, newDonors: 2, liveCampaigns: 2 });
  });

  it('draws a daily series with zero days, and weeks from Monday', async () => {
    const days = await queries.series({ ...HARBOR_MAY, to: '2026-05-04' }, 'day');
    expect(days.map((point) => point.period)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04']);
    expect(days[0]).toEqual({
      period: '2026-05-01',
      raisedCents: 7_500,
      refundedCents: 0,
      gifts: 2,
      donors: 2,
      newDonors: 1,
      adSpendCents: 500,
      impressions: 1_000,
      adClicks: 20,
      feeCoveredGifts: 1,
      coveredFeesCents: 87,
    });
    expect(days[2]).toMatchObject({
      raisedCents: 3_000,
      refundedCents: 2_000,
      gifts: 1,
      donors: 1,
      newDonors: 0,
      feeCoveredGifts: 0,
      coveredFeesCents: 0,
    });
    expect(days[3]).toMatchObject({ raisedCents: 0, gifts: 0, adSpendCents: 0 });
    const weeks = await queries.series(HARBOR_MAY, 'week');
    expect(weeks.map((point) => point.period)).toEqual(['2026-04-27', '2026-05-04', '2026-05-11']);
    expect(weeks.reduce((sum, point) => sum + point.raisedCents, 0)).toBe(14_000);
  });

  it('lists campaigns with their figures, sorted and paged, without deleted ones', async () => {
    const page = await queries.campaigns(HARBOR_MAY, { sort: 'raised', order: 'desc', page: 1, pageSize: 1 }, NOW);
    expect(page.total).toBe(2);
    expect(page.rows).toEqual([
      {
        campaignId: 'c1',
        title: 'Keep kids warm',
        name: 'Warm winter',
        organizationId: HARBOR,
        organizationName: 'Harbor House',
        createdAt: '2026-04-01T09:00:00.000Z',
        deadline: null,
        live: true,
        goalCents: 100_000,
        raisedToDateCents: 14_000,
        percentOfGoal: 14,
        raisedCents: 11_000,
        gifts: 4,
        donors: 3,
        promoters: 2,
        impressions: 3_000,
        adClicks: 50,
        ctr: 50 / 3_000,
        spendCents: 1_200,
        costPerDollarRaised: 1_200 / 11_000,
        donationsPerThousandClicks: (4 * 1000) / (50 + 3),
      },
    ]);
    const second = await queries.campaigns(HARBOR_MAY, { sort: 'raised', order: 'desc', page: 2, pageSize: 1 }, NOW);
    expect(second.rows.map((row) => [row.campaignId, row.live, row.percentOfGoal])).toEqual([['c2', false, null]]);
    const byTitle = await queries.campaigns(
      { ...HARBOR_MAY, organizationId: null },
      { sort: 'title', order: 'asc', page: 1, pageSize: 10 },
      NOW,
    );
    expect(byTitle.rows.map((row) => row.campaignId)).toEqual(['c2', 'c3', 'c1']);
    const searched = await queries.campaigns(
      HARBOR_MAY,
      { sort: 'raised', order: 'desc', page: 1, pageSize: 10, search: 'book' },
      NOW,
    );
    expect(searched.rows.map((row) => row.campaignId)).toEqual(['c2']);
    const live = await queries.campaigns(
      HARBOR_MAY,
      { sort: 'raised', order: 'desc', page: 1, pageSize: 10, liveOnly: true },
      NOW,
    );
    expect(live.rows.map((row) => row.campaignId)).toEqual(['c1']);
  });

  it('answers a range holding every day from the all-time totals as from summing the days', async () => {
    const summing = createPostgresReportingQueries(mirror.db, { allTimeTotals: false });
    const to = NOW.toISOString().slice(0, 10);
    for (const organizationId of [HARBOR, null]) {
      const from = (await queries.firstDay(organizationId))!;
      const window = { from, to, organizationId };
      for (const sort of ['raised', 'donors', 'promoters', 'ctr', 'title'] as const) {
        const options = { sort, order: 'desc' as const, page: 1, pageSize: 10 };
        const whole = await queries.campaigns(window, options, NOW);
        expect(whole.rows.length).toBeGreaterThan(0);
        expect(whole).toEqual(await summing.campaigns(window, options, NOW));
      }
      const board = await queries.promoters(window, { page: 1, pageSize: 10 }, NOW);
      expect(board.rows.length).toBeGreaterThan(0);
      expect(board).toEqual(await summing.promoters(window, { page: 1, pageSize: 10 }, NOW));
      // A later page keeps its ranks (read in the board's order, only up to the page's end).
      const second = await queries.promoters(window, { page: 2, pageSize: 1 }, NOW);
      expect(second.rows.map((row) => row.rank)).toEqual([2]);
      expect(second).toEqual(await summing.promoters(window, { page: 2, pageSize: 1 }, NOW));
      for (const sort of ['total', 'gifts', 'lastGiftAt', 'firstGiftAt', 'name'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const options = { sort, order, page: 1, pageSize: 10 };
          const donors = await queries.donors(window, options);
          expect(donors.rows.length).toBeGreaterThan(0);
          expect(donors).toEqual(await summing.donors(window, options));
        }
      }
      expect(await queries.donorSummary(window)).toEqual(await summing.donorSummary(window));
      const report = await queries.campaignReport(window, 'c1', 'day', NOW);
      expect(report?.campaign.gifts).toBeGreaterThan(0);
      expect(report).toEqual(await summing.campaignReport(window, 'c1', 'day', NOW));
    }
  });

  it.skipIf(factory.name !== 'postgres')(
    'writes the gifts’ CSV on a Postgres server (COPY) as the app writes it from rows (a server only)',
    async () => {
      // Cells a download must keep: formulas made text, quotes, commas and line ends, cents, no campaign.
      await sql`
        insert into reporting.gifts (payment_intent_id, campaign_id, organization_id, occurred_at, day, amount_cents,
          refunded_cents, donor_key, donor_name, message, promoter_id, channel)
        values
          ('x1', 'c1', ${HARBOR}, '2026-05-20T03:04:05.678Z', '2026-05-20', 2550, 7, 'email:x1', '=SUM(A1)',
            ${'Line one\nline "two", three\r\nend'}, 'p1', 'x'),
          ('x2', 'c-none', null, '2026-05-20T03:04:05.678Z', '2026-05-20', 1, 1, 'payment:x2', '', '-5 days',
            'p-none', null),
          ('x3', 'c2', ${HARBOR}, '2026-05-21T00:00:00.000Z', '2026-05-21', 123456789, 0, 'email:x3', ' spaced ',
            '@home', null, null)`.execute(mirror.db);
      try {
        const staff: Actor = {
          uid: 'staff',
          role: 'superUser',
          organizationId: null,
          demoUser: false,
          displayName: 'Staff',
        };
        const clock = new ManualClock(NOW);
        const download = async (copying: boolean, query: object) => {
          const service = reportingServiceFactory({
            queries: copying ? queries : createPostgresReportingQueries(mirror.db, { cursor: true }),
            clock,
          });
          const table = await service.exportTable(staff, 'gifts', { format: 'csv', ...query } as never);
          expect(table.csv !== undefined).toBe(copying);
          const out = new PassThrough();
          const chunks: Buffer[] = [];
          out.on('data', (chunk: Buffer) => chunks.push(chunk));
          await writeExport('csv', table, out);
          return Buffer.concat(chunks).toString('utf8');
        };
        for (const query of [
          { from: '2026-04-01', to: '2026-05-31' },
          { from: '2026-04-01', to: '2026-05-31', order: 'asc', organizationId: HARBOR },
          { from: '2026-04-01', to: '2026-05-31', campaignId: 'c1' },
        ]) {
          const copied = await download(true, query);
          expect(copied.split('\n').length).toBeGreaterThan(3);
          expect(copied).toEqual(await download(false, query));
        }
      } finally {
        await sql`delete from reporting.gifts where payment_intent_id in ('x1', 'x2', 'x3')`.execute(mirror.db);
      }
    },
  );

  it('reports one campaign: funnel, channels, direct gifts and its promoters', async () => {
    const report = await queries.campaignReport(HARBOR_MAY, 'c1', 'day', NOW);
    expect(report?.funnel).toEqual({ impressions: 3_000, adClicks: 50, pageVisits: 50, checkoutsStarted: 4, gifts: 4 });
    expect(report?.channels).toEqual([
      { channel: 'x', shareClicks: 2, gifts: 2, raisedCents: 4_000 },
      { channel: 'linkedin', shareClicks: 1, gifts: 1, raisedCents: 2_000 },
      { channel: 'facebook', shareClicks: 0, gifts: 0, raisedCents: 0 },
      { channel: 'instagram', shareClicks: 0, gifts: 0, raisedCents: 0 },
      { channel: 'qr', shareClicks: 0, gifts: 0, raisedCents: 0 },
    ]);
    expect(report?.direct).toEqual({ gifts: 1, raisedCents: 5_000 });
    // g6 was made on p1's fundraising page, g2 on the donate form; g1, g7 (and g3, refunded) on the campaign's page.
    expect(report?.places).toEqual({
      campaignPage: { gifts: 2, raisedCents: 4_000 },
      fundraiserPages: { gifts: 1, raisedCents: 2_000 },
      donateForm: { gifts: 1, raisedCents: 5_000 },
    });
    expect(report?.promoters).toEqual([
      {
        promoterId: 'p1',
        name: 'Priya Shah',
        shareClicks: 3,
        gifts: 3,
        raisedCents: 6_000,
        pageGifts: 1,
        pageRaisedCents: 2_000,
      },
      {
        promoterId: 'p2',
        name: 'Omar Diaz',
        shareClicks: 0,
        gifts: 0,
        raisedCents: 0,
        pageGifts: 0,
        pageRaisedCents: 0,
      },
    ]);
    // Before g6, in the range that ends on May 14, p1 made no gift on a page.
    const before = await queries.campaignReport({ ...HARBOR_MAY, to: '2026-05-14' }, 'c1', 'day', NOW);
    expect(before?.places.fundraiserPages).toEqual({ gifts: 0, raisedCents: 0 });
    expect(before?.promoters[0]).toMatchObject({ promoterId: 'p1', pageGifts: 0, pageRaisedCents: 0 });
    expect(report?.series).toHaveLength(16);
    expect(report?.series.reduce((sum, point) => sum + point.raisedCents, 0)).toBe(11_000);
    expect(await queries.campaignReport(HARBOR_MAY, 'c4', 'day', NOW)).toBeNull();
    expect(await queries.campaignReport(HARBOR_MAY, 'nope', 'day', NOW)).toBeNull();
  });

  it('lists a campaign’s gifts newest first with who gave, their words, the promoter and the refund', async () => {
    const gifts = await queries.gifts(HARBOR_MAY, { campaignId: 'c1', order: 'desc', page: 1, pageSize: 10 });
    expect(gifts.total).toBe(5);
    expect(gifts.rows.map((row) => [row.paymentId, row.refundState])).toEqual([
      ['g6', 'none'],
      ['g7', 'none'],
      ['g3', 'full'],
      ['g2', 'none'],
      ['g1', 'none'],
    ]);
    expect(gifts.rows[4]).toEqual({
      paymentId: 'g1',
      campaignId: 'c1',
      campaignTitle: 'Keep kids warm',
      date: '2026-05-01T10:00:00.000Z',
      amountCents: 2_500,
      refundedCents: 0,
      refundState: 'none',
      donorName: 'Ann Lee',
      message: 'Stay warm, kids!',
      promoterId: 'p1',
      promoterName: 'Priya Shah',
      channel: 'x',
      givenOn: null,
    });
    expect(gifts.rows[3]).toMatchObject({
      donorName: null,
      promoterId: null,
      promoterName: null,
      channel: null,
      givenOn: 'donate_form',
    });
    expect(gifts.rows[0]).toMatchObject({ paymentId: 'g6', givenOn: 'fundraiser_page' });
    const oldest = await queries.gifts(HARBOR_MAY, { order: 'asc', page: 2, pageSize: 2 });
    expect(oldest.total).toBe(6);
    expect(oldest.rows.map((row) => [row.paymentId, row.refundState])).toEqual([
      ['g3', 'full'],
      ['g4', 'partial'],
    ]);
  });

  it('ranks promoters by gifts brought, with clicks by channel and this week against the week before', async () => {
    const board = await queries.promoters(HARBOR_MAY, { page: 1, pageSize: 10 }, NOW);
    expect(board.total).toBe(2);
    expect(board.rows).toEqual([
      {
        rank: 1,
        promoterId: 'p1',
        name: 'Priya Shah',
        campaigns: 1,
        gifts: 3,
        raisedCents: 6_000,
        clicks: { x: 2, linkedin: 1, facebook: 0, instagram: 0, qr: 0, total: 3 },
        thisWeek: { gifts: 1, raisedCents: 2_000, clicks: 2 },
        lastWeek: { gifts: 1, raisedCents: 1_500, clicks: 1 },
      },
      {
        rank: 2,
        promoterId: 'p2',
        name: 'Omar Diaz',
        campaigns: 1,
        gifts: 1,
        raisedCents: 3_000,
        clicks: { x: 0, linkedin: 0, facebook: 1, instagram: 0, qr: 0, total: 1 },
        thisWeek: { gifts: 0, raisedCents: 0, clicks: 0 },
        lastWeek: { gifts: 0, raisedCents: 0, clicks: 0 },
      },
    ]);
    const second = await queries.promoters(HARBOR_MAY, { page: 2, pageSize: 1 }, NOW);
    expect(second.rows.map((row) => [row.rank, row.promoterId])).toEqual([[2, 'p2']]);
  });

  it('lists donors with their gifts and totals in the range, repeat rate and retention by month of first gift', async () => {
    const donors = await queries.donors(HARBOR_MAY, { sort: 'total', order: 'desc', page: 1, pageSize: 10 });
    expect(donors.total).toBe(3);
    expect(donors.rows).toEqual([
      {
        donorKey: 'email:ann@example.org',
        name: 'Ann Lee',
        email: 'ann@example.org',
        gifts: 3,
        totalCents: 7_000,
        firstGiftAt: '2026-05-01T10:00:00.000Z',
        lastGiftAt: '2026-05-08T10:00:00.000Z',
      },
      expect.objectContaining({ donorKey: 'email:bob@example.org', gifts: 1, totalCents: 5_000 }),
      expect.objectContaining({ donorKey: 'email:dan@example.org', gifts: 1, totalCents: 2_000 }),
    ]);
    const byName = await queries.donors(HARBOR_MAY, { sort: 'name', order: 'asc', page: 1, pageSize: 10 });
    expect(byName.rows.map((row) => row.donorKey)).toEqual([
      'email:ann@example.org',
      'email:bob@example.org',
      'email:dan@example.org',
    ]);
    const summary = await queries.donorSummary({ ...HARBOR_MAY, from: '2026-04-01' });
    expect(summary.donors).toBe(3);
    expect(summary.repeatRate).toBeCloseTo(2 / 3);
    expect(summary.retention).toEqual([
      {
        cohort: '2026-04',
        donors: 1,
        months: [
          { donors: 1, rate: 1 },
          { donors: 1, rate: 1 },
        ],
      },
      { cohort: '2026-05', donors: 2, months: [{ donors: 2, rate: 1 }] },
    ]);
  });

  it('lists payments as receipts show them', async () => {
    const payments = await queries.payments(HARBOR_MAY, { order: 'desc', page: 1, pageSize: 1 });
    expect(payments.total).toBe(6);
    expect(payments.rows).toEqual([
      {
        paymentId: 'g6',
        formattedDate: 'May 15, 2026',
        createdAt: '2026-05-15T10:00:00.000Z',
        amount: 2_000,
        refundedCents: 0,
        card: { brand: 'visa', last4: '4242' },
        link: 'https://pay.example/receipts/g6',
        campaignId: 'c1',
        campaignTitle: 'Keep kids warm',
      },
    ]);
  });

  it('answers the SPEC §9 lists: created since a time, and within two days before a sign-in', async () => {
    const live = await queries.campaignsCreatedSince(HARBOR, '2025-11-20T12:00:00.000Z');
    expect(live.map((campaign) => [campaign.campaignId, campaign.raisedToDateCents])).toEqual([
      ['c2', 3_000],
      ['c1', 14_000],
    ]);
    const everywhere = await queries.campaignsCreatedSince(null, '2026-04-03T00:00:00.000Z');
    expect(everywhere.map((campaign) => campaign.campaignId)).toEqual(['c2', 'c3']);
    const recent = await queries.campaignsCreatedBetween(null, '2026-04-08T00:00:00.000Z', '2026-04-10T10:00:00.000Z');
    expect(recent.map((campaign) => campaign.campaignId)).toEqual(['c2']);
  });

  it('knows the first day of a scope, names and campaigns’ organizations', async () => {
    expect(await queries.firstDay(HARBOR)).toBe('2026-04-01');
    expect(await queries.firstDay('org-none')).toBeNull();
    expect(await queries.organizationName(HARBOR)).toBe('Harbor House');
    expect(await queries.campaignScope('c3')).toEqual({ organizationId: 'org-riverside' });
    expect(await queries.campaignScope('c4')).toBeNull();
  });

  it('streams every table in batches, the same rows as its pages', async () => {
    const window = { ...HARBOR_MAY, organizationId: null };
    const gifts = await collect(queries.exportGifts(window, { order: 'desc' }));
    expect(gifts.map((row) => row.paymentId)).toEqual(['g6', 'g7', 'g4', 'g3', 'g8', 'g2', 'g1']);
    const payments = await collect(queries.exportPayments(HARBOR_MAY, { order: 'asc' }));
    expect(payments).toHaveLength(6);
    const donors = await collect(queries.exportDonors(HARBOR_MAY, { sort: 'total', order: 'desc' }));
    expect(donors.map((row) => row.totalCents)).toEqual([7_000, 5_000, 2_000]);
    const campaigns = await collect(queries.exportCampaigns(window, { sort: 'raised', order: 'desc' }, NOW));
    expect(campaigns.map((row) => row.campaignId)).toEqual(['c1', 'c3', 'c2']);
    const promoters = await collect(queries.exportPromoters(HARBOR_MAY, NOW));
    expect(promoters.map((row) => row.promoterId)).toEqual(['p1', 'p2']);
  });

  it('streams gifts beyond one batch without losing or repeating one, even within a millisecond', async () => {
    // 12,001 gifts a few microseconds apart (several per millisecond), to a campaign of its own.
    await sql`
      insert into reporting.gifts (payment_intent_id, campaign_id, organization_id, occurred_at, day, amount_cents,
        donor_key)
      select 'bulk-' || i, 'bulk', 'org-bulk', timestamptz '2026-05-10 12:00:00+00' + i * interval '7 microseconds',
        date '2026-05-10', 100, 'email:bulk@example.org'
      from generate_series(1, 12001) i`.execute(mirror.db);
    try {
      const window = { from: '2026-05-10', to: '2026-05-10', organizationId: 'org-bulk' };
      for (const order of ['desc', 'asc'] as const) {
        const rows = await collect(queries.exportGifts(window, { order }));
        expect(rows).toHaveLength(12_001);
        expect(new Set(rows.map((row) => row.paymentId)).size).toBe(12_001);
        expect(rows[0]!.paymentId).toBe(order === 'desc' ? 'bulk-12001' : 'bulk-1');
      }
    } finally {
      await sql`delete from reporting.gifts where campaign_id = 'bulk'`.execute(mirror.db);
    }
  });
});
