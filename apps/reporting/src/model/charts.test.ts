import { describe, expect, it } from 'vitest';
import { channelRows, funnelRows, isFlat, leaderRows, moneyRows, monthlyGivingRows, placeRows } from './charts';
import { reportRouteOf } from './routes';

describe('chart rows', () => {
  it('draw money in dollars by day', () => {
    const rows = moneyRows([
      {
        period: '2026-05-01',
        raisedCents: 12_550,
        refundedCents: 0,
        gifts: 3,
        donors: 3,
        newDonors: 2,
        adSpendCents: 4_000,
        impressions: 1000,
        adClicks: 9,
        feeCoveredGifts: 1,
        coveredFeesCents: 87,
      },
    ]);
    expect(rows).toEqual([
      { period: '2026-05-01', label: 'May 1', raised: 125.5, spend: 40, gifts: 3, coveredFees: 0.87 },
    ]);
    expect(isFlat(rows)).toBe(false);
    expect(isFlat([{ raised: 0, spend: 0, gifts: 0 }])).toBe(true);
  });

  it('give each funnel stage its rate from the one before', () => {
    const rows = funnelRows({ impressions: 10_000, adClicks: 100, pageVisits: 0, checkoutsStarted: 0, gifts: 0 });
    expect(rows.map((row) => [row.stage, row.value, row.rate])).toEqual([
      ['Impressions', 10_000, null],
      ['Ad clicks', 100, 0.01],
      ['Page visits', 0, 0],
      ['Checkouts started', 0, null],
      ['Gifts', 0, null],
    ]);
  });

  it('name channels and keep the leaderboard’s order', () => {
    expect(channelRows([{ channel: 'linkedin', shareClicks: 4, gifts: 1, raisedCents: 2500 }])).toEqual([
      { channel: 'LinkedIn', shareClicks: 4, gifts: 1, raised: 25 },
    ]);
    const leaders = leaderRows(
      [
        {
          promoterId: 'p1',
          name: 'Priya',
          shareClicks: 9,
          gifts: 4,
          raisedCents: 10_000,
          fundraisingPage: true,
          pageGifts: 3,
          pageRaisedCents: 7_500,
        },
        {
          promoterId: 'p2',
          name: 'Jordan',
          shareClicks: 3,
          gifts: 1,
          raisedCents: 500,
          pageGifts: 0,
          pageRaisedCents: 0,
        },
      ],
      2,
    );
    expect(leaders).toEqual([
      {
        promoterId: 'p1',
        name: 'Priya',
        gifts: 4,
        raised: 100,
        clicks: 9,
        fundraisingPage: true,
        pageGifts: 3,
        pageRaised: 75,
      },
      {
        promoterId: 'p2',
        name: 'Jordan',
        gifts: 1,
        raised: 5,
        clicks: 3,
        fundraisingPage: false,
        pageGifts: 0,
        pageRaised: 0,
      },
    ]);
    expect(
      leaderRows(
        [
          {
            promoterId: 'p1',
            name: 'Priya',
            shareClicks: 9,
            gifts: 4,
            raisedCents: 10_000,
            pageGifts: 0,
            pageRaisedCents: 0,
          },
        ],
        0,
      ),
    ).toEqual([]);
  });

  it('name where gifts were made, the campaign page first', () => {
    expect(
      placeRows({
        campaignPage: { gifts: 5, raisedCents: 12_500 },
        fundraiserPages: { gifts: 2, raisedCents: 4_000 },
        donateForm: { gifts: 1, raisedCents: 30_00 },
      }),
    ).toEqual([
      { place: 'Campaign page', gifts: 5, raised: 125 },
      { place: 'Fundraising pages', gifts: 2, raised: 40 },
      { place: 'Donate form on your site', gifts: 1, raised: 30 },
    ]);
    expect(
      placeRows(
        {
          campaignPage: { gifts: 5, raisedCents: 12_500 },
          fundraiserPages: { gifts: 0, raisedCents: 0 },
          donateForm: { gifts: 0, raisedCents: 0 },
        },
        'Campaign pages',
      )[0],
    ).toEqual({ place: 'Campaign pages', gifts: 5, raised: 125 });
  });
});

describe('monthly giving rows', () => {
  it('name each month and keep its new, cancelled and failed gifts', () => {
    expect(monthlyGivingRows([{ month: '2026-05', newGifts: 3, cancelled: 1, failed: 2 }])).toEqual([
      { month: '2026-05', label: 'May 2026', started: 3, cancelled: 1, failed: 2 },
    ]);
  });
});

describe('report routes', () => {
  it('find the page of a path', () => {
    expect(reportRouteOf('/reports')).toEqual({ page: 'overview' });
    expect(reportRouteOf('/reports/')).toEqual({ page: 'overview' });
    expect(reportRouteOf('/reports/campaigns')).toEqual({ page: 'campaigns' });
    expect(reportRouteOf('/reports/campaigns/abc%20d')).toEqual({ page: 'campaign', campaignId: 'abc d' });
    expect(reportRouteOf('/reports/donors')).toEqual({ page: 'donors' });
    expect(reportRouteOf('/reports/monthly')).toEqual({ page: 'monthly' });
    expect(reportRouteOf('/reports/nothing')).toEqual({ page: 'not-found' });
  });
});
