import { expect, it } from 'vitest';
import { describeContract } from '@causeway/tests/support/contract';

describeContract('SettingsRepository', (subject) => {
  it('answers null before any settings are saved', async () => {
    expect(await subject().store.repositories.settings.get()).toBeNull();
  });

  it('creates the settings on first save, with the default donation percentage when none is given', async () => {
    const { store } = subject();
    const saved = await store.repositories.settings.save(
      { paymentDisclaimer: 'Gifts are final.' },
      '2026-01-01T00:00:00.000Z',
    );
    expect(saved).toMatchObject({
      donationPercentage: 80,
      paymentDisclaimer: 'Gifts are final.',
      termsAndConditions: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await store.repositories.settings.get()).toEqual(saved);
  });

  it('applies only the supplied fields on a later save and keeps createdAt', async () => {
    const { store } = subject();
    await store.repositories.settings.save(
      { donationPercentage: 70, termsAndConditions: 'Terms' },
      '2026-01-01T00:00:00.000Z',
    );
    const saved = await store.repositories.settings.save({ donationPercentage: 65.5 }, '2026-02-01T00:00:00.000Z');
    expect(saved).toMatchObject({
      donationPercentage: 65.5,
      termsAndConditions: 'Terms',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
    });
  });

  it('keeps the card fee rule: the default until saved, then what was saved, apart from other fields', async () => {
    const { store } = subject();
    const first = await store.repositories.settings.save({ paymentDisclaimer: 'x' }, '2026-01-01T00:00:00.000Z');
    expect(first).toMatchObject({ cardFeePercent: 2.2, cardFeeFixed: 30 });
    const saved = await store.repositories.settings.save(
      { cardFeePercent: 2.95, cardFeeFixed: 25 },
      '2026-01-02T00:00:00.000Z',
    );
    expect(saved).toMatchObject({ cardFeePercent: 2.95, cardFeeFixed: 25, paymentDisclaimer: 'x' });
    await store.repositories.settings.save({ donationPercentage: 60 }, '2026-01-03T00:00:00.000Z');
    expect(await store.repositories.settings.get()).toMatchObject({ cardFeePercent: 2.95, cardFeeFixed: 25 });
  });

  it('writes a settings.saved event to the outbox with each save', async () => {
    const { store } = subject();
    await store.repositories.settings.save({ donationPercentage: 75 }, '2026-01-01T00:00:00.000Z');
    const events = await store.outbox.pending(10);
    expect(events.map((event) => event.type)).toEqual(['settings.saved']);
    expect(events[0]?.payload).toMatchObject({ settings: { donationPercentage: 75 } });
  });
});
