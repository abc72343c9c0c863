import { describe, expect, it } from 'vitest';
import type { DonationPaid } from '../donations/donation-recording.service';
import type { PaymentAction } from '../ports/payment-gateway.port';
import type { Campaign } from '../campaigns/campaign.entity';
import { monthlyGiftPayment, paymentActionRouter } from './payment-actions';

const invoicePaid: Extract<PaymentAction, { type: 'invoicePaid' }> = {
  type: 'invoicePaid',
  eventId: 'evt_1',
  invoiceId: 'in_1',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  campaignId: 'campaign-1',
  promoterId: 'promoter-1',
  payerUserId: 'donor-1',
  amountCents: 2_500,
  periodStart: '2026-03-10T15:30:00.000Z',
  periodEnd: '2026-04-10T15:30:00.000Z',
  billingReason: 'renewal',
  paymentIntentId: 'pi_1',
  payerEmail: 'dana@example.org',
  metadata: { campaignId: 'campaign-1' },
  occurredAt: '2026-03-10T15:30:00.000Z',
};

function router(known: string[] = ['campaign-1']) {
  const paid: DonationPaid[] = [];
  const unrecorded: PaymentAction[] = [];
  const gifts: PaymentAction[] = [];
  const unknown: PaymentAction[] = [];
  const route = paymentActionRouter({
    monthlyGifts: {
      onAction: async (action) => {
        gifts.push(action);
      },
    },
    budget: { onPaid: async () => undefined },
    donations: {
      onPaid: async (action) => {
        paid.push(action);
      },
      onRefunded: async () => undefined,
    },
    campaigns: {
      findById: async (campaignId) => (known.includes(campaignId) ? ({ campaignUUID: campaignId } as Campaign) : null),
    },
    onUnrecorded: (action) => unrecorded.push(action),
    onUnknownCampaign: (action) => unknown.push(action),
  });
  return { route, paid, unrecorded, gifts, unknown };
}

describe('payment actions of monthly gifts', () => {
  it('books a paid month as a donation keyed by its invoice, and the monthly gift follows it', async () => {
    const { route, paid, unrecorded, gifts } = router();
    await route(invoicePaid);
    expect(paid).toEqual([monthlyGiftPayment(invoicePaid)]);
    expect(paid[0]).toMatchObject({
      type: 'paymentSucceeded',
      purpose: 'donation',
      paymentIntentId: 'in_1',
      sessionId: null,
      campaignId: 'campaign-1',
      promoterId: 'promoter-1',
      amountCents: 2_500,
      payerEmail: 'dana@example.org',
      raw: { invoiceId: 'in_1', subscriptionId: 'sub_1', paymentIntentId: 'pi_1', billingReason: 'renewal' },
    });
    expect(gifts).toEqual([invoicePaid]);
    expect(unrecorded).toEqual([]);
  });

  it('books nothing of a paid month whose campaign it does not know, and tells of it', async () => {
    const { route, paid, unrecorded, gifts, unknown } = router([]);
    await route(invoicePaid);
    expect(paid).toEqual([]);
    expect(gifts).toEqual([]);
    expect(unknown).toEqual([invoicePaid]);
    expect(unrecorded).toEqual([]);
  });

  it('books nothing for a declined month: the monthly gift follows it, and it is logged', async () => {
    const { route, paid, unrecorded, gifts } = router();
    const failed: PaymentAction = {
      type: 'invoicePaymentFailed',
      eventId: 'evt_2',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      campaignId: 'campaign-1',
      amountCents: 2_500,
      attemptCount: 1,
      reason: 'Your card was declined.',
      nextAttemptAt: '2026-03-13T15:30:00.000Z',
      billingReason: 'renewal',
      occurredAt: '2026-03-10T15:30:00.000Z',
    };
    await route(failed);
    expect(paid).toEqual([]);
    expect(gifts).toEqual([failed]);
    expect(unrecorded).toEqual([failed]);
  });
});
