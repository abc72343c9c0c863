import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTING_PROJECTOR_RUNNER } from '@causeway/api/modules/reporting-mirror.module';
import { TYPES } from '@causeway/api/types';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';
import { expectStormCounted, expectStormSettled } from './storm-expectations';
import { deliveryOrder, donationStorm, sendStorm, type StormPlan } from './webhook-storm';

/**
 * 1,000 donations to one campaign reach the webhook from 50 senders at once, signed as Stripe signs
 * them: every event twice, a payment's events and refunds in any order. The campaign's raised amount
 * and donor count must end exactly right, each payment recorded once. On the store TEST_STORE names;
 * unset, on PGlite, and on the Postgres server at TEST_DATABASE_URL when it is set.
 */
const WEBHOOK_SECRET = 'whsec_donationStormTestSecret';
const CAMPAIGN = 'c-storm';

const PAYMENTS = 1_000;
const SENDERS = 50;
// The Firestore emulator takes minutes over the storm (468 s on a busy 2-core machine, where PGlite took
// 107 s and the Postgres server 54 s): every payment is a transaction of its own there.
const STORM_TIMEOUT_MS = process.env.TEST_STORE === 'firestore' ? 600_000 : 120_000;

const stores: { name: string; env: Record<string, string> }[] = process.env.TEST_STORE
  ? [
      {
        name: testStoreName(),
        env: {},
      },
    ]
  : [
      // Embedded even when a server is given for the other run.
      { name: 'PGlite', env: { DATABASE_URL: '' } },
      ...(process.env.TEST_DATABASE_URL ? [{ name: 'the Postgres server', env: {} }] : []),
    ];

describe.each(stores)('a storm of donation webhooks on $name', ({ env }) => {
  let app: TestApp;
  let plan: StormPlan;

  beforeAll(async () => {
    app = await startTestApp({ env: { ...env, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    const repositories = app.server.container.get(TYPES.Repositories);
    const owner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    await repositories.campaigns.create({
      campaignUUID: CAMPAIGN,
      userId: owner.uid,
      organizationId: owner.organizationId,
      campaignName: 'Storm',
      createdAt: new Date().toISOString(),
      isPaid: true,
      // A count missing from the record counts as none (SPEC §5).
      donators: null,
    });
    plan = donationStorm(CAMPAIGN, PAYMENTS);
    // The reporting projector prunes the events it applied: stopped, it leaves them in the outbox to count.
    await app.server.container.get(REPORTING_PROJECTOR_RUNNER).stop();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it(
    'ends with the exact raised amount and donor count, each payment once',
    async () => {
      const deliveries = deliveryOrder(plan.events);
      const sent = await sendStorm(`${app.url}/api/stripe/webhook`, WEBHOOK_SECRET, deliveries, SENDERS);
      console.info(
        `${sent.deliveries} deliveries from ${SENDERS} senders in ${(sent.ms / 1000).toFixed(1)} s ` +
          `(${Math.round((sent.deliveries * 1000) / sent.ms)}/s), ${sent.retries} answered with an error and sent again`,
      );
      expect(sent.failures).toEqual([]);

      const repositories = app.server.container.get(TYPES.Repositories);
      await expectStormCounted(repositories, CAMPAIGN, plan, PAYMENTS);
      await expectStormSettled(repositories, CAMPAIGN, plan);
      const recorded = (await app.server.container.get(TYPES.DataStore).outbox.after(0, 100_000)).filter(
        (event) => event.type === 'donation.recorded',
      );
      expect(recorded).toHaveLength(PAYMENTS);
    },
    STORM_TIMEOUT_MS,
  );
});
