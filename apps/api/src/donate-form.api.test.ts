import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { createLiveCampaign } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

let app: TestApp;
let superCookie: string;
let harborId: string;

const LISTED = ['https://www.harborlight.org', 'http://127.0.0.2:4000'];

const setOrigins = (organizationId: string, embedOrigins: unknown) =>
  callApi(app, 'PATCH', `/api/organizations/${organizationId}`, { cookie: superCookie, body: { embedOrigins } });

/** The sources of a response's `frame-ancestors`, or null when its policy has none. */
const frameAncestorsOf = (response: Response) =>
  /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? null;

beforeAll(async () => {
  app = await startTestApp();
  superCookie = await signInAs(app, 'super@demo.local');
  const { organizationId } = await createLiveCampaign(app, 'framed-meals');
  harborId = organizationId;
  await createLiveCampaign(app, 'framed-once', { allowMonthlyGifts: false, campaignTitle: 'Once only' });
});
afterAll(async () => {
  await app?.close();
});

describe('the sites an organization lets show its donate form', () => {
  it('keeps exact origins as browsers write them, without duplicates', async () => {
    const saved = await setOrigins(harborId, ['https://WWW.harborlight.org/', 'http://127.0.0.2:4000', LISTED[0]]);
    expect(saved.status).toBe(200);
    expect(saved.body.organization.embedOrigins).toEqual(LISTED);
    const read = await callApi(app, 'GET', `/api/organizations/${harborId}`, { cookie: superCookie });
    expect(read.body.organization.embedOrigins).toEqual(LISTED);
  });

  it.each([
    { case: 'a page rather than a site', origins: ['https://www.harborlight.org/donate'] },
    { case: 'a wildcard', origins: ['https://*.harborlight.org'] },
    { case: 'plain http to another computer', origins: ['http://harborlight.org'] },
    { case: 'a policy keyword', origins: ["'unsafe-inline'"] },
    { case: 'something that is not an address', origins: ['harborlight'] },
    { case: 'a second directive smuggled in', origins: ['https://a.example; script-src *'] },
    { case: 'more than ten sites', origins: Array.from({ length: 11 }, (_, index) => `https://s${index}.example`) },
    { case: 'an overlong entry', origins: [`https://${'a'.repeat(300)}.example`] },
    { case: 'not a list', origins: 'https://www.harborlight.org' },
  ])('refuses $case, naming the field, and keeps what was there', async ({ origins }) => {
    const refused = await setOrigins(harborId, origins);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {}).some((field) => field.startsWith('embedOrigins'))).toBe(true);
    const stored = await callApi(app, 'GET', `/api/organizations/${harborId}`, { cookie: superCookie });
    expect(stored.body.organization.embedOrigins).toEqual(LISTED);
  });
});

describe('the donate form for other sites', () => {
  it('may be framed by the platform and the listed sites only, without X-Frame-Options', async () => {
    const response = await fetch(`${app.url}/campaign/framed-meals/donate-form`);
    expect(response.status).toBe(200);
    expect(frameAncestorsOf(response)).toBe(`'self' ${LISTED.join(' ')}`);
    expect(response.headers.get('x-frame-options')).toBeNull();
    // The rest of the platform's policy holds: only its own scripts run in the form.
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain('Warm meals for 500 families');
    expect(html).toContain('value="monthly"');
    expect(html).toContain('name="donorName"');
    expect(html).toContain('name="message"');
    expect(html).toMatch(/<button type="submit"[^>]*>Donate<\/button>/);
    expect(html).toContain('<script src="/embed/donate-form.js" defer></script>');
  });

  it('offers monthly giving only where the campaign takes it', async () => {
    const html = await (await fetch(`${app.url}/campaign/framed-once/donate-form`)).text();
    expect(html).toContain('Once only');
    expect(html).not.toContain('value="monthly"');
  });

  it('is refused to every site once the organization lists none', async () => {
    await setOrigins(harborId, []);
    const response = await fetch(`${app.url}/campaign/framed-meals/donate-form`);
    expect(frameAncestorsOf(response)).toBe("'self'");
    await setOrigins(harborId, LISTED);
    expect(frameAncestorsOf(await fetch(`${app.url}/campaign/framed-meals/donate-form`))).toBe(
      `'self' ${LISTED.join(' ')}`,
    );
  });

  it("lists another organization's sites on its own campaigns only", async () => {
    const orchard = await callApi(app, 'POST', '/api/organizations', {
      cookie: superCookie,
      body: { name: 'Orchard Youth Trust', embedOrigins: ['https://orchard.example'] },
    });
    expect(orchard.status).toBe(201);
    const repositories = app.server.container.get((await import('./types')).TYPES.Repositories);
    await createLiveCampaign(app, 'orchard-camp');
    await repositories.campaigns.update('orchard-camp', { organizationId: orchard.body.organization.organizationId });
    expect(frameAncestorsOf(await fetch(`${app.url}/campaign/orchard-camp/donate-form`))).toBe(
      "'self' https://orchard.example",
    );
    expect(frameAncestorsOf(await fetch(`${app.url}/campaign/framed-meals/donate-form`))).not.toContain('orchard');
  });

  it('answers 404 for an unknown campaign, still refusing other sites', async () => {
    const response = await fetch(`${app.url}/campaign/no-such-campaign/donate-form`);
    expect(response.status).toBe(404);
    expect(frameAncestorsOf(response)).toBe("'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it.each(['/campaign/framed-meals/details/', '/', '/campaigner', '/api/campaigns/framed-meals/page', '/s/nothing'])(
    'leaves %s refusing every other site',
    async (path) => {
      const response = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } });
      expect(frameAncestorsOf(response)).toBe("'self'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    },
  );

  it('serves the Donate button script to other sites and the form script to itself', async () => {
    const button = await fetch(`${app.url}/embed/donate-button.js`);
    expect(button.status).toBe(200);
    expect(button.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(button.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await button.text()).toContain('causeway:donate-form-height');
    const form = await fetch(`${app.url}/embed/donate-form.js`);
    expect(form.status).toBe(200);
    expect(form.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
