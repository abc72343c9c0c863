import { describe, expect, test } from 'vitest';
import type { DeliveryView } from '@causeway/core/contracts/delivery.contract';
import type { PublicCampaign } from '@causeway/core/contracts/payments.contract';
import {
  adStatusText,
  campaignsOfOrganization,
  chartRowsOf,
  cpcWarningOf,
  ctrText,
  dollarsText,
  donationStatusOf,
  plural,
  raisedOfGoal,
  refreshedAnew,
  shortDay,
} from './live-figures';

const campaign = (campaignId: string, organizationId: string | null) =>
  ({
    campaignId,
    organization: organizationId === null ? null : { organizationId, name: organizationId, logo: null },
  }) as PublicCampaign;

test.each([
  ['org-1', ['a', 'c']],
  ['org-2', ['b']],
  ['org-3', []],
  [null, []],
])('the live campaigns of %s are %j', (organizationId, ids) => {
  const all = [campaign('a', 'org-1'), campaign('b', 'org-2'), campaign('c', 'org-1'), campaign('d', null)];
  expect(campaignsOfOrganization(all, organizationId).map((item) => item.campaignId)).toEqual(ids);
});

test.each([
  [0, 25_000_00, '$0.00 raised of $25,000.00', 0],
  [1_250_00, 25_000_00, '$1,250.00 raised of $25,000.00', 5],
  [12_499, 25_000, '$124.99 raised of $250.00', 49],
  [30_000_00, 25_000_00, '$30,000.00 raised of $25,000.00', 100],
  [5_00, 0, '$5.00 raised', 100],
  [0, 0, '$0.00 raised', 0],
])('%i cents of a %i goal: “%s”, %i%', (raised, goal, text, percent) => {
  expect(raisedOfGoal(raised, goal)).toEqual({ text, percent });
});

describe('whether a campaign takes donations', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  test.each([
    [{ acceptingDonations: true, deadline: '2026-06-01T00:00:00Z' }, 'Taking donations', 'live'],
    [{ acceptingDonations: false, deadline: '2026-05-01T00:00:00Z' }, 'Fundraising ended', 'ended'],
    [{ acceptingDonations: false, deadline: '2026-06-01T00:00:00Z' }, 'Donations turned off', 'closed'],
    [{ acceptingDonations: false, deadline: null }, 'Donations turned off', 'closed'],
  ])('%o: %s', (input, label, tone) => {
    expect(donationStatusOf(input, now)).toEqual({ label, tone });
  });
});

test.each([
  [0.001, '0.10%'],
  [0.0123456, '1.23%'],
  [0, '0.00%'],
  [1, '100.00%'],
  [null, '–'],
  [Number.NaN, '–'],
])('a CTR of %s reads %s', (ctr, text) => {
  expect(ctrText(ctr)).toBe(text);
});

test.each([
  [0, '$0.00'],
  [123_456, '$1,234.56'],
  [7, '$0.07'],
  [null, '–'],
])('%s cents read %s', (cents, text) => {
  expect(dollarsText(cents)).toBe(text);
});

test.each([
  [0, '0 donors'],
  [1, '1 donor'],
  [1_200, '1,200 donors'],
])('%i counts as “%s”', (count, text) => {
  expect(plural(count, 'donor', 'donors')).toBe(text);
});

test.each<[Pick<DeliveryView, 'lineItemStatus' | 'pause'>, string]>([
  [{ lineItemStatus: 'play', pause: null }, 'Running'],
  [{ lineItemStatus: 'pause', pause: null }, 'Paused'],
  [
    { lineItemStatus: 'pause', pause: { reasons: ['goalReached'], message: 'Goal reached', pausedAt: '' } },
    'Paused by pacing',
  ],
  [{ lineItemStatus: 'stop', pause: null }, 'Stopped'],
  [{ lineItemStatus: 'archived', pause: null }, 'Archived'],
  [{ lineItemStatus: null, pause: null }, 'Status unknown'],
])('a line item %o is “%s”', (delivery, text) => {
  expect(adStatusText(delivery)).toBe(text);
});

test.each([
  ['2026-05-03', 'May 3'],
  ['2026-12-31', 'Dec 31'],
  ['2027-01-01', 'Jan 1'],
])('the day %s is labeled %s', (day, label) => {
  expect(shortDay(day)).toBe(label);
});

test('the chart draws spend in dollars', () => {
  expect(
    chartRowsOf([{ day: '2026-05-03', impressions: 16_800, clicks: 17, spendCents: 4_200, ctr: 0.001, cpcCents: 247 }]),
  ).toEqual([{ day: '2026-05-03', label: 'May 3', impressions: 16_800, clicks: 17, spend: 42 }]);
});

test.each([
  [undefined, '2026-05-03T10:00:00Z', true],
  ['2026-05-03T10:00:00Z', '2026-05-03T10:00:00Z', false],
  ['2026-05-03T10:00:00Z', '2026-05-03T10:01:30Z', true],
])('figures of %s, then of %s: new %s', (before, after, fresh) => {
  const view = (refreshedAt: string) => ({ refreshedAt }) as DeliveryView;
  expect(refreshedAnew(before === undefined ? undefined : view(before), view(after))).toBe(fresh);
});

describe('a cost per click far above the target', () => {
  const delivery = (cpcCents: number | null, targetCpcCents: number, clicks = 120) => ({
    totals: { cpcCents, clicks },
    targetCpcCents,
  });

  test('is flagged with both figures: $3.51 against a $1.00 target', () => {
    expect(cpcWarningOf(delivery(3_51, 1_00))).toEqual({
      deliveredCents: 3_51,
      targetCents: 1_00,
      times: 3.51,
      text: 'Each click has cost $3.51 on average, 3.5 times the $1.00 target set with the budget.',
    });
  });

  test.each([
    ['50% above the target is still within it', 1_50, 1_00, 120],
    ['at the target', 1_00, 1_00, 120],
    ['below the target', 40, 1_00, 120],
    ['one cent past 50% over, but over only nine clicks', 1_51, 1_00, 9],
    ['no clicks yet (no cost per click)', null, 1_00, 0],
    ['no target to read it against', 3_51, 0, 120],
  ] as const)('is not flagged: %s', (_case, cpc, target, clicks) => {
    expect(cpcWarningOf(delivery(cpc, target, clicks))).toBeNull();
  });

  test('is flagged from one cent more than 50% above the target, over ten clicks', () => {
    expect(cpcWarningOf(delivery(1_51, 1_00, 10))?.text).toBe(
      'Each click has cost $1.51 on average, 1.5 times the $1.00 target set with the budget.',
    );
  });

  test('reads a large gap in whole times', () => {
    expect(cpcWarningOf(delivery(12_40, 1_00))?.text).toBe(
      'Each click has cost $12.40 on average, 12 times the $1.00 target set with the budget.',
    );
  });
});
