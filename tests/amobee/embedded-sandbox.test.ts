import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { ConfigError, loadConfig } from '@causeway/api/config';
import { TYPES } from '@causeway/api/types';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

describe('the embedded DSP sandbox (no AMOBEE_BASE_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves the ad platform port through the axios client, over HTTP, at the port the app really got', async () => {
    const platform = app.server.container.get(TYPES.AdPlatform);
    const advertiser = await platform.createAdvertiser({ name: 'Harbor Light Food Bank' });
    expect(advertiser.id).toMatch(/^\d+$/);
    expect(await platform.listRegions(2)).toHaveLength(51);
    const control = await fetch(`${app.url}/sandbox/amobee/_sandbox`);
    expect(control.status).toBe(200);
    // The demo organization's, made at start, and this one.
    expect((await control.json()).counts.advertisers).toBe(2);
    const requests = (await (await fetch(`${app.url}/sandbox/amobee/_sandbox/requests`)).json()) as { path: string }[];
    expect(requests.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/accounts/v1/api/token', '/campaign/v5/api/accounts/1000001/advertisers']),
    );
  });

  it("answers in the vendor's own shapes, not the app's", async () => {
    const unauthorized = await fetch(`${app.url}/sandbox/amobee/campaign/v5/api/advertisers`);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ errors: [{ statusCode: 401 }] });
    const broken = await fetch(`${app.url}/sandbox/amobee/accounts/v1/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"client_id":',
    });
    expect(broken.status).toBe(400);
    expect(Object.keys(await broken.json())).toEqual(expect.arrayContaining(['timestamp', 'path', 'status', 'error']));
  });
});

describe('ad platform configuration', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587' };

  it('defaults to the embedded sandbox with market 2011, in production only when SANDBOXES=true', () => {
    const config = loadConfig({});
    expect(config.AMOBEE_BASE_URL).toBeUndefined();
    expect(config.AMOBEE_MARKET_ID).toBe(2011);
    expect(loadConfig({ ...production, SANDBOXES: 'true' }).AMOBEE_BASE_URL).toBeUndefined();
    expect(() => loadConfig(production)).toThrow(/AMOBEE_BASE_URL is required when NODE_ENV=production/);
  });

  it('takes the real API with its credentials and manager account', () => {
    const config = loadConfig({
      AMOBEE_BASE_URL: 'https://services.amobee.com',
      AMOBEE_CLIENT_ID: 'id',
      AMOBEE_CLIENT_SECRET: 'secret',
      AMOBEE_MANAGER_ACCOUNT_ID: '1234',
      AMOBEE_ACCOUNT_ID: '',
    });
    expect(config.AMOBEE_MANAGER_ACCOUNT_ID).toBe('1234');
    expect(config.AMOBEE_ACCOUNT_ID).toBeUndefined();
  });

  test.each([
    [{ AMOBEE_BASE_URL: 'https://services.amobee.com' }, 'AMOBEE_CLIENT_ID'],
    [
      { AMOBEE_BASE_URL: 'https://services.amobee.com', AMOBEE_CLIENT_ID: 'id', AMOBEE_CLIENT_SECRET: 's' },
      'AMOBEE_MANAGER_ACCOUNT_ID',
    ],
    [{ AMOBEE_CLIENT_ID: 'id', AMOBEE_CLIENT_SECRET: 'secret' }, 'AMOBEE_BASE_URL'],
    [{ AMOBEE_BASE_URL: 'services.amobee.com' }, 'AMOBEE_BASE_URL'],
    [{ AMOBEE_MARKET_ID: 'two' }, 'AMOBEE_MARKET_ID'],
    [{ AMOBEE_MANAGER_ACCOUNT_ID: 'abc' }, 'AMOBEE_MANAGER_ACCOUNT_ID'],
    [{ AMOBEE_SANDBOX_CTR: '2' }, 'AMOBEE_SANDBOX_CTR'],
    [{ AMOBEE_SANDBOX_CPM: '0' }, 'AMOBEE_SANDBOX_CPM'],
  ])('stops on %j naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.some((problem) => problem.startsWith(`${variable} `))).toBe(true);
  });
});
