import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmobeeSandbox, type RunningAmobeeSandbox } from '@causeway/adapters/amobee/amobee.sandbox';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { approvedPaidDraft } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';
import { expectStormCounted, expectStormSettled } from '@causeway/tests/payments/storm-expectations';
import { deliveryOrder, donationStorm, sendStorm } from '@causeway/tests/payments/webhook-storm';
import { TYPES } from './types';

/*
 * Two instances on one store, as production runs them behind a load balancer: Stripe's webhooks reach
 * either, and both run a deployment worker. On the Postgres server and on Firestore (embedded PGlite is
 * one process). Both call one DSP sandbox of their own (AMOBEE_BASE_URL), as both would call the vendor,
 * and keep uploaded files in one place, as instances share a Cloud Storage bucket (a worker deploys
 * files another instance received).
 */
const store = testStoreName();
const shared = store === 'firestore' ? 'Firestore project' : 'Postgres database';
const WEBHOOK_SECRET = 'whsec_twoInstancesTestSecret';
const PAYMENTS = store === 'firestore' ? 40 : 200;

describe.runIf(store !== 'pglite')(
  `work shared by two instances on one ${shared} (RUNS ONLY WHERE INSTANCES SHARE A STORE: PGlite is one process)`,
  () => {
    let dsp: RunningAmobeeSandbox;
    let first: TestApp;
    let second: TestApp;
    const sharedDataDir = mkdtempSync(join(tmpdir(), 'causeway-two-instances-'));

    beforeAll(async () => {
      const credentials = { clientId: 'two-instances', clientSecret: 'two-instances-secret' };
      dsp = await startAmobeeSandbox(credentials);
      const env = {
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        AMOBEE_BASE_URL: dsp.url,
        AMOBEE_CLIENT_ID: credentials.clientId,
        AMOBEE_CLIENT_SECRET: credentials.clientSecret,
        AMOBEE_MANAGER_ACCOUNT_ID: '1001',
        AMOBEE_ACCOUNT_ID: '1000001',
        DELIVERY_SYNC_MINUTES: '0',
        DATA_DIR: sharedDataDir,
      };
      first = await startTestApp({ env });
      second = await startTestApp({ env, sharingDatabaseOf: first });
    }, 120_000);

    afterAll(async () => {
      await second?.close();
      await first?.close();
      await dsp?.close();
      rmSync(sharedDataDir, { recursive: true, force: true });
    }, 60_000);

    it('records each payment once when the webhooks of a storm reach both instances', async () => {
      const repositories = first.server.container.get(TYPES.Repositories);
      const owner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
      const campaignId = 'c-two-instances';
      await repositories.campaigns.create({
        campaignUUID: campaignId,
        userId: owner.uid,
        organizationId: owner.organizationId,
        campaignName: 'Two instances',
        createdAt: new Date().toISOString(),
        isPaid: true,
        donators: null,
      });
      const plan = donationStorm(campaignId, PAYMENTS);
      // Every event twice, shuffled: the copies of one event often reach different instances.
      const urls = [first, second].map((app) => `${app.url}/api/stripe/webhook`);
      const sent = await sendStorm(urls, WEBHOOK_SECRET, deliveryOrder(plan.events), 8);
      expect(sent.failures).toEqual([]);

      for (const app of [first, second]) {
        await expectStormCounted(app.server.container.get(TYPES.Repositories), campaignId, plan, PAYMENTS);
      }
      await expectStormSettled(repositories, campaignId, plan);
    }, 180_000);

    it('runs each queued deployment on one worker only, and makes its ads once', async () => {
      const cookies = {
        campaigner: await signInAs(first, 'campaigner@demo.local'),
        super: await signInAs(first, 'super@demo.local'),
      };
      // The organization's advertiser on the shared platform (the embedded sandbox's is made at start).
      const owner = await first.server.container.get(TYPES.Repositories).users.findByEmail('campaigner@demo.local');
      const organization = await first.server.container
        .get(TYPES.Repositories)
        .organizations.findById(owner!.organizationId!);
      if (!organization?.advertiserId) {
        const made = await callApi(first, 'POST', `/api/organizations/${owner!.organizationId}/advertiser`, {
          cookie: cookies.super,
        });
        expect([200, 201]).toContain(made.status);
      }
      const drafts: string[] = [];
      for (let n = 1; n <= 4; n++) drafts.push(await approvedPaidDraft(first, cookies, `Shared work ${n}`));
      const started = await Promise.all(
        drafts.map(async (id, n) => {
          const app = n % 2 === 0 ? first : second;
          const answer = await callApi(app, 'POST', `/api/pre-campaigns/${id}/deploy`, {
            cookie: await signInAs(app, 'super@demo.local'),
          });
          expect(answer.status).toBe(202);
          return answer.body.deployment.id as string;
        }),
      );
      const deployments = first.server.container.get(TYPES.Repositories).deployments;
      const deadline = Date.now() + 90_000;
      let jobs = await Promise.all(started.map((id) => deployments.findById(id)));
      while (jobs.some((job) => job?.status !== 'succeeded' && job?.status !== 'failed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        jobs = await Promise.all(started.map((id) => deployments.findById(id)));
      }
      expect(jobs.map((job) => [job?.status, job?.lastError ?? null])).toEqual(started.map(() => ['succeeded', null]));
      // Taken up once each (a second worker taking one up would count an attempt).
      expect(jobs.map((job) => job?.attempts)).toEqual(started.map(() => 1));
      const workers = new Set(jobs.map((job) => job?.leaseOwner));
      console.info(`${started.length} deployments on two instances, run by ${workers.size} worker(s)`);

      // One insertion order, line item, creative and ad for each campaign on the shared platform.
      const state = dsp.sandbox.exportState();
      for (const job of jobs) {
        const orders = state.insertionOrders.filter(
          (order) => (order.body as { externalInsertionOrderId?: string }).externalInsertionOrderId === job!.campaignId,
        );
        expect(orders).toHaveLength(1);
        const lineItems = state.lineItems.filter((item) => item.insertionOrderId === orders[0]!.id);
        expect(lineItems).toHaveLength(1);
        expect(state.ads.filter((ad) => ad.lineItemId === lineItems[0]!.id)).toHaveLength(1);
        expect(job!.adFiles.map((file) => file.creativeId)).toHaveLength(1);
      }
    }, 180_000);
  },
);
