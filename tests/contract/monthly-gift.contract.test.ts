import { expect, it } from 'vitest';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { MonthlyGift } from '@causeway/core/monthly-gifts/monthly-gift.entity';
import { describeContract } from '@causeway/tests/support/contract';

const gift = (subscriptionId: string, overrides: Partial<MonthlyGift> = {}): MonthlyGift => ({
  subscriptionId,
  customerId: 'cus_1',
  campaignId: 'campaign-1',
  organizationId: 'org-1',
  donorEmail: 'ada@example.org',
  promoterId: null,
  amountCents: 2_500,
  status: 'active',
  paused: false,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-02-01T10:00:00.000Z',
  startedAt: '2026-01-01T10:00:00.000Z',
  endedAt: null,
  endedReason: null,
  failedInvoiceId: null,
  failedAttempts: 0,
  failureReason: null,
  failedAt: null,
  nextAttemptAt: null,
  failuresMailed: 0,
  reminderSentAt: null,
  endingMailed: false,
  changedAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describeContract('MonthlyGiftRepository', (subject) => {
  it('stores a new gift with its e-mail lowercased and instants in UTC, and publishes it', async () => {
    const { monthlyGifts } = subject().store.repositories;
    const stored = await monthlyGifts.change('sub_1', (current) => {
      expect(current).toBeNull();
      return gift('sub_1', { donorEmail: 'Ada@Example.org', startedAt: '2026-01-01T11:00:00+01:00' });
    });
    expect(stored).toEqual(gift('sub_1'));
    expect(await monthlyGifts.findById('sub_1')).toEqual(gift('sub_1'));
    expect(await monthlyGifts.findById('sub_2')).toBeNull();
    const events = (await subject().store.outbox.pending(100)).filter((e) => e.aggregateType === 'monthlyGift');
    expect(events).toEqual([
      expect.objectContaining({ type: EventTypes.monthlyGiftChanged, aggregateId: 'sub_1', payload: gift('sub_1') }),
    ]);
  });

  it('changes a gift from what is stored, and leaves it when the change answers null', async () => {
    const { monthlyGifts } = subject().store.repositories;
    await monthlyGifts.change('sub_1', () => gift('sub_1'));
    const paused = await monthlyGifts.change('sub_1', (current) => ({ ...current!, paused: true }));
    expect(paused).toEqual(gift('sub_1', { paused: true }));
    expect(await monthlyGifts.change('sub_1', () => null)).toEqual(gift('sub_1', { paused: true }));
    expect(await monthlyGifts.change('sub_9', () => null)).toBeNull();
    expect(await monthlyGifts.findById('sub_9')).toBeNull();
    const events = (await subject().store.outbox.pending(100)).filter((e) => e.aggregateType === 'monthlyGift');
    expect(events).toHaveLength(2);
  });

  it('runs concurrent changes of one gift one after the other, none lost', async () => {
    const { monthlyGifts } = subject().store.repositories;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        monthlyGifts.change('sub_1', (current) =>
          current ? { ...current, failedAttempts: current.failedAttempts + 1 } : gift('sub_1', { failedAttempts: 1 }),
        ),
      ),
    );
    expect((await monthlyGifts.findById('sub_1'))?.failedAttempts).toBe(6);
  });

  it("lists a donor's gifts in any case, newest first", async () => {
    const { monthlyGifts } = subject().store.repositories;
    await monthlyGifts.change('sub_1', () => gift('sub_1'));
    await monthlyGifts.change('sub_2', () => gift('sub_2', { startedAt: '2026-03-01T10:00:00.000Z' }));
    await monthlyGifts.change('sub_3', () => gift('sub_3', { donorEmail: 'bob@example.org' }));
    await monthlyGifts.change('sub_4', () => gift('sub_4', { donorEmail: null }));
    expect((await monthlyGifts.listByEmail(' ADA@example.org ')).map((g) => g.subscriptionId)).toEqual([
      'sub_2',
      'sub_1',
    ]);
    expect(await monthlyGifts.listByEmail('carol@example.org')).toEqual([]);
  });

  it("lists a campaign's gifts that have not ended, oldest first", async () => {
    const { monthlyGifts } = subject().store.repositories;
    await monthlyGifts.change('sub_1', () => gift('sub_1', { startedAt: '2026-02-01T10:00:00.000Z' }));
    await monthlyGifts.change('sub_2', () => gift('sub_2', { status: 'pastDue' }));
    await monthlyGifts.change('sub_3', () => gift('sub_3', { status: 'ended', endedReason: 'requested' }));
    await monthlyGifts.change('sub_4', () => gift('sub_4', { campaignId: 'campaign-2' }));
    expect((await monthlyGifts.listOpenByCampaign('campaign-1')).map((g) => g.subscriptionId)).toEqual([
      'sub_2',
      'sub_1',
    ]);
  });

  it("lists an organization's declined renewals, being retried or ended for it, latest decline first", async () => {
    const { monthlyGifts } = subject().store.repositories;
    const declined = { failedInvoiceId: 'in_1', failedAttempts: 1, failureReason: 'Your card was declined.' };
    await monthlyGifts.change('sub_1', () =>
      gift('sub_1', { ...declined, status: 'pastDue', failedAt: '2026-02-01T10:00:00.000Z' }),
    );
    await monthlyGifts.change('sub_2', () =>
      gift('sub_2', {
        ...declined,
        status: 'ended',
        endedReason: 'paymentFailed',
        endedAt: '2026-02-16T10:00:00.000Z',
        failedAt: '2026-02-16T10:00:00.000Z',
      }),
    );
    // Declined once, then paid again: no longer on the list.
    await monthlyGifts.change('sub_3', () => gift('sub_3', { ...declined, failedAt: '2026-02-10T10:00:00.000Z' }));
    await monthlyGifts.change('sub_4', () =>
      gift('sub_4', { ...declined, status: 'ended', endedReason: 'requested', failedAt: '2026-02-11T10:00:00.000Z' }),
    );
    await monthlyGifts.change('sub_5', () =>
      gift('sub_5', { ...declined, status: 'pastDue', organizationId: 'org-2', failedAt: '2026-02-12T10:00:00.000Z' }),
    );
    expect((await monthlyGifts.listFailedByOrganization('org-1', 10)).map((g) => g.subscriptionId)).toEqual([
      'sub_2',
      'sub_1',
    ]);
    expect((await monthlyGifts.listFailedByOrganization('org-1', 1)).map((g) => g.subscriptionId)).toEqual(['sub_2']);
  });

  it('names the campaigns whose gifts are neither ended nor told of the end', async () => {
    const { monthlyGifts } = subject().store.repositories;
    await monthlyGifts.change('sub_1', () => gift('sub_1'));
    await monthlyGifts.change('sub_2', () => gift('sub_2', { status: 'pastDue' }));
    await monthlyGifts.change('sub_3', () => gift('sub_3', { campaignId: 'campaign-2', status: 'ended' }));
    await monthlyGifts.change('sub_4', () => gift('sub_4', { campaignId: 'campaign-3', endingMailed: true }));
    await monthlyGifts.change('sub_5', () => gift('sub_5', { campaignId: 'campaign-4', paused: true }));
    expect((await monthlyGifts.listCampaignsWithOpenGifts()).sort()).toEqual(['campaign-1', 'campaign-4']);
  });
});
