import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TESTING_LIMITS } from '@causeway/core/donations/card-testing.guard';
import { callApi, solveBotCheck } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';
import { TYPES } from './types';

const signIn = async (app: TestApp, email: string, password: string) =>
  callApi(app, 'POST', '/api/auth/sign-in', { body: { email, password, botCheck: await solveBotCheck(app) } });

async function liveCampaign(app: TestApp, campaignUUID: string) {
  const repositories = app.server.container.get(TYPES.Repositories);
  const harbor = (await repositories.organizations.list())[0]!;
  const owner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
  await repositories.campaigns.create({
    campaignUUID,
    userId: owner.uid,
    organizationId: harbor.organizationId,
    campaignName: 'Shared limits',
    createdAt: new Date().toISOString(),
    isPaid: true,
  });
  return campaignUUID;
}

describe('limits kept in the database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { SIGN_IN_MAX_FAILURES: '3' } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('still count failed sign-ins and checkouts after a restart', async () => {
    const campaignId = await liveCampaign(app, 'limits-restart');
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await signIn(app, 'promoter@demo.local', 'wrong-password')).status).toBe(401);
    for (let gift = 0; gift < CARD_TESTING_LIMITS.perClientCampaign.max; gift++)
      expect(
        (await callApi(app, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, { body: { amount: 500 } }))
          .status,
      ).toBe(201);
    await app.restart();
    expect((await signIn(app, 'promoter@demo.local', app.demoPassword)).status).toBe(429);
    const limited = await callApi(app, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, {
      body: { amount: 500 },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

/* Several instances share one Postgres server or Firestore project; embedded PGlite is one process. */
describe.runIf(testStoreName() !== 'pglite')(
  `limits across two instances on one ${testStoreName() === 'firestore' ? 'Firestore project' : 'Postgres database'} (RUNS ONLY WHERE INSTANCES SHARE A STORE)`,
  () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await startTestApp({ env: { SIGN_IN_MAX_FAILURES: '3' } });
      second = await startTestApp({ env: { SIGN_IN_MAX_FAILURES: '3' }, sharingDatabaseOf: first });
    }, 60_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('count failed sign-ins made on either instance together', async () => {
      const email = 'campaigner@demo.local';
      expect((await signIn(first, email, 'wrong-password')).status).toBe(401);
      expect((await signIn(second, email, 'wrong-password')).status).toBe(401);
      expect((await signIn(first, email, 'wrong-password')).status).toBe(401);
      expect((await signIn(second, email, 'wrong-password')).status).toBe(429);
      expect((await signIn(first, email, first.demoPassword)).status).toBe(429);
    });

    it('count checkouts opened on either instance together', async () => {
      const campaignId = await liveCampaign(first, 'limits-two-instances');
      const statuses: number[] = [];
      for (let gift = 0; gift <= CARD_TESTING_LIMITS.perClientCampaign.max; gift++) {
        const instance = gift % 2 === 0 ? first : second;
        statuses.push(
          (
            await callApi(instance, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, {
              body: { amount: 500 },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([...Array(CARD_TESTING_LIMITS.perClientCampaign.max).fill(201), 429]);
    });
  },
);
