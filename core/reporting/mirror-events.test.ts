import { describe, expect, it } from 'vitest';
import { EventTypes } from '../events/domain-event';
import { deliverySyncedEvent, lagMsOf, mirrorKeysOf, mirrorKeysOfAll, noMirrorKeys } from './mirror-events';
import { emptyMirrorKeys } from './mirror.entity';

const event = (type: string, aggregateId: string, payload: Record<string, unknown> = {}) => ({
  type,
  aggregateId,
  payload,
});

describe('mirrorKeysOf', () => {
  it.each([
    [EventTypes.organizationUpdated, 'org-1', {}, { organizations: ['org-1'] }],
    [EventTypes.userSoftDeleted, 'u-1', {}, { people: ['u-1'] }],
    [EventTypes.campaignCreated, 'c-1', {}, { campaigns: ['c-1'] }],
    [EventTypes.campaignDeleted, 'c-1', {}, { campaigns: ['c-1'] }],
    [EventTypes.preCampaignPaid, 'c-1', {}, { campaigns: ['c-1'] }],
    [EventTypes.campaignDeliverySynced, 'c-1', {}, { adDays: ['c-1'] }],
    [EventTypes.donationRecorded, 'd-1', { donator: { paymentIntentId: 'pi_1' } }, { gifts: ['pi_1'] }],
    [EventTypes.donationRefunded, 'd-1', { donation: { payment_intent_id: 'pi_1' } }, { gifts: ['pi_1'] }],
    [EventTypes.donationCheckoutOpened, 'cs_1', { checkout: { sessionId: 'cs_1' } }, { checkouts: ['cs_1'] }],
    [EventTypes.shareClickRecorded, 'c-1', { click: { id: 'k-1' } }, { shareClicks: ['k-1'] }],
    [EventTypes.pageVisitRecorded, 'c-1', { campaignId: 'c-1', day: '2026-03-01' }, { pageVisits: ['c-1/2026-03-01'] }],
    [EventTypes.promotionCreated, 'pr-1', { promotion: { id: 'pr-1' } }, { promotions: ['pr-1'] }],
    [EventTypes.monthlyGiftChanged, 'sub_1', { subscriptionId: 'sub_1' }, { monthlyGifts: ['sub_1'] }],
  ])('%s names its record', (type, aggregateId, payload, keys) => {
    expect(mirrorKeysOf(event(type, aggregateId, payload))).toEqual(keys);
  });

  it('names nothing for events the reports do not read', () => {
    expect(mirrorKeysOf(event(EventTypes.notificationCreated, 'n-1'))).toEqual({});
    expect(noMirrorKeys(mirrorKeysOfAll([event(EventTypes.emailSent, 'e-1')]))).toBe(true);
  });

  it('names each record of a batch once', () => {
    const keys = mirrorKeysOfAll([
      event(EventTypes.donationRecorded, 'd-1', { donator: { paymentIntentId: 'pi_1' } }),
      event(EventTypes.donationRefunded, 'd-1', { donation: { payment_intent_id: 'pi_1' } }),
      event(EventTypes.campaignUpdated, 'c-1'),
      event(EventTypes.campaignUpdated, 'c-1'),
    ]);
    expect(keys).toEqual({ ...emptyMirrorKeys(), gifts: ['pi_1'], campaigns: ['c-1'] });
  });

  it('has the delivery event name the campaign and its days', () => {
    expect(deliverySyncedEvent('c-1', { daily: [{ day: '2026-03-01' }, { day: '2026-03-02' }] })).toEqual({
      type: 'campaign.deliverySynced',
      aggregateType: 'campaign',
      aggregateId: 'c-1',
      payload: { campaignId: 'c-1', days: ['2026-03-01', '2026-03-02'] },
    });
  });
});

describe('how far the mirror is behind', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  it.each([
    { oldestAt: null, lag: 0 },
    { oldestAt: '2026-03-01T11:59:58.500Z', lag: 1_500 },
    { oldestAt: '2026-03-01T12:00:01.000Z', lag: 0 },
    { oldestAt: 'not a time', lag: 0 },
  ])('$oldestAt → $lag ms', ({ oldestAt, lag }) => {
    expect(lagMsOf(oldestAt, now)).toBe(lag);
  });
});
