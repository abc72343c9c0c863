import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

let app: TestApp;
let superCookie: string;
let campaignerCookie: string;

beforeAll(async () => {
  app = await startTestApp();
  superCookie = await signInAs(app, 'super@demo.local');
  campaignerCookie = await signInAs(app, 'campaigner@demo.local');
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('ids, queries and bodies no store can keep', () => {
  it.each([
    ['GET', '/api/users/%00'],
    ['GET', '/api/pre-campaigns/%00'],
    ['GET', '/api/campaigns/%00/page'],
    ['DELETE', '/api/organizations/%00'],
    ['GET', '/api/payments/ab%00cd'],
  ])('%s %s answers 400 naming the path parameter', async (method, path) => {
    const response = await callApi(app, method, path, { cookie: superCookie });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_input');
    expect(Object.keys(response.body.error.fields)).toEqual([path.includes('payments') ? 'sessionId' : 'id']);
    expect(Object.values(response.body.error.fields)).toEqual(['Must not contain a NUL character.']);
  });

  it('answers a path that is not UTF-8 with a 400 naming the path', async () => {
    const response = await callApi(app, 'GET', '/api/users/%FF', { cookie: superCookie });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ path: 'Not valid percent-encoded UTF-8.' });
  });

  it('answers a NUL in a query with a 400 naming the query field', async () => {
    const response = await callApi(app, 'GET', '/api/users?organizationId=a%00b', { cookie: superCookie });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ organizationId: 'Must not contain a NUL character.' });
  });

  it('keeps a body string with a NUL or a lone surrogate from the database, naming the field', async () => {
    const nul = await callApi(app, 'POST', '/api/pre-campaigns', {
      cookie: campaignerCookie,
      body: { campaignName: 'Winter\u0000meals', campaignTitle: 'A title here' },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.error.fields).toEqual({ campaignName: 'Must not contain a NUL character.' });
    const surrogate = await fetch(`${app.url}/api/pre-campaigns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: campaignerCookie },
      body: '{"campaignName":"Winter meals","campaignTitle":"A \\ud800 title"}',
    });
    expect(surrogate.status).toBe(400);
    expect((await surrogate.json()).error.fields).toEqual({
      campaignTitle: 'Must be valid Unicode text (no lone surrogate).',
    });
    const drafts = await callApi(app, 'GET', '/api/pre-campaigns?list=drafts', { cookie: campaignerCookie });
    expect(drafts.status).toBe(200);
    expect(JSON.stringify(drafts.body)).not.toContain('Winter');
  });

  it('still keeps right-to-left text and emoji', async () => {
    const response = await callApi(app, 'POST', '/api/pre-campaigns', {
      cookie: campaignerCookie,
      body: { campaignName: 'وجبات الشتاء 🍲', campaignTitle: 'ארוחות חורף' },
    });
    expect(response.status).toBe(201);
    const draft = await callApi(app, 'GET', `/api/pre-campaigns/${response.body.preCampaign.id}`, {
      cookie: campaignerCookie,
    });
    expect(draft.status).toBe(200);
    expect(JSON.stringify(draft.body)).toContain('وجبات الشتاء 🍲');
  });
});
