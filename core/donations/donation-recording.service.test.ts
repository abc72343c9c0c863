import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { OutgoingMail } from '../ports/mailer.port';
import type { NotifyInput } from '../notifications/notification.service';
import type { DataStore } from '../ports/unit-of-work.port';
import { conflict } from '../shared/errors';
import type { RecordedDonation } from './donation.entity';
import {
  donationRecordingServiceFactory,
  type DonationBookkeepingFailure,
  type DonationPaid,
  type PaymentRefunded,
} from './donation-recording.service';
import { donationIngest } from './donation-ingest';

let clock: ManualClock;
let store: DataStore;
let notified: NotifyInput[];
let mailed: OutgoingMail[];
let after: RecordedDonation[];
let failures: { error: unknown; failure: DonationBookkeepingFailure }[];
let failFollowUps: boolean;
let ids: SequentialIds;

const paid = (overrides: Partial<DonationPaid> = {}): DonationPaid => ({
  type: 'paymentSucceeded',
  eventId: 'evt_session',
  purpose: 'donation',
  paymentIntentId: 'pi_1',
  sessionId: 'cs_1',
  campaignId: 'c-1',
  promoterId: null,
  amountCents: 2_500,
  occurredAt: '2026-01-15T11:59:00.000Z',
  payerEmail: 'dana@example.org',
  raw: { id: 'cs_1', object: 'checkout.session' },
  ...overrides,
});
const refunded = (amountCents: number, eventId = `evt_refund_${amountCents}`): PaymentRefunded => ({
  type: 'paymentRefunded',
  eventId,
  paymentIntentId: 'pi_1',
  amountCents,
});

function service(dataStore: DataStore = store) {
  const { repositories } = dataStore;
  return donationRecordingServiceFactory({
    unitOfWork: dataStore.unitOfWork,
    donations: repositories.donations,
    campaigns: repositories.campaigns,
    organizations: repositories.organizations,
    settings: repositories.settings,
    notify: async (input) => {
      if (failFollowUps) throw new Error('The notification store is down');
      notified.push(input);
    },
    notifyMany: async (inputs) => {
      if (failFollowUps) throw new Error('The notification store is down');
      notified.push(...inputs);
    },
    mail: {
      send: async (mail) => {
        if (failFollowUps) throw new Error('SMTP refused');
        mailed.push(mail);
        return { messageId: 'm-1' };
      },
    },
    afterDonation: async (recorded) => {
      if (failFollowUps) throw new Error('Appreciations failed');
      after.push(recorded);
    },
    afterDonations: async (recorded) => {
      if (failFollowUps) throw new Error('Appreciations failed');
      after.push(...recorded);
    },
    clock,
    ids,
    publicUrl: 'https://give.example',
    onFailure: (error, failure) => failures.push({ error, failure }),
  });
}

/** Follow-ups are not awaited by the bookkeeping: let them run. */
const followUps = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  clock = new ManualClock();
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  notified = [];
  mailed = [];
  after = [];
  failures = [];
  failFollowUps = false;
  ids = new SequentialIds('rec');
  await store.repositories.organizations.create({
    organizationId: 'org-1',
    name: 'Harbor Light Food Bank',
    donationPercentage: 90,
    created_date: clock.now().toISOString(),
  });
  await store.repositories.campaigns.create({
    campaignUUID: 'c-1',
    userId: 'owner-1',
    organizationId: 'org-1',
    campaignName: 'Winter meals',
    createdAt: '2026-01-01T00:00:00.000Z',
    isPaid: true,
  });
});

describe('recording a donation from the payment webhooks', () => {
  it('records a payment once, whichever of its events arrives first and however often, and counts it', async () => {
    await store.repositories.donations.saveCheckout({
      sessionId: 'cs_1',
      campaignId: 'c-1',
      amount: 2_500,
      donorName: 'Dana',
      message: 'For the soup kitchen',
      promoterId: 'promoter-1',
      donorId: 'donor-1',
      createdAt: clock.now().toISOString(),
    });
    const session = paid();
    const intent = paid({ eventId: 'evt_intent', raw: { id: 'pi_1', object: 'payment_intent' } });
    for (const action of [intent, session, intent, session, session]) await service().onPaid(action);
    await followUps();

    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 2_500, donators: 1 });
    const donations = await store.repositories.donations.listDonationsByCampaign('c-1');
    expect(donations).toEqual([
      expect.objectContaining({
        amount: 2_500,
        user_id: 'promoter-1',
        donor_id: 'donor-1',
        donor_name: 'Dana',
        message: 'For the soup kitchen',
        session_id: 'cs_1',
        payment_intent_id: 'pi_1',
        date: '2026-01-15T11:59:00.000Z',
        donation_percentage: 90,
        organization_share: 2_250,
        ad_budget_share: 250,
      }),
    ]);
    // Both events kept as received, each once, both done.
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toEqual([]);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      donation: { payment_intent_id: 'pi_1' },
      campaign: { campaignUUID: 'c-1', name: 'Winter meals', ownerId: 'owner-1', organizationId: 'org-1' },
      donorEmail: 'dana@example.org',
    });
    expect(notified).toEqual([
      expect.objectContaining({
        notification_type: 'donation',
        notification_userTo: 'owner-1',
        notification_message: 'Dana gave $25.00 to Winter meals.',
        notification_campaign_id: 'c-1',
        notification_campaign_amount: 2_500,
      }),
    ]);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toMatchObject({
      to: 'dana@example.org',
      kind: 'receipt',
      subject: 'Your receipt: $25.00 to Harbor Light Food Bank',
    });
    expect(mailed[0]!.text).toContain('https://give.example/campaign/c-1/thank-you?session_id=cs_1');
    expect(failures).toEqual([]);
  });

  it('records the gift and the card fee its donor covered apart, and counts the gift alone', async () => {
    await store.repositories.donations.saveCheckout({
      sessionId: 'cs_1',
      campaignId: 'c-1',
      amount: 2_500,
      coveredFee: 87,
      createdAt: clock.now().toISOString(),
    });
    await service().onPaid(paid({ amountCents: 2_587 }));
    await service().onPaidMany([
      paid({ eventId: 'evt_2', paymentIntentId: 'pi_2', sessionId: 'cs_2', amountCents: 1_000 }),
    ]);
    await followUps();

    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 3_500, donators: 2 });
    expect(await store.repositories.donations.findDonationByPaymentIntent('pi_1')).toMatchObject({
      amount: 2_500,
      covered_fee: 87,
      organization_share: 2_250,
      ad_budget_share: 250,
    });
    expect(await store.repositories.donations.findDonationByPaymentIntent('pi_2')).toMatchObject({
      amount: 1_000,
      covered_fee: 0,
    });
    expect(await store.repositories.donations.findByPaymentIntent('pi_1')).toMatchObject({ amount: 2_587 });
    expect(mailed[0]!.text).toContain('Card fee you covered: $0.87');
    expect(mailed[0]!.text).toContain('Total charged: $25.87');

    // A whole refund of the payment returns both; the campaign loses the gift.
    await service().onRefunded(refunded(2_587));
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 1_000, donators: 1 });
    expect(await store.repositories.donations.findDonationByPaymentIntent('pi_1')).toMatchObject({
      refunded: 2_500,
      covered_fee_refunded: 87,
    });
    expect(failures).toEqual([]);
  });

  it('counts every payment of many at once exactly', async () => {
    const actions = Array.from({ length: 40 }, (_, n) =>
      paid({ eventId: `evt_${n}`, paymentIntentId: `pi_${n}`, sessionId: `cs_${n}`, amountCents: 100 + n }),
    );
    await Promise.all([...actions, ...actions].map((action) => service().onPaid(action)));
    // 40 gifts of 100..139 cents.
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({
      campaignRaised: 40 * 100 + (39 * 40) / 2,
      donators: 40,
    });
  });

  it('splits by the settings when the organization has no percentage of its own, else by 80', async () => {
    await store.repositories.organizations.update('org-1', { donationPercentage: 0 });
    await service().onPaid(paid());
    await store.repositories.settings.save({ donationPercentage: 50 }, clock.now().toISOString());
    await service().onPaid(paid({ eventId: 'evt_2', paymentIntentId: 'pi_2', sessionId: 'cs_2', amountCents: 1_001 }));
    const byPayment = Object.fromEntries(
      (await store.repositories.donations.listDonationsByCampaign('c-1')).map((d) => [d.payment_intent_id, d]),
    );
    expect(byPayment.pi_1).toMatchObject({ donation_percentage: 80, organization_share: 2_000, ad_budget_share: 500 });
    expect(byPayment.pi_2).toMatchObject({ donation_percentage: 50, organization_share: 501, ad_budget_share: 500 });
  });

  it('records a payment for a campaign this store does not hold, counting nothing and telling nobody', async () => {
    await service().onPaid(paid({ campaignId: 'c-elsewhere', payerEmail: null }));
    await followUps();
    expect(await store.repositories.donations.findByPaymentIntent('pi_1')).toMatchObject({ campaignId: 'c-elsewhere' });
    expect(notified).toEqual([]);
    expect(after).toEqual([expect.objectContaining({ campaign: null, donorEmail: null })]);
  });

  it('logs a failed follow-up and carries on: the donation stays recorded', async () => {
    failFollowUps = true;
    await service().onPaid(paid());
    await followUps();
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 2_500 });
    expect(failures.map(({ failure }) => failure.stage).sort()).toEqual(['afterDonation', 'notify', 'receipt']);
    expect(failures.every(({ failure }) => !failure.retried)).toBe(true);
  });
});

describe('when the store fails', () => {
  it('fails the webhook when the event cannot even be kept, so the provider delivers it again', async () => {
    const down = {
      ...store.repositories.donations,
      keepRawEvent: () => Promise.reject(new Error('connection refused')),
    };
    const failing = { ...store, repositories: { ...store.repositories, donations: down } };
    await expect(service(failing).onPaid(paid())).rejects.toThrow('connection refused');
    // The next delivery finds the store up again.
    await service().onPaid(paid());
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 2_500, donators: 1 });
  });

  it('keeps the event, notes the failure and fails the webhook while recording fails; the retry records it once', async () => {
    const outage = vi.fn(() => Promise.reject(new Error('the database went away')));
    const failing: DataStore = { ...store, unitOfWork: { run: outage } };
    await expect(service(failing).onPaid(paid())).rejects.toThrow('the database went away');
    const kept = await store.repositories.donations.listUnprocessedRawEvents(10);
    expect(kept).toEqual([
      expect.objectContaining({ eventId: 'evt_session', error: 'Error: the database went away', processedAt: null }),
    ]);
    expect(failures).toEqual([
      { error: expect.any(Error), failure: expect.objectContaining({ stage: 'record', retried: true }) },
    ]);

    await service().onPaid(paid());
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toEqual([]);
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 2_500, donators: 1 });
  });

  it('marks an event done whose retry finds its payment recorded meanwhile by another of its events', async () => {
    const outage = vi.fn(() => Promise.reject(new Error('Transaction is invalid or closed')));
    const failing: DataStore = { ...store, unitOfWork: { run: outage } };
    await expect(service(failing).onPaid(paid())).rejects.toThrow('Transaction is invalid or closed');
    // The payment's other event records it; then the first event comes again.
    await service().onPaid(paid({ eventId: 'evt_intent' }));
    await service().onPaid(paid());
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toEqual([]);
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 2_500, donators: 1 });
  });

  it('swallows a failure our own rules make (it would fail again): logged, and the event kept with its reason', async () => {
    const refusing: DataStore = {
      ...store,
      unitOfWork: { run: () => Promise.reject(conflict('A donation record with this id already exists.')) },
    };
    await expect(service(refusing).onPaid(paid())).resolves.toBeUndefined();
    expect(failures).toEqual([
      { error: expect.objectContaining({ code: 'conflict' }), failure: expect.objectContaining({ retried: false }) },
    ]);
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toEqual([
      expect.objectContaining({ error: expect.stringContaining('already exists') }),
    ]);
  });
});

describe('refunds', () => {
  it('takes off only what each report newly refunds, once, and the donor when fully refunded', async () => {
    await service().onPaid(paid({ amountCents: 5_000 }));
    const campaign = () => store.repositories.campaigns.findById('c-1');
    await service().onRefunded(refunded(1_000));
    await service().onRefunded(refunded(1_000));
    expect(await campaign()).toMatchObject({ campaignRaised: 4_000, donators: 1 });
    await service().onRefunded(refunded(3_000));
    // An older report delivered late changes nothing.
    await service().onRefunded(refunded(1_000, 'evt_refund_late'));
    expect(await campaign()).toMatchObject({ campaignRaised: 2_000, donators: 1 });
    await service().onRefunded(refunded(5_000));
    await service().onRefunded(refunded(5_000));
    expect(await campaign()).toMatchObject({ campaignRaised: 0, donators: 0 });
    expect(await store.repositories.donations.findDonationByPaymentIntent('pi_1')).toMatchObject({
      refunded: 5_000,
      organization_share: 0,
      ad_budget_share: 0,
    });
  });

  it('applies a refund that arrives before its payment when the payment is recorded', async () => {
    await service().onRefunded(refunded(1_000));
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toEqual([]);
    await service().onPaid(paid());
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 1_500, donators: 1 });
    // A gift refunded in full before it is recorded counts nothing at all.
    await service().onRefunded({ ...refunded(700, 'evt_refund_early'), paymentIntentId: 'pi_2' });
    await service().onPaid(paid({ eventId: 'evt_2', paymentIntentId: 'pi_2', sessionId: 'cs_2', amountCents: 700 }));
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 1_500, donators: 1 });
    expect(await store.repositories.donations.findDonationByPaymentIntent('pi_2')).toMatchObject({ refunded: 700 });
  });
});

describe('booking payments in batches', () => {
  const ingestOf = (recording = service(), recordBatch = recording.onPaidMany) => {
    const batches: number[] = [];
    const batchFailures: unknown[] = [];
    const ingest = donationIngest({
      recordBatch: async (actions) => {
        batches.push(actions.length);
        await recordBatch(actions);
      },
      recordOne: (action) => recording.onPaid(action),
      maxBatch: 25,
      onBatchFailure: (error) => batchFailures.push(error),
    });
    return { ingest, batches, batchFailures };
  };

  it('books many webhooks at once in few batches, each payment once, the totals exact, the follow-ups each', async () => {
    await store.repositories.donations.saveCheckout({
      sessionId: 'cs_3',
      campaignId: 'c-1',
      amount: 103,
      donorName: 'Dana',
      message: null,
      promoterId: 'promoter-1',
      donorId: 'donor-1',
      createdAt: clock.now().toISOString(),
    });
    await store.repositories.campaigns.create({
      campaignUUID: 'c-2',
      userId: 'owner-2',
      organizationId: 'org-1',
      campaignName: 'Spring meals',
      createdAt: '2026-01-01T00:00:00.000Z',
      isPaid: true,
    });
    // A refund reported before its payment, and a payment refunded in full before it is recorded.
    await service().onRefunded({ ...refunded(50, 'evt_refund_5'), paymentIntentId: 'pi_5' });
    await service().onRefunded({ ...refunded(106, 'evt_refund_6'), paymentIntentId: 'pi_6' });
    const actions = Array.from({ length: 40 }, (_, n) =>
      paid({
        eventId: `evt_${n}`,
        paymentIntentId: `pi_${n}`,
        sessionId: `cs_${n}`,
        campaignId: n % 2 === 0 ? 'c-1' : 'c-2',
        amountCents: 100 + n,
      }),
    );
    // Every event twice, and each tenth payment announced by a second event of its own.
    const extra = actions
      .filter((_, n) => n % 10 === 3)
      .map((action) => ({ ...action, eventId: `${action.eventId}_pi` }));
    const { ingest, batches, batchFailures } = ingestOf();
    await Promise.all([...actions, ...extra, ...actions].map((action) => ingest.paid(action)));
    await ingest.settled();
    await followUps();

    expect(batchFailures).toEqual([]);
    expect(batches.length).toBeLessThanOrEqual(4);
    const raised = (from: number) =>
      actions.filter((_, n) => n % 2 === from).reduce((sum, action) => sum + action.amountCents, 0);
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({
      campaignRaised: raised(0) - 106,
      donators: 19,
    });
    expect(await store.repositories.campaigns.findById('c-2')).toMatchObject({
      campaignRaised: raised(1) - 50,
      donators: 20,
    });
    expect(await store.repositories.donations.listUnprocessedRawEvents(100)).toEqual([]);
    expect(await store.repositories.donations.findDonationByPaymentIntent('pi_3')).toMatchObject({
      donor_name: 'Dana',
      donor_id: 'donor-1',
      user_id: 'promoter-1',
      donation_percentage: 90,
    });
    expect(await store.repositories.donations.findDonationByPaymentIntent('pi_5')).toMatchObject({ refunded: 50 });
    const recorded = (await store.outbox.after(0, 1_000)).filter((event) => event.type === 'donation.recorded');
    expect(recorded).toHaveLength(40);
    expect(after).toHaveLength(40);
    expect(mailed).toHaveLength(40);
    // The owner is told of each gift, the one refunded in full before it was recorded too (as for one payment).
    expect(notified).toHaveLength(40);
    expect(failures).toEqual([]);
  });

  it('takes a failed batch one payment at a time: each webhook fails or succeeds on its own', async () => {
    const recording = service();
    const { ingest, batchFailures } = ingestOf(recording, () => Promise.reject(new Error('deadlock detected')));
    const outage = vi.fn(() => Promise.reject(new Error('the database went away')));
    const broken = service({ ...store, unitOfWork: { run: outage } });
    const mixed = donationIngest({
      recordBatch: () => Promise.reject(new Error('deadlock detected')),
      recordOne: (action) => (action.paymentIntentId === 'pi_bad' ? broken.onPaid(action) : recording.onPaid(action)),
      maxBatch: 10,
      onBatchFailure: (error) => batchFailures.push(error),
    });
    const results = await Promise.allSettled([
      ingest.paid(paid()),
      mixed.paid(paid({ eventId: 'evt_2', paymentIntentId: 'pi_2', sessionId: 'cs_2', amountCents: 500 })),
      mixed.paid(paid({ eventId: 'evt_bad', paymentIntentId: 'pi_bad', sessionId: 'cs_bad', amountCents: 900 })),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(batchFailures).toHaveLength(2);
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 3_000, donators: 2 });
    // The failed one stays kept with its reason, for its next delivery.
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toEqual([
      expect.objectContaining({ eventId: 'evt_bad', error: 'Error: the database went away' }),
    ]);
  });

  it('keeps nothing of a batch whose transaction fails, then books it again whole', async () => {
    const recording = service();
    let failOnce = true;
    const flaky: DataStore = {
      ...store,
      unitOfWork: {
        run: (work) =>
          store.unitOfWork.run(async (repositories) => {
            const result = await work(repositories);
            if (failOnce) {
              failOnce = false;
              throw new Error('could not serialize access');
            }
            return result;
          }),
      },
    };
    const actions = [1, 2, 3].map((n) =>
      paid({ eventId: `evt_${n}`, paymentIntentId: `pi_${n}`, amountCents: n * 100 }),
    );
    await expect(service(flaky).onPaidMany(actions)).rejects.toThrow('could not serialize access');
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 0 });
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toHaveLength(3);
    await recording.onPaidMany(actions);
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 600, donators: 3 });
    expect(await store.repositories.donations.listUnprocessedRawEvents(10)).toEqual([]);
  });

  it('logs each new donation of a batch whose follow-ups fail, and keeps them all recorded', async () => {
    failFollowUps = true;
    const actions = [1, 2].map((n) => paid({ eventId: `evt_${n}`, paymentIntentId: `pi_${n}`, amountCents: n * 100 }));
    await service().onPaidMany(actions);
    await followUps();
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 300, donators: 2 });
    expect(failures.map(({ failure }) => `${failure.stage} ${failure.paymentIntentId}`).sort()).toEqual([
      'afterDonation pi_1',
      'afterDonation pi_2',
      'notify pi_1',
      'notify pi_2',
      'receipt pi_1',
      'receipt pi_2',
    ]);
  });

  it('books at most `concurrency` batches at once, the ones waiting meanwhile gathered in the next', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const ingest = donationIngest({
      recordBatch: async (actions) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        sizes.push(actions.length);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
      },
      recordOne: () => Promise.reject(new Error('not expected')),
      maxBatch: 10,
      concurrency: 2,
      gatherMs: 1,
      onBatchFailure: (error) => {
        throw error;
      },
    });
    const first = ingest.paid(paid());
    await new Promise((resolve) => setTimeout(resolve, 2));
    // While the first batch is booked, 25 more come: a batch beside it, then the rest, 10 at most each.
    const more = Array.from({ length: 25 }, (_, n) =>
      ingest.paid(paid({ eventId: `evt_${n}`, paymentIntentId: `pi_${n}` })),
    );
    await Promise.all([first, ...more]);
    await ingest.settled();
    expect(most).toBe(2);
    expect(sizes[0]).toBe(1);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(26);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
  });

  it('is settled once nothing waits or is being booked', async () => {
    const { ingest } = ingestOf();
    const booked = ingest.paid(paid());
    await ingest.settled();
    expect(await store.repositories.campaigns.findById('c-1')).toMatchObject({ campaignRaised: 2_500, donators: 1 });
    await booked;
  });
});
