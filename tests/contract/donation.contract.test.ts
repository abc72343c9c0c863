import { expect, it } from 'vitest';
import type { DonationRecord } from '../../core/ports/donation.repository';
import { describeContract } from '../support/contract';

const record = (
  paymentIntentId: string,
  options: { id?: string; campaignId?: string; userId?: string | null; amount?: number; at?: string } = {},
): DonationRecord => {
  const id = options.id ?? paymentIntentId;
  const campaignId = options.campaignId ?? 'c-1';
  const amount = options.amount ?? 2500;
  const at = options.at ?? '2026-01-01T10:00:00.000Z';
  const donator = { id: `dn-${id}`, campaignId, paymentIntentId, amount, createdAt: at, updatedAt: at };
  return {
    donator,
    donatorRaw: { ...donator, id: `raw-${id}`, raw: { id: paymentIntentId, amount_received: amount } },
    donation: {
      id: `d-${id}`,
      campaign_id: campaignId,
      user_id: options.userId === undefined ? 'u-1' : options.userId,
      amount,
      date: at,
      session_id: `cs_${id}`,
    },
  };
};

describeContract('DonationRepository', (subject) => {
  it('stores the records of a payment and answers recorded true', async () => {
    const { donations } = subject().store.repositories;
    const payment = record('pi_1');
    expect(await donations.recordOnce(payment)).toEqual({ recorded: true });
    expect(await donations.findByPaymentIntent('pi_1')).toEqual(payment.donator);
    expect(await donations.listByCampaign('c-1')).toEqual([payment.donator]);
    expect(await donations.listDonationsByCampaign('c-1')).toEqual([payment.donation]);
  });

  it('stores nothing for a second call with the same paymentIntentId and answers recorded false', async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1', { amount: 2500 }));
    expect(await donations.recordOnce(record('pi_1', { id: 'other', amount: 9900 }))).toEqual({ recorded: false });
    expect(await donations.findByPaymentIntent('pi_1')).toMatchObject({ id: 'dn-pi_1', amount: 2500 });
    expect(await donations.listByCampaign('c-1')).toHaveLength(1);
    expect((await donations.listDonationsByCampaign('c-1')).map((donation) => donation.id)).toEqual(['d-pi_1']);
  });

  it('records a payment exactly once when the same record arrives 20 times at once', async () => {
    const { store } = subject();
    const payment = record('pi_race');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.repositories.donations.recordOnce(structuredClone(payment))),
    );
    expect(results.filter((result) => result.recorded)).toHaveLength(1);
    expect(results.filter((result) => !result.recorded)).toHaveLength(19);
    expect(await store.repositories.donations.listByCampaign('c-1')).toEqual([payment.donator]);
    expect(await store.repositories.donations.listDonationsByCampaign('c-1')).toEqual([payment.donation]);
    expect((await store.outbox.pending(50)).filter((event) => event.type === 'donation.recorded')).toHaveLength(1);
  });

  it('finds a donator by paymentIntentId, and answers null for an unknown one', async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1'));
    await donations.recordOnce(record('pi_2', { amount: 700 }));
    expect(await donations.findByPaymentIntent('pi_2')).toMatchObject({ paymentIntentId: 'pi_2', amount: 700 });
    expect(await donations.findByPaymentIntent('pi_unknown')).toBeNull();
  });

  it("lists a campaign's donators newest first, and only that campaign's", async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_old', { at: '2026-01-01T00:00:00.000Z' }));
    await donations.recordOnce(record('pi_new', { at: '2026-01-03T00:00:00.000Z' }));
    await donations.recordOnce(record('pi_mid', { at: '2026-01-02T00:00:00.000Z' }));
    await donations.recordOnce(record('pi_elsewhere', { campaignId: 'c-2' }));
    expect((await donations.listByCampaign('c-1')).map((donator) => donator.paymentIntentId)).toEqual([
      'pi_new',
      'pi_mid',
      'pi_old',
    ]);
    expect(await donations.listByCampaign('c-none')).toEqual([]);
  });

  it("lists a user's donations newest first, and only those since an instant when one is given", async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1', { at: '2026-01-01T00:00:00.000Z' }));
    await donations.recordOnce(record('pi_2', { at: '2026-01-08T00:00:00.000Z', campaignId: 'c-2' }));
    await donations.recordOnce(record('pi_3', { at: '2026-01-05T00:00:00.000Z' }));
    await donations.recordOnce(record('pi_other', { userId: 'u-2' }));
    await donations.recordOnce(record('pi_anonymous', { userId: null }));
    expect((await donations.listDonationsByUser('u-1')).map((donation) => donation.id)).toEqual([
      'd-pi_2',
      'd-pi_3',
      'd-pi_1',
    ]);
    // since is inclusive
    expect(
      (await donations.listDonationsByUser('u-1', '2026-01-05T00:00:00.000Z')).map((donation) => donation.id),
    ).toEqual(['d-pi_2', 'd-pi_3']);
  });

  it("lists a campaign's donations, and only that campaign's", async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1', { at: '2026-01-01T00:00:00.000Z' }));
    await donations.recordOnce(record('pi_2', { at: '2026-01-02T00:00:00.000Z', userId: null }));
    await donations.recordOnce(record('pi_3', { campaignId: 'c-2' }));
    const listed = await donations.listDonationsByCampaign('c-1');
    expect(listed.map((donation) => donation.id).sort()).toEqual(['d-pi_1', 'd-pi_2']);
    expect(listed.find((donation) => donation.id === 'd-pi_2')).toEqual(
      record('pi_2', { at: '2026-01-02T00:00:00.000Z', userId: null }).donation,
    );
  });

  it('writes a donation.recorded event with the payment, and none for a duplicate', async () => {
    const { store } = subject();
    await store.repositories.donations.recordOnce(record('pi_1'));
    await store.repositories.donations.recordOnce(record('pi_1'));
    const events = await store.outbox.pending(10);
    expect(events.map((event) => event.type)).toEqual(['donation.recorded']);
    expect(events[0]).toMatchObject({
      aggregateType: 'donation',
      aggregateId: 'd-pi_1',
      payload: { donator: { paymentIntentId: 'pi_1', amount: 2500 }, donation: { id: 'd-pi_1' } },
    });
  });
});
