import { expect, it } from 'vitest';
import type { NewDonatorRaw } from '@causeway/core/donations/donation.entity';
import type { DonationRecord } from '@causeway/core/ports/donation.repository';
import { describeContract } from '@causeway/tests/support/contract';

const record = (
  paymentIntentId: string,
  options: {
    id?: string;
    campaignId?: string;
    userId?: string | null;
    donorId?: string | null;
    donorEmail?: string | null;
    amount?: number;
    percentage?: number;
    at?: string;
    sessionId?: string;
    channel?: 'x' | 'linkedin' | 'facebook' | 'instagram' | 'qr' | null;
    givenOn?: 'campaign_page' | 'fundraiser_page' | 'donate_form' | null;
    /** The card fee the donor covered on top of the amount. */
    coveredFee?: number;
  } = {},
): DonationRecord => {
  const id = options.id ?? paymentIntentId;
  const campaignId = options.campaignId ?? 'c-1';
  const amount = options.amount ?? 2500;
  const at = options.at ?? '2026-01-01T10:00:00.000Z';
  const percentage = options.percentage ?? 80;
  const organizationShare = Math.floor((amount * percentage + 50) / 100);
  return {
    donator: {
      id: `dn-${id}`,
      campaignId,
      paymentIntentId,
      amount: amount + (options.coveredFee ?? 0),
      createdAt: at,
      updatedAt: at,
    },
    donation: {
      id: `d-${id}`,
      campaign_id: campaignId,
      user_id: options.userId === undefined ? 'u-1' : options.userId,
      amount,
      date: at,
      session_id: options.sessionId ?? `cs_${id}`,
      payment_intent_id: paymentIntentId,
      donor_id: options.donorId ?? null,
      donor_name: 'Dana',
      donor_email: options.donorEmail ?? null,
      message: 'For the winter meals',
      donation_percentage: percentage,
      organization_share: organizationShare,
      ad_budget_share: amount - organizationShare,
      refunded: 0,
      channel: options.channel ?? null,
      given_on: options.givenOn ?? null,
      covered_fee: options.coveredFee ?? 0,
      covered_fee_refunded: 0,
    },
  };
};

const rawEvent = (eventId: string, overrides: Partial<NewDonatorRaw> = {}): NewDonatorRaw => ({
  id: `raw-${eventId}`,
  eventId,
  eventType: 'paymentSucceeded',
  campaignId: 'c-1',
  paymentIntentId: 'pi_1',
  amount: 2500,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  raw: { id: 'cs_1', amount_total: 2500, metadata: { campaignId: 'c-1' } },
  ...overrides,
});

describeContract('DonationRepository', (subject) => {
  it('keeps each provider event once, however often it is delivered, and lists those not yet done', async () => {
    const { donations } = subject().store.repositories;
    expect(await donations.keepRawEvent(rawEvent('evt_1'))).toEqual({ kept: true });
    expect(await donations.keepRawEvent(rawEvent('evt_1', { id: 'raw-again' }))).toEqual({ kept: false });
    // A second event of the same payment is an event of its own.
    expect(await donations.keepRawEvent(rawEvent('evt_2', { createdAt: '2026-01-01T10:00:01.000Z' }))).toEqual({
      kept: true,
    });
    expect(
      await donations.keepRawEvent(
        rawEvent('evt_refund', {
          eventType: 'paymentRefunded',
          campaignId: null,
          amount: 500,
          createdAt: '2026-01-01T10:00:02.000Z',
        }),
      ),
    ).toEqual({ kept: true });
    const pending = await donations.listUnprocessedRawEvents(10);
    expect(pending.map((event) => event.eventId)).toEqual(['evt_1', 'evt_2', 'evt_refund']);
    expect(pending[0]).toEqual({ ...rawEvent('evt_1'), processedAt: null, error: null });
    expect(pending[2]).toMatchObject({ eventType: 'paymentRefunded', campaignId: null, amount: 500 });

    await donations.markRawEventProcessed('evt_1', { at: '2026-01-01T10:01:00.000Z', error: null });
    // A failed one stays to be done, with its reason.
    await donations.markRawEventProcessed('evt_2', { at: '2026-01-01T10:01:00.000Z', error: 'x'.repeat(3000) });
    await donations.markRawEventProcessed('evt_unknown', { at: '2026-01-01T10:01:00.000Z', error: null });
    const left = await donations.listUnprocessedRawEvents(10);
    expect(left.map((event) => event.eventId)).toEqual(['evt_2', 'evt_refund']);
    expect(left[0]).toMatchObject({ processedAt: null, error: 'x'.repeat(2000) });
    // Done on a later try: the error is cleared.
    await donations.markRawEventProcessed('evt_2', { at: '2026-01-01T10:02:00.000Z', error: null });
    expect((await donations.listUnprocessedRawEvents(10)).map((event) => event.eventId)).toEqual(['evt_refund']);
    expect(await donations.listUnprocessedRawEvents(0)).toEqual([]);
  });

  it('stores the records of a payment with its split and answers recorded true', async () => {
    const { donations } = subject().store.repositories;
    const payment = record('pi_1', {
      percentage: 65,
      donorId: 'donor-1',
      channel: 'linkedin',
      givenOn: 'fundraiser_page',
    });
    const outcome = await donations.recordOnce(payment);
    expect(outcome).toEqual({ recorded: true, donation: payment.donation, refundedBeforehand: 0 });
    expect(outcome.donation).toMatchObject({ organization_share: 1625, ad_budget_share: 875, donation_percentage: 65 });
    expect(await donations.findByPaymentIntent('pi_1')).toEqual(payment.donator);
    expect(await donations.findDonationByPaymentIntent('pi_1')).toEqual(payment.donation);
    expect(await donations.findDonationBySession('cs_pi_1')).toEqual(payment.donation);
    expect(await donations.listByCampaign('c-1')).toEqual([payment.donator]);
    expect(await donations.listDonationsByCampaign('c-1')).toEqual([payment.donation]);
    expect(await donations.listDonationsByDonor('donor-1')).toEqual([payment.donation]);
  });

  it('stores nothing for a second call with the same paymentIntentId and answers the stored donation', async () => {
    const { donations } = subject().store.repositories;
    const first = record('pi_1', { amount: 2500 });
    await donations.recordOnce(first);
    expect(await donations.recordOnce(record('pi_1', { id: 'other', amount: 9900 }))).toEqual({
      recorded: false,
      donation: first.donation,
      refundedBeforehand: 0,
    });
    expect(await donations.findByPaymentIntent('pi_1')).toMatchObject({ id: 'dn-pi_1', amount: 2500 });
    expect(await donations.listByCampaign('c-1')).toHaveLength(1);
    expect((await donations.listDonationsByCampaign('c-1')).map((donation) => donation.id)).toEqual(['d-pi_1']);
  });

  it('refuses a record whose ids belong to another payment', async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1', { id: 'same' }));
    await expect(donations.recordOnce(record('pi_2', { id: 'same' }))).rejects.toMatchObject({ code: 'conflict' });
    expect(await donations.findByPaymentIntent('pi_2')).toBeNull();
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

  it('applies refunds reported as all refunded so far: each part once, whatever their order and repeats', async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1', { amount: 5_000 }));
    const at = '2026-01-02T00:00:00.000Z';
    expect(await donations.recordRefund('pi_1', 1_000, at)).toMatchObject({
      newlyRefunded: 1_000,
      becameFullyRefunded: false,
      donation: { refunded: 1_000, organization_share: 3_200, ad_budget_share: 800 },
    });
    expect(await donations.recordRefund('pi_1', 1_000, at)).toMatchObject({ newlyRefunded: 0 });
    expect(await donations.recordRefund('pi_1', 3_000, at)).toMatchObject({ newlyRefunded: 2_000 });
    // An older report arriving late changes nothing.
    expect(await donations.recordRefund('pi_1', 1_000, at)).toMatchObject({
      newlyRefunded: 0,
      donation: { refunded: 3_000 },
    });
    expect(await donations.recordRefund('pi_1', 5_000, at)).toMatchObject({
      newlyRefunded: 2_000,
      becameFullyRefunded: true,
      donation: { refunded: 5_000, organization_share: 0, ad_budget_share: 0 },
    });
    expect(await donations.recordRefund('pi_1', 5_000, at)).toMatchObject({
      newlyRefunded: 0,
      becameFullyRefunded: false,
    });
    expect(await donations.findDonationByPaymentIntent('pi_1')).toMatchObject({ amount: 5_000, refunded: 5_000 });
  });

  it('keeps the covered fee apart from the gift, and a refund of the payment takes the gift first, then the fee', async () => {
    const { store } = subject();
    const { donations } = store.repositories;
    const recorded = await donations.recordOnce(record('pi_fee', { amount: 2_500, coveredFee: 87 }));
    expect(recorded.donation).toMatchObject({ amount: 2_500, covered_fee: 87, covered_fee_refunded: 0 });
    expect(await donations.findByPaymentIntent('pi_fee')).toMatchObject({ amount: 2_587 });
    const at = '2026-01-02T00:00:00.000Z';
    expect(await donations.recordRefund('pi_fee', 2_500, at)).toMatchObject({
      newlyRefunded: 2_500,
      becameFullyRefunded: true,
      donation: { refunded: 2_500, covered_fee_refunded: 0 },
    });
    // The rest of the payment is the fee: the gift's figures do not move, the donation records it.
    expect(await donations.recordRefund('pi_fee', 2_587, at)).toMatchObject({
      newlyRefunded: 0,
      becameFullyRefunded: false,
      donation: { refunded: 2_500, covered_fee_refunded: 87 },
    });
    expect(await donations.recordRefund('pi_fee', 2_587, at)).toMatchObject({ newlyRefunded: 0 });
    expect(await donations.findDonationByPaymentIntent('pi_fee')).toMatchObject({
      amount: 2_500,
      refunded: 2_500,
      covered_fee: 87,
      covered_fee_refunded: 87,
    });
    const refundEvents = (await store.outbox.pending(50)).filter((event) => event.type === 'donation.refunded');
    expect(refundEvents).toHaveLength(2);
  });

  it('applies a whole refund reported before its payment to both the gift and the fee', async () => {
    const { donations } = subject().store.repositories;
    await donations.recordRefund('pi_fee_early', 2_587, '2026-01-01T09:00:00.000Z');
    const outcome = await donations.recordOnce(record('pi_fee_early', { amount: 2_500, coveredFee: 87 }));
    expect(outcome).toMatchObject({
      recorded: true,
      refundedBeforehand: 2_500,
      donation: { refunded: 2_500, covered_fee: 87, covered_fee_refunded: 87 },
    });
  });

  it('keeps a refund that comes before its payment and applies it when the payment is recorded', async () => {
    const { donations } = subject().store.repositories;
    expect(await donations.recordRefund('pi_early', 1_000, '2026-01-01T09:00:00.000Z')).toEqual({
      donation: null,
      newlyRefunded: 0,
      becameFullyRefunded: false,
    });
    const outcome = await donations.recordOnce(record('pi_early', { amount: 2_500 }));
    expect(outcome).toMatchObject({
      recorded: true,
      refundedBeforehand: 1_000,
      donation: { refunded: 1_000, organization_share: 1_200, ad_budget_share: 300 },
    });
    expect(await donations.recordRefund('pi_early', 1_000, '2026-01-01T11:00:00.000Z')).toMatchObject({
      newlyRefunded: 0,
    });
  });

  it('never misses a refund that races its payment (a store may refuse one of the two, to be tried again)', async () => {
    const { donations } = subject().store.repositories;
    const record4000 = () => donations.recordOnce(record('pi_race', { amount: 4_000 }));
    const refund4000 = () => donations.recordRefund('pi_race', 4_000, '2026-01-01T10:00:00.000Z');
    const settled = await Promise.allSettled([record4000(), refund4000()]);
    // Firestore's optimistic writes refuse the loser of the race; the provider delivers its webhook again.
    if (settled[0].status === 'rejected') await record4000();
    if (settled[1].status === 'rejected') await refund4000();
    expect(settled.filter((result) => result.status === 'rejected').length).toBeLessThan(2);
    expect(await donations.findDonationByPaymentIntent('pi_race')).toMatchObject({ refunded: 4_000 });
    // Applied exactly once: by the recording, or by the refund once the donation was there.
    expect((await refund4000()).newlyRefunded).toBe(0);
    expect(await donations.listByCampaign('c-1')).toHaveLength(1);
  });

  it('finds a donator by paymentIntentId, and answers null for an unknown one', async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1'));
    await donations.recordOnce(record('pi_2', { amount: 700 }));
    expect(await donations.findByPaymentIntent('pi_2')).toMatchObject({ paymentIntentId: 'pi_2', amount: 700 });
    expect(await donations.findByPaymentIntent('pi_unknown')).toBeNull();
    expect(await donations.findDonationByPaymentIntent('pi_unknown')).toBeNull();
    expect(await donations.findDonationBySession('cs_unknown')).toBeNull();
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

  it("lists a promoter's donations newest first, and only those since an instant when one is given", async () => {
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

  it("lists a donor's own donations newest first, and no one else's", async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1', { donorId: 'donor-1', at: '2026-01-01T00:00:00.000Z' }));
    await donations.recordOnce(
      record('pi_2', { donorId: 'donor-1', at: '2026-01-04T00:00:00.000Z', campaignId: 'c-2' }),
    );
    await donations.recordOnce(record('pi_3', { donorId: 'donor-2' }));
    await donations.recordOnce(record('pi_4', { donorId: null }));
    expect((await donations.listDonationsByDonor('donor-1')).map((donation) => donation.id)).toEqual([
      'd-pi_2',
      'd-pi_1',
    ]);
    expect(await donations.listDonationsByDonor('donor-none')).toEqual([]);
  });

  it('lists the donations given with an e-mail address, newest first and paged, and no one else’s', async () => {
    const { donations } = subject().store.repositories;
    await donations.recordOnce(record('pi_1', { at: '2026-01-01T00:00:00.000Z', donorEmail: 'ada@example.org' }));
    await donations.recordOnce(
      record('pi_2', { at: '2026-01-03T00:00:00.000Z', donorEmail: 'ada@example.org', campaignId: 'c-2' }),
    );
    await donations.recordOnce(record('pi_3', { at: '2026-01-02T00:00:00.000Z', donorEmail: 'bob@example.org' }));
    await donations.recordOnce(record('pi_4', { at: '2026-01-04T00:00:00.000Z', donorEmail: null }));
    const listed = await donations.listDonationsByEmail(' Ada@Example.org ');
    expect(listed.map((donation) => donation.id)).toEqual(['d-pi_2', 'd-pi_1']);
    expect(listed[1]).toEqual(
      record('pi_1', { at: '2026-01-01T00:00:00.000Z', donorEmail: 'ada@example.org' }).donation,
    );
    const first = await donations.listDonationsByEmail('ada@example.org', { limit: 1 });
    expect(first.map((donation) => donation.id)).toEqual(['d-pi_2']);
    const after = { at: first[0]!.date, id: first[0]!.id };
    expect(
      (await donations.listDonationsByEmail('ada@example.org', { limit: 1, after })).map((donation) => donation.id),
    ).toEqual(['d-pi_1']);
    expect(await donations.listDonationsByEmail('nobody@example.org')).toEqual([]);
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

  it("answers a campaign's figures from its donations: net of refunds, distinct promoters", async () => {
    const { donations } = subject().store.repositories;
    expect(await donations.campaignStats('c-1')).toEqual({ count: 0, totalRaised: 0, totalPromoters: 0 });
    await donations.recordOnce(record('pi_1', { amount: 2_500, userId: 'promoter-a' }));
    await donations.recordOnce(record('pi_2', { amount: 1_000, userId: 'promoter-a' }));
    await donations.recordOnce(record('pi_3', { amount: 5_000, userId: 'promoter-b' }));
    await donations.recordOnce(record('pi_4', { amount: 700, userId: null }));
    await donations.recordOnce(record('pi_5', { amount: 9_999, campaignId: 'c-2', userId: 'promoter-c' }));
    await donations.recordRefund('pi_2', 1_000, '2026-01-02T00:00:00.000Z');
    await donations.recordRefund('pi_3', 2_000, '2026-01-02T00:00:00.000Z');
    expect(await donations.campaignStats('c-1')).toEqual({
      count: 3,
      totalRaised: 2_500 + 3_000 + 700,
      totalPromoters: 2,
    });
  });

  it('keeps a checkout once and finds it by its session', async () => {
    const { store } = subject();
    const { donations } = store.repositories;
    const checkout = {
      sessionId: 'cs_1',
      campaignId: 'c-1',
      amount: 2_500,
      donorName: 'Dana',
      message: 'Keep going!',
      promoterId: 'promoter-a',
      donorId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      channel: 'facebook' as const,
      givenOn: 'donate_form' as const,
      coveredFee: 87,
    };
    await donations.saveCheckout(checkout);
    await donations.saveCheckout({ ...checkout, amount: 9_900 });
    expect(await donations.findCheckout('cs_1')).toEqual(checkout);
    expect(await donations.findCheckout('cs_none')).toBeNull();
    const events = await store.outbox.pending(10);
    expect(events.map((event) => [event.type, event.aggregateId])).toEqual([['donation.checkoutOpened', 'cs_1']]);
  });

  it('writes its events: donation.recorded once per payment, donation.refunded for each refund that changed it', async () => {
    const { store } = subject();
    await store.repositories.donations.recordOnce(record('pi_1'));
    await store.repositories.donations.recordOnce(record('pi_1'));
    await store.repositories.donations.recordRefund('pi_1', 500, '2026-01-02T00:00:00.000Z');
    await store.repositories.donations.recordRefund('pi_1', 500, '2026-01-02T00:00:00.000Z');
    await store.repositories.donations.recordRefund('pi_none', 500, '2026-01-02T00:00:00.000Z');
    const events = await store.outbox.pending(10);
    expect(events.map((event) => event.type)).toEqual(['donation.recorded', 'donation.refunded']);
    expect(events[0]).toMatchObject({
      aggregateType: 'donation',
      aggregateId: 'd-pi_1',
      payload: { donator: { paymentIntentId: 'pi_1', amount: 2500 }, donation: { id: 'd-pi_1' } },
    });
    expect(events[1]).toMatchObject({ aggregateId: 'd-pi_1', payload: { newlyRefunded: 500 } });
  });

  it('keeps the events of a batch in one call, each once, and marks them done together', async () => {
    const { donations } = subject().store.repositories;
    await donations.keepRawEvent(rawEvent('evt_before'));
    const answers = await donations.keepRawEvents([
      rawEvent('evt_a', { paymentIntentId: 'pi_a' }),
      rawEvent('evt_before', { id: 'raw-again' }),
      rawEvent('evt_b', { paymentIntentId: 'pi_b', createdAt: '2026-01-01T10:00:01.000Z' }),
      rawEvent('evt_a', { id: 'raw-a-twice', paymentIntentId: 'pi_a' }),
    ]);
    expect(answers).toEqual([{ kept: true }, { kept: false }, { kept: true }, { kept: false }]);
    expect(await donations.keepRawEvents([])).toEqual([]);
    const pending = await donations.listUnprocessedRawEvents(10);
    expect(pending.map((event) => event.eventId).sort()).toEqual(['evt_a', 'evt_b', 'evt_before']);
    expect(pending.find((event) => event.eventId === 'evt_a')).toMatchObject({
      id: 'raw-evt_a',
      paymentIntentId: 'pi_a',
    });

    await donations.markRawEventsProcessed(['evt_a', 'evt_before', 'evt_a'], '2026-01-01T10:05:00.000Z');
    await donations.markRawEventsProcessed([], '2026-01-01T10:05:00.000Z');
    expect((await donations.listUnprocessedRawEvents(10)).map((event) => event.eventId)).toEqual(['evt_b']);
  });

  it('records the payments of a batch at once, each as recordOnce would, with their events', async () => {
    const { store } = subject();
    const { donations } = store.repositories;
    const earlier = record('pi_earlier', { amount: 1_000 });
    await donations.recordOnce(earlier);
    // A refund reported before its payment is applied when the batch records it.
    await donations.recordRefund('pi_refunded', 700, '2026-01-01T09:00:00.000Z');
    const batch = [
      record('pi_b', { amount: 3_000, userId: null }),
      record('pi_earlier', { id: 'again', amount: 9_900 }),
      record('pi_refunded', { amount: 2_000 }),
      record('pi_a', { amount: 500, campaignId: 'c-2' }),
    ];
    const outcomes = await donations.recordMany(batch);
    expect(outcomes).toEqual([
      { recorded: true, donation: batch[0]!.donation, refundedBeforehand: 0 },
      { recorded: false, donation: earlier.donation, refundedBeforehand: 0 },
      {
        recorded: true,
        donation: { ...batch[2]!.donation, refunded: 700, organization_share: 1_040, ad_budget_share: 260 },
        refundedBeforehand: 700,
      },
      { recorded: true, donation: batch[3]!.donation, refundedBeforehand: 0 },
    ]);
    expect(await donations.findByPaymentIntent('pi_b')).toEqual(batch[0]!.donator);
    expect(await donations.findDonationByPaymentIntent('pi_refunded')).toMatchObject({ refunded: 700 });
    expect(await donations.findByPaymentIntent('pi_earlier')).toMatchObject({ id: 'dn-pi_earlier', amount: 1_000 });
    expect((await donations.listDonationsByCampaign('c-1')).map((donation) => donation.id).sort()).toEqual([
      'd-pi_b',
      'd-pi_earlier',
      'd-pi_refunded',
    ]);
    // A later refund finds the batch's donation.
    expect(await donations.recordRefund('pi_b', 1_000, '2026-01-02T00:00:00.000Z')).toMatchObject({
      newlyRefunded: 1_000,
    });
    const recorded = (await store.outbox.pending(20)).filter((event) => event.type === 'donation.recorded');
    expect(recorded.map((event) => event.aggregateId).sort()).toEqual([
      'd-pi_a',
      'd-pi_b',
      'd-pi_earlier',
      'd-pi_refunded',
    ]);
    expect(await donations.recordMany([])).toEqual([]);
  });

  it('refuses a batch that names a payment twice, or whose ids belong to another payment', async () => {
    const { donations } = subject().store.repositories;
    await expect(donations.recordMany([record('pi_1'), record('pi_1', { id: 'other' })])).rejects.toMatchObject({
      code: 'invalid',
    });
    await donations.recordOnce(record('pi_1', { id: 'same' }));
    await expect(donations.recordMany([record('pi_2', { id: 'same' })])).rejects.toMatchObject({ code: 'conflict' });
    expect(await donations.findByPaymentIntent('pi_2')).toBeNull();
  });

  it('records each payment once when batches naming the same payments are recorded at once', async () => {
    const { store } = subject();
    const payments = ['pi_1', 'pi_2', 'pi_3', 'pi_4'];
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, n) =>
        store.repositories.donations.recordMany(
          (n % 2 === 0 ? payments : [...payments].reverse()).map((id) => record(id)),
        ),
      ),
    );
    // A store may refuse a batch that raced another (it is booked again); none records a payment twice.
    const recorded = results
      .flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
      .filter((outcome) => outcome.recorded)
      .map((outcome) => outcome.donation.payment_intent_id);
    expect(new Set(recorded).size).toBe(recorded.length);
    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
    // Booked again, the refused ones record nothing more.
    const again = await store.repositories.donations.recordMany(payments.map((id) => record(id)));
    expect(again.every((outcome) => !outcome.recorded)).toBe(true);
    expect(await store.repositories.donations.listByCampaign('c-1')).toHaveLength(4);
    expect((await store.outbox.pending(50)).filter((event) => event.type === 'donation.recorded')).toHaveLength(4);
  });

  it('finds the kept checkouts of several sessions at once', async () => {
    const { donations } = subject().store.repositories;
    const checkout = (sessionId: string) => ({
      sessionId,
      campaignId: 'c-1',
      amount: 2_500,
      donorName: 'Dana',
      message: null,
      promoterId: null,
      donorId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      channel: null,
      givenOn: null,
      coveredFee: 0,
    });
    await donations.saveCheckout(checkout('cs_1'));
    await donations.saveCheckout(checkout('cs_2'));
    const found = await donations.findCheckouts(['cs_2', 'cs_none', 'cs_1', 'cs_2']);
    expect(found.sort((a, b) => a.sessionId.localeCompare(b.sessionId))).toEqual([checkout('cs_1'), checkout('cs_2')]);
    expect(await donations.findCheckouts([])).toEqual([]);
  });
});
