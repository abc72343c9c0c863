import { expect, it } from 'vitest';
import type { DeliveryFigures, DeliveryPause } from '@causeway/core/delivery/delivery.entity';
import { describeContract } from '@causeway/tests/support/contract';

const at = (minute: number) => `2026-05-03T10:${String(minute).padStart(2, '0')}:00.000Z`;

const figures = (minute: number, impressions: number, overrides: Partial<DeliveryFigures> = {}): DeliveryFigures => ({
  insertionOrderId: '1610000001',
  lineItemId: '1610000002',
  lineItemStatus: 'play',
  flightStart: '2026-05-01',
  flightEnd: '2026-05-31',
  impressions,
  clicks: Math.floor(impressions / 1000),
  spendCents: Math.round(impressions * 0.25),
  daily: [
    { day: '2026-05-01', impressions: 0, clicks: 0, spendCents: 0 },
    {
      day: '2026-05-02',
      impressions,
      clicks: Math.floor(impressions / 1000),
      spendCents: Math.round(impressions * 0.25),
    },
  ],
  refreshedAt: at(minute),
  reportedAt: null,
  ...overrides,
});

const pause = (minute: number, message = 'Paused: goal reached'): DeliveryPause => ({
  reasons: ['goalReached'],
  message,
  pausedAt: at(minute),
});

describeContract('CampaignDeliveryRepository', (subject) => {
  const repo = () => subject().store.repositories.campaignDeliveries;

  it('knows nothing of a campaign before its first pull', async () => {
    expect(await repo().find('c-1')).toBeNull();
  });

  it('stores a pull’s figures with their days and answers them as stored', async () => {
    const saved = await repo().saveFigures('c-1', figures(5, 16_800));
    expect(saved).toEqual({ campaignId: 'c-1', figures: figures(5, 16_800), pause: null, lastFailure: null });
    expect(await repo().find('c-1')).toEqual(saved);
    expect(await repo().find('c-2')).toBeNull();
  });

  it('keeps the platform’s time of the report beside the time of the pull', async () => {
    // The platform's clock may run ahead of ours (a sandbox moved on three days).
    const dated = figures(5, 16_800, { reportedAt: '2026-05-06T10:05:00.000Z' });
    expect((await repo().saveFigures('c-1', dated)).figures).toEqual(dated);
    expect((await repo().find('c-1'))!.figures).toEqual(dated);
    // A later pull the platform did not date says so.
    await repo().saveFigures('c-1', figures(6, 17_000));
    expect((await repo().find('c-1'))!.figures!.reportedAt).toBeNull();
  });

  it('keeps the newer figures when pulls are written out of order', async () => {
    await repo().saveFigures('c-1', figures(10, 20_000));
    const late = await repo().saveFigures('c-1', figures(5, 10_000, { lineItemStatus: 'pause' }));
    expect(late.figures).toEqual(figures(10, 20_000));
    const newer = await repo().saveFigures('c-1', figures(15, 30_000));
    expect(newer.figures).toEqual(figures(15, 30_000));
  });

  it('records a failed pull beside the figures, and a newer pull clears it', async () => {
    await repo().saveFigures('c-1', figures(5, 10_000));
    const failed = await repo().recordFailure('c-1', { message: 'Create report error: Too Many Requests', at: at(8) });
    expect(failed.figures).toEqual(figures(5, 10_000));
    expect(failed.lastFailure).toEqual({ message: 'Create report error: Too Many Requests', at: at(8) });
    const recovered = await repo().saveFigures('c-1', figures(9, 12_000));
    expect(recovered.lastFailure).toBeNull();
    expect(recovered.figures?.impressions).toBe(12_000);
  });

  it('ignores a failure older than the figures or than the failure stored, and keeps a later failure', async () => {
    await repo().saveFigures('c-1', figures(10, 10_000));
    expect((await repo().recordFailure('c-1', { message: 'old', at: at(9) })).lastFailure).toBeNull();
    await repo().recordFailure('c-1', { message: 'later', at: at(20) });
    expect((await repo().recordFailure('c-1', { message: 'older', at: at(15) })).lastFailure?.message).toBe('later');
    // Figures pulled before the failure do not clear it.
    const stale = await repo().saveFigures('c-1', figures(12, 11_000));
    expect(stale.lastFailure).toEqual({ message: 'later', at: at(20) });
    expect(stale.figures?.impressions).toBe(11_000);
  });

  it('records a failure of a campaign never pulled, with no figures', async () => {
    const failed = await repo().recordFailure('c-1', { message: 'Error while fetching Report! timed out', at: at(1) });
    expect(failed).toEqual({
      campaignId: 'c-1',
      figures: null,
      pause: null,
      lastFailure: { message: 'Error while fetching Report! timed out', at: at(1) },
    });
  });

  it('records a pause once: the first call says it recorded it, later ones keep the first', async () => {
    await repo().saveFigures('c-1', figures(5, 10_000));
    const first = await repo().recordPause('c-1', pause(6));
    expect(first.recorded).toBe(true);
    expect(first.delivery.pause).toEqual(pause(6));
    expect(first.delivery.figures).toEqual(figures(5, 10_000));
    const second = await repo().recordPause('c-1', pause(7, 'Paused again'));
    expect(second).toEqual({ recorded: false, delivery: first.delivery });
    // Figures written later keep the pause.
    expect((await repo().saveFigures('c-1', figures(8, 11_000))).pause).toEqual(pause(6));
  });

  it('clears only the pause recorded at the instant given, once, keeping the figures; a new pause can follow', async () => {
    expect(await repo().clearPause('c-none', at(1))).toEqual({ cleared: false, delivery: null });
    await repo().saveFigures('c-1', figures(5, 10_000));
    await repo().recordPause('c-1', pause(6));
    const wrong = await repo().clearPause('c-1', at(7));
    expect(wrong.cleared).toBe(false);
    expect(wrong.delivery?.pause).toEqual(pause(6));
    const [first, second] = await Promise.all([repo().clearPause('c-1', at(6)), repo().clearPause('c-1', at(6))]);
    expect([first.cleared, second.cleared].filter(Boolean)).toHaveLength(1);
    const stored = await repo().find('c-1');
    expect(stored?.pause).toBeNull();
    expect(stored?.figures).toEqual(figures(5, 10_000));
    const again = await repo().recordPause('c-1', pause(9, 'Paused again'));
    expect(again.recorded).toBe(true);
    expect(again.delivery.pause).toEqual(pause(9, 'Paused again'));
  });

  it('records exactly one of several pauses racing for a campaign never pulled', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((minute) => repo().recordPause('c-race', pause(minute))));
    expect(results.filter((result) => result.recorded)).toHaveLength(1);
    const stored = await repo().find('c-race');
    expect(stored?.figures).toBeNull();
    expect(results.find((result) => result.recorded)!.delivery.pause).toEqual(stored?.pause);
  });
});

describeContract('CampaignDeliveryRepository events', (subject) => {
  it('writes a delivery event naming the campaign and its days with each pull saved', async () => {
    const { store } = subject();
    await store.repositories.campaignDeliveries.saveFigures('c-1', figures(5, 16_800));
    const events = await store.outbox.pending(10);
    expect(events.map((event) => [event.type, event.aggregateId, event.payload])).toEqual([
      ['campaign.deliverySynced', 'c-1', { campaignId: 'c-1', days: ['2026-05-01', '2026-05-02'] }],
    ]);
  });
});
