import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { eventually } from '@causeway/tests/support/eventually';
import { createLiveCampaign } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';

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

describe('coming back to the organization’s site after giving on its donate form', () => {
  /** A page of a listed site, with what a page address may hold that HTML may not. */
  const GIVE_PAGE = 'http://127.0.0.2:4000/give?from=winter&note="><script>alert(1)</script>';
  /** The same page as browsers write it: each of those characters percent-encoded. */
  const GIVE_PAGE_WRITTEN = 'http://127.0.0.2:4000/give?from=winter&note=%22%3E%3Cscript%3Ealert(1)%3C/script%3E';
  let campaigns = 0;

  /** A campaign of its own for each checkout, so that no checkout counts against another's limit. */
  const freshCampaign = async () => {
    const campaignId = `framed-return-${++campaigns}`;
    await createLiveCampaign(app, campaignId);
    return campaignId;
  };
  const openCheckout = (campaignId: string, returnUrl?: unknown) =>
    callApi(app, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, {
      // As the form sends it: the place, for the reports, and the page to return to.
      body: { amount: 25_00, givenOn: 'donate_form', ...(returnUrl === undefined ? {} : { returnUrl }) },
    });
  const sessionOf = (sessionId: string) =>
    app.server.container
      .get(STRIPE_SANDBOX)
      .exportState()
      .sessions.find((session) => session.id === sessionId)!;
  const returnUrlOf = (html: string) => /data-return-url="([^"]*)"/.exec(html)?.[1] ?? null;
  const receipt = (sessionId: string, returnUrl: string) =>
    callApi(app, 'GET', `/api/payments/${sessionId}?return=${encodeURIComponent(returnUrl)}`);

  beforeAll(async () => {
    expect((await setOrigins(harborId, LISTED)).status).toBe(200);
  });

  it('takes the page the Donate button names, else the Referer, on a listed site only, escaped', async () => {
    const form = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${app.url}/campaign/framed-meals/donate-form${query}`, { headers }).then((response) => response.text());
    const named = await form(`?return=${encodeURIComponent(`${GIVE_PAGE}#donate`)}`);
    expect(returnUrlOf(named)).toBe(GIVE_PAGE_WRITTEN.replaceAll('&', '&amp;'));
    expect(named).not.toContain('<script>alert(1)');
    // A plain frame: the page its browser says it is in.
    expect(returnUrlOf(await form('', { referer: 'https://www.harborlight.org/' }))).toBe(
      'https://www.harborlight.org/',
    );
    expect(
      returnUrlOf(await form('?return=https%3A%2F%2Fevil.example%2F', { referer: 'https://www.harborlight.org/a' })),
    ).toBe('https://www.harborlight.org/a');
    for (const ignored of [
      'https://evil.example/give',
      'https://www.harborlight.org.evil.example/give',
      'ftp://www.harborlight.org/give',
      'javascript:alert(1)',
      'https://someone@www.harborlight.org/give',
      `https://www.harborlight.org/${'a'.repeat(2_000)}`,
    ]) {
      expect(returnUrlOf(await form(`?return=${encodeURIComponent(ignored)}`, { referer: ignored })), ignored).toBe(
        null,
      );
    }
    expect(returnUrlOf(await form(''))).toBe(null);
  });

  it('sends the donor back to a listed page: the receipt links to it, canceling returns to it', async () => {
    const campaignId = await freshCampaign();
    const opened = await openCheckout(campaignId, `${GIVE_PAGE}#donate`);
    expect(opened.status).toBe(201);
    const session = sessionOf(opened.body.sessionId);
    expect(session.cancel_url).toBe(GIVE_PAGE_WRITTEN);
    const successUrl = new URL(session.success_url!.replace('{CHECKOUT_SESSION_ID}', 'cs_placeholder'));
    expect(successUrl.pathname).toBe(`/campaign/${campaignId}/thank-you`);
    expect(successUrl.searchParams.get('session_id')).toBe('cs_placeholder');
    expect(successUrl.searchParams.get('return')).toBe(GIVE_PAGE_WRITTEN);

    // Paid on the card page: the receipt page's address carries the page, and the receipt links back to it.
    const paid = await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    const thanks = new URL(paid.headers.get('location')!);
    expect(thanks.searchParams.get('session_id')).toBe(opened.body.sessionId);
    const back = thanks.searchParams.get('return')!;
    expect(back).toBe(GIVE_PAGE_WRITTEN);
    const read = await receipt(opened.body.sessionId, back);
    expect(read.status).toBe(200);
    expect(read.body.returnLink).toEqual({ url: GIVE_PAGE_WRITTEN, host: '127.0.0.2:4000' });
    // Nothing a page could run: quotes and angle brackets stay percent-encoded.
    expect(read.body.returnLink.url).not.toMatch(/[<>"']/);

    // Another address put in the receipt's place is no link; nor is the page once its site is no longer listed.
    expect((await receipt(opened.body.sessionId, 'https://evil.example/')).body.returnLink).toBeUndefined();
    expect((await receipt(opened.body.sessionId, 'javascript:alert(1)')).body.returnLink).toBeUndefined();
    await setOrigins(harborId, ['https://www.harborlight.org']);
    try {
      const dropped = await receipt(opened.body.sessionId, back);
      expect(dropped.status).toBe(200);
      expect(dropped.body.returnLink).toBeUndefined();
      expect(dropped.body.payment.amount).toBe(25_00);
    } finally {
      await setOrigins(harborId, LISTED);
    }
    // Without one the receipt is as it was.
    expect((await callApi(app, 'GET', `/api/payments/${opened.body.sessionId}`)).body.returnLink).toBeUndefined();

    // The campaign's report counts the gift among those made on the donate form on the organization's site.
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
    const report = await eventually(
      () => callApi(app, 'GET', `/api/reporting/campaigns/${campaignId}`, { cookie: superCookie }),
      (answer) => answer.status === 200 && answer.body.campaign.gifts === 1,
      'the campaign’s report',
    );
    expect(report.body.places).toEqual({
      campaignPage: { gifts: 0, raisedCents: 0 },
      fundraiserPages: { gifts: 0, raisedCents: 0 },
      donateForm: { gifts: 1, raisedCents: 25_00 },
    });
  });

  it.each([
    { case: 'a site the organization does not list', returnUrl: 'https://evil.example/give' },
    { case: 'a look-alike of a listed site', returnUrl: 'https://www.harborlight.org.evil.example/' },
    { case: 'another scheme', returnUrl: 'ftp://www.harborlight.org/give' },
    { case: 'a script', returnUrl: 'javascript:alert(1)//https://www.harborlight.org' },
    { case: 'a user in the address', returnUrl: 'https://someone@www.harborlight.org/' },
    { case: 'something that is not an address', returnUrl: 'harborlight' },
    { case: 'nothing', returnUrl: '' },
  ])('ignores $case: the gift opens as from the campaign page', async ({ returnUrl }) => {
    const campaignId = await freshCampaign();
    const opened = await openCheckout(campaignId, returnUrl);
    expect(opened.status).toBe(201);
    const session = sessionOf(opened.body.sessionId);
    expect(session.success_url).toBe(`${app.url}/campaign/${campaignId}/thank-you?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${app.url}/campaign/${campaignId}/details/`);
  });

  it.each([
    { case: 'an address too long', returnUrl: `https://www.harborlight.org/${'a'.repeat(2_000)}` },
    { case: 'not a string', returnUrl: { href: 'https://www.harborlight.org/' } },
  ])('refuses $case with a 400 naming returnUrl', async ({ returnUrl }) => {
    const refused = await openCheckout('framed-meals', returnUrl);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toContain('returnUrl');
  });
});
