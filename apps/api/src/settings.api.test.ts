import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
let people: Record<
  'super' | 'platformAdmin' | 'organizationAdmin' | 'campaigner' | 'promoter',
  { uid: string; cookie: string }
>;

const settingsAudit = () => app.server.container.get(TYPES.Repositories).auditLogs.list({ document: 'settings' });
const savedSettings = () => app.server.container.get(TYPES.Repositories).settings.get();

// Without demo data, so the platform starts with no settings saved, as a fresh installation does.
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: 'false' } });
  const organizations = app.server.container.get(TYPES.Repositories).organizations;
  const { organizationId } = await organizations.create({
    organizationId: 'org-settings-test',
    name: 'Harbor Light Food Bank',
    created_date: new Date().toISOString(),
  });
  people = {
    super: await addPerson(app, { email: 'super@example.org', superUser: true }),
    platformAdmin: await addPerson(app, { email: 'admin@example.org', admin: true }),
    organizationAdmin: await addPerson(app, { email: 'org.admin@example.org', admin: true, organizationId }),
    campaigner: await addPerson(app, { email: 'campaigner@example.org', organizationId }),
    promoter: await addPerson(app, { email: 'promoter@example.org', accountType: 'promoter' }),
  };
});
afterAll(async () => {
  await app?.close();
});

describe('settings over HTTP', () => {
  it.each([
    ['GET', undefined],
    ['PATCH', { donationPercentage: 50 }],
  ])('answers 401 to %s /api/settings when signed out', async (method, body) => {
    const response = await callApi(app, method, '/api/settings', { body });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe('Please sign in to continue.');
  });

  it('answers the defaults with saved: false before any settings exist, to any signed-in user', async () => {
    expect(await savedSettings()).toBeNull();
    for (const who of ['promoter', 'campaigner', 'super'] as const) {
      const response = await callApi(app, 'GET', '/api/settings', { cookie: people[who].cookie });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        settings: {
          donationPercentage: 80,
          termsAndConditions: null,
          termsAndConditionsLink: null,
          paymentDisclaimer: null,
          cardFeePercent: 2.2,
          cardFeeFixed: 30,
          createdAt: null,
          updatedAt: null,
        },
        saved: false,
      });
    }
  });

  it.each([
    ['an organization admin', 'organizationAdmin'],
    ['a campaigner', 'campaigner'],
    ['a promoter', 'promoter'],
  ] as const)('refuses a change by %s (403) and saves nothing', async (_who, who) => {
    const response = await callApi(app, 'PATCH', '/api/settings', {
      cookie: people[who].cookie,
      body: { donationPercentage: 10 },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
    expect(await savedSettings()).toBeNull();
    expect(await settingsAudit()).toEqual([]);
  });

  it.each([
    [{ donationPercentage: 150 }, 'donationPercentage', 'Use 0 to 100.'],
    [{ donationPercentage: -5 }, 'donationPercentage', 'Use 0 to 100.'],
    [{ donationPercentage: '70' }, 'donationPercentage', undefined],
    [{ termsAndConditionsLink: 'terms.html' }, 'termsAndConditionsLink', undefined],
    [{ paymentDisclaimer: 'x'.repeat(5001) }, 'paymentDisclaimer', undefined],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const response = await callApi(app, 'PATCH', '/api/settings', { cookie: people.super.cookie, body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual([field]);
    if (message) expect(response.body.error.fields[field]).toBe(message);
    expect(await savedSettings()).toBeNull();
  });

  it('lets platform staff save them, audits each change, and everyone then reads the saved values', async () => {
    const first = await callApi(app, 'PATCH', '/api/settings', {
      cookie: people.platformAdmin.cookie,
      body: { donationPercentage: 75, termsAndConditionsLink: 'https://causeway.example/terms' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      saved: true,
      settings: {
        donationPercentage: 75,
        termsAndConditionsLink: 'https://causeway.example/terms',
        termsAndConditions: null,
        paymentDisclaimer: null,
      },
    });
    expect(first.body.settings.createdAt).toEqual(first.body.settings.updatedAt);

    const second = await callApi(app, 'PATCH', '/api/settings', {
      cookie: people.super.cookie,
      body: { paymentDisclaimer: 'Card payments are processed securely.', termsAndConditionsLink: null },
    });
    expect(second.status).toBe(200);
    expect(second.body.settings).toMatchObject({
      donationPercentage: 75,
      termsAndConditionsLink: null,
      paymentDisclaimer: 'Card payments are processed securely.',
      createdAt: first.body.settings.createdAt,
    });

    const read = await callApi(app, 'GET', '/api/settings', { cookie: people.promoter.cookie });
    expect(read.body).toEqual(second.body);

    const entries = await settingsAudit();
    expect(entries.map((entry) => [entry.created_by, entry.event, entry.action])).toEqual([
      [people.super.uid, 'update', 'Updated the settings (changed termsAndConditionsLink, paymentDisclaimer)'],
      [
        people.platformAdmin.uid,
        'update',
        'Saved the settings for the first time (changed donationPercentage, termsAndConditionsLink)',
      ],
    ]);
  });
});
