import type { MirrorFixture } from './reporting-fixtures';

/**
 * A small mirror: two organizations, three campaigns, gifts (one refunded in full, one in part),
 * promoters' share clicks, checkouts, page visits and ad days. Reports are read at NOW.
 */
export const NOW = new Date('2026-05-20T12:00:00Z');
export const HARBOR = 'org-harbor';
export const RIVERSIDE = 'org-riverside';

export const FIXTURE: MirrorFixture = {
  organizations: [
    { id: HARBOR, name: 'Harbor House' },
    { id: RIVERSIDE, name: 'Riverside Trust' },
  ],
  people: [
    { id: 'p1', organizationId: null, first: 'Priya', last: 'Shah', email: 'priya@example.org', type: 'promoter' },
    { id: 'p2', organizationId: null, first: 'Omar', last: 'Diaz', email: 'omar@example.org', type: 'promoter' },
  ],
  campaigns: [
    {
      id: 'c1',
      organizationId: HARBOR,
      name: 'Warm winter',
      title: 'Keep kids warm',
      goal: 100_000,
      createdAt: '2026-04-01T09:00:00Z',
    },
    {
      id: 'c2',
      organizationId: HARBOR,
      name: 'Books',
      title: 'Books for every class',
      goal: 0,
      createdAt: '2026-04-10T09:00:00Z',
      deadline: '2026-05-10T00:00:00Z',
    },
    {
      id: 'c3',
      organizationId: RIVERSIDE,
      name: 'Cleanup',
      title: 'Clean the river',
      goal: 50_000,
      createdAt: '2026-04-05T09:00:00Z',
    },
    {
      id: 'c4',
      organizationId: RIVERSIDE,
      name: 'Gone',
      title: 'A deleted campaign',
      goal: 0,
      createdAt: '2026-04-06T09:00:00Z',
      deleted: true,
    },
  ],
  gifts: [
    {
      id: 'g1',
      campaignId: 'c1',
      at: '2026-05-01T10:00:00Z',
      amount: 2500,
      donor: 'ann@example.org',
      name: 'Ann Lee',
      message: 'Stay warm, kids!',
      promoterId: 'p1',
      channel: 'x',
      coveredFee: 87,
    },
    {
      id: 'g2',
      campaignId: 'c1',
      at: '2026-05-01T15:00:00Z',
      amount: 5000,
      donor: 'bob@example.org',
      name: null,
      givenOn: 'donate_form',
    },
    {
      id: 'g3',
      campaignId: 'c1',
      at: '2026-05-03T09:00:00Z',
      amount: 1000,
      refunded: 1000,
      donor: 'cat@example.org',
      coveredFee: 53,
      coveredFeeRefunded: 53,
    },
    {
      id: 'g4',
      campaignId: 'c2',
      at: '2026-05-03T12:00:00Z',
      amount: 4000,
      refunded: 1000,
      donor: 'ann@example.org',
      promoterId: 'p2',
      channel: 'facebook',
    },
    { id: 'g5', campaignId: 'c1', at: '2026-04-20T08:00:00Z', amount: 3000, donor: 'bob@example.org' },
    {
      id: 'g6',
      campaignId: 'c1',
      at: '2026-05-15T10:00:00Z',
      amount: 2000,
      donor: 'dan@example.org',
      promoterId: 'p1',
      channel: 'linkedin',
      givenOn: 'fundraiser_page',
    },
    {
      id: 'g7',
      campaignId: 'c1',
      at: '2026-05-08T10:00:00Z',
      amount: 1500,
      donor: 'ann@example.org',
      promoterId: 'p1',
      channel: 'x',
      givenOn: 'campaign_page',
    },
    { id: 'g8', campaignId: 'c3', at: '2026-05-02T10:00:00Z', amount: 10_000, donor: 'ann@example.org' },
  ],
  shareClicks: [
    { id: 's1', campaignId: 'c1', promoterId: 'p1', channel: 'x', at: '2026-05-01T09:00:00Z' },
    { id: 's2', campaignId: 'c1', promoterId: 'p1', channel: 'x', at: '2026-05-08T09:00:00Z' },
    { id: 's3', campaignId: 'c1', promoterId: 'p1', channel: 'linkedin', at: '2026-05-15T09:00:00Z' },
    { id: 's4', campaignId: 'c2', promoterId: 'p2', channel: 'facebook', at: '2026-05-03T11:00:00Z' },
    { id: 's5', campaignId: 'c1', promoterId: 'p1', channel: 'x', at: '2026-05-19T10:00:00Z' },
  ],
  checkouts: [
    { id: 'k1', campaignId: 'c1', at: '2026-05-01T09:59:00Z', amount: 2500 },
    { id: 'k2', campaignId: 'c1', at: '2026-05-01T14:59:00Z', amount: 5000 },
    { id: 'k3', campaignId: 'c1', at: '2026-05-01T16:00:00Z', amount: 900 },
    { id: 'k4', campaignId: 'c1', at: '2026-05-03T08:59:00Z', amount: 1000 },
  ],
  pageVisits: [
    { campaignId: 'c1', day: '2026-05-01', visits: 40 },
    { campaignId: 'c1', day: '2026-05-03', visits: 10 },
  ],
  adDays: [
    { campaignId: 'c1', day: '2026-05-01', impressions: 1000, clicks: 20, spend: 500 },
    { campaignId: 'c1', day: '2026-05-02', impressions: 2000, clicks: 30, spend: 700 },
    { campaignId: 'c2', day: '2026-05-03', impressions: 500, clicks: 5, spend: 300 },
    { campaignId: 'c3', day: '2026-05-02', impressions: 9999, clicks: 99, spend: 999 },
  ],
  promotions: [
    { id: 'pr1', promoterId: 'p1', campaignId: 'c1', createdAt: '2026-04-02T00:00:00Z' },
    { id: 'pr2', promoterId: 'p2', campaignId: 'c2', createdAt: '2026-04-11T00:00:00Z' },
    { id: 'pr3', promoterId: 'p2', campaignId: 'c1', createdAt: '2026-04-12T00:00:00Z' },
  ],
};

/** Harbor House, 1–16 May 2026. */
export const HARBOR_MAY = { from: '2026-05-01', to: '2026-05-16', organizationId: HARBOR };
